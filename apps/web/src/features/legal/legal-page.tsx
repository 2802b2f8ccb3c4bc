import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { defaultLocale } from '@unban/contract/locale-tags';
import { useScreenTitle } from '../../lib/browser/use-document-title';
import type { MessageId } from '../../lib/i18n/catalog';
import { useSiteIdentity } from '../../lib/site-identity/site-identity';
import './legal.css';

/** When the legal texts last changed in substance; update it with the text. */
export const LEGAL_UPDATED = { iso: '2026-11-25', label: '25 November 2026' } as const;

export function LegalPage({ titleId, children }: { titleId: MessageId; children: ReactNode }) {
  useScreenTitle(titleId);
  const intl = useIntl();
  const { brand, legalEntity } = useSiteIdentity();
  const translated = intl.locale !== defaultLocale;
  // English keeps its day-month-year label; a translation says the date its own way.
  const date = translated
    ? intl.formatDate(LEGAL_UPDATED.iso, { dateStyle: 'long', timeZone: 'UTC' })
    : LEGAL_UPDATED.label;
  return (
    <article className="page legal">
      <h1>
        <FormattedMessage id={titleId} />
      </h1>
      <p className="muted">
        <FormattedMessage
          id="legal.updated"
          values={{ date: <time dateTime={LEGAL_UPDATED.iso}>{date}</time> }}
        />
      </p>
      {translated ? (
        <p className="notice legal__governs">
          <FormattedMessage id="legal.governs" />
        </p>
      ) : null}
      {children}
      {legalEntity ? (
        <p className="muted">
          {intl.formatMessage(
            { id: 'legal.operatedBy' },
            { brand, name: legalEntity.name, address: legalEntity.address },
          )}
        </p>
      ) : null}
    </article>
  );
}
