import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { EvidenceItem } from '@unban/contract/evidence';
import type { EvidenceCredentials } from '../../lib/evidence/evidence-api';
import { fetchEvidenceImage } from '../../lib/evidence/evidence-api';
import { LocalTime } from './local-time';
import './evidence.css';

export interface EvidenceGalleryProps {
  items: readonly EvidenceItem[];
  /** The API path of one item's image (the customer's or the back office's). */
  imagePath: (evidenceId: string) => string;
  /** Who is asking; read when each image is fetched, so a token is fresh. */
  credentials: () => Promise<EvidenceCredentials>;
}

type ImageState = { status: 'loading' } | { status: 'shown'; url: string } | { status: 'failed' };

function EvidenceImage({
  item,
  position,
  imagePath,
  credentials,
}: {
  item: EvidenceItem;
  position: number;
  imagePath: EvidenceGalleryProps['imagePath'];
  credentials: EvidenceGalleryProps['credentials'];
}) {
  const intl = useIntl();
  const [state, setState] = useState<ImageState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    void (async () => {
      try {
        const blob = await fetchEvidenceImage(
          imagePath(item.id),
          await credentials(),
          controller.signal,
        );
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setState({ status: 'shown', url });
      } catch {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      }
    })();
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [item.id, imagePath, credentials]);

  const alt = intl.formatMessage({ id: 'evidence.gallery.alt' }, { position });
  return (
    <li className="evidence-gallery__item">
      {state.status === 'shown' ? (
        <a href={state.url} target="_blank" rel="noopener noreferrer">
          <img src={state.url} alt={alt} width={item.width} height={item.height} />
        </a>
      ) : (
        <p className="evidence-gallery__placeholder" role="status">
          <FormattedMessage
            id={state.status === 'loading' ? 'evidence.gallery.loading' : 'evidence.gallery.failed'}
            values={{ position }}
          />
        </p>
      )}
      <p className="muted">
        <FormattedMessage
          id="evidence.gallery.added"
          values={{
            time: <LocalTime value={item.createdAt} />,
            width: item.width,
            height: item.height,
          }}
        />
      </p>
    </li>
  );
}

/** The request's screenshots, each opening full size in a new tab. */
export function EvidenceGallery({ items, imagePath, credentials }: EvidenceGalleryProps) {
  return (
    <ul className="evidence-gallery">
      {items.map((item, index) => (
        <EvidenceImage
          key={item.id}
          item={item}
          position={index + 1}
          imagePath={imagePath}
          credentials={credentials}
        />
      ))}
    </ul>
  );
}
