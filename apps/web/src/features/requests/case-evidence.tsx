import { useCallback, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { IntlShape } from 'react-intl';
import type { FormEvent } from 'react';
import { isFinalCaseState } from '@unban/contract/case-states';
import { evidenceContentPath } from '@unban/contract/evidence';
import type { RequestDetail } from '@unban/contract/requests';
import { EvidenceGallery } from '../../components/ui/evidence-gallery';
import { EvidencePicker } from '../../components/ui/evidence-picker';
import { ApiError } from '../../lib/api/api-client';
import type { EvidenceCredentials } from '../../lib/evidence/evidence-api';
import { evidencePath, fetchEvidenceList, uploadEvidence } from '../../lib/evidence/evidence-api';
import { evidenceRefusalText, isEvidenceRefusal } from '../../lib/evidence/evidence-refusal';
import { useResource } from '../../lib/resource/use-resource';

async function ownerCredentials(): Promise<EvidenceCredentials> {
  const { getIdToken } = await import('../../lib/auth/auth');
  return { idToken: await getIdToken() };
}

function reasonOf(error: unknown, intl: IntlShape): string {
  if (isEvidenceRefusal(error)) return evidenceRefusalText(intl, error);
  if (error instanceof ApiError && error.status === 400) return error.message;
  if (error instanceof ApiError && error.code === 'NETWORK_ERROR') return error.message;
  return intl.formatMessage({ id: 'evidence.failed' });
}

/** The case page's screenshots of the ban: what was sent, and a way to add more. */
export function CaseEvidence({ request }: { request: RequestDetail }) {
  const evidence = useResource({
    key: request.id,
    load: async (signal) =>
      fetchEvidenceList(evidencePath(request.id), await ownerCredentials(), signal),
  });
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const intl = useIntl();
  const imagePath = useCallback(
    (evidenceId: string) => evidenceContentPath(request.id, evidenceId),
    [request.id],
  );

  const items = evidence.data?.items ?? [];
  const remaining = evidence.data?.remaining ?? 0;
  const canAdd =
    evidence.data !== undefined && remaining > 0 && !isFinalCaseState(request.caseState);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (files.length === 0 || sending) return;
    setSending(true);
    setError(null);
    setNotice(null);
    try {
      const list = await uploadEvidence(request.id, files, await ownerCredentials());
      evidence.replace(list);
      setFiles([]);
      setNotice(intl.formatMessage({ id: 'evidence.added' }, { count: files.length }));
    } catch (caught) {
      setError(reasonOf(caught, intl));
    } finally {
      setSending(false);
    }
  };

  return (
    <section aria-labelledby="case-evidence">
      <h2 id="case-evidence">
        <FormattedMessage id="evidence.title" />
      </h2>
      <div role="status">{notice ? <p className="notice">{notice}</p> : null}</div>
      {evidence.data === undefined ? (
        <p>
          <FormattedMessage
            id={evidence.error === undefined ? 'evidence.loading' : 'evidence.loadFailed'}
          />
        </p>
      ) : items.length === 0 ? (
        <p>
          <FormattedMessage id="evidence.none" />
        </p>
      ) : (
        <EvidenceGallery items={items} imagePath={imagePath} credentials={ownerCredentials} />
      )}
      {canAdd ? (
        <form
          onSubmit={(event) => void send(event)}
          aria-label={intl.formatMessage({ id: 'evidence.formLabel' })}
        >
          <EvidencePicker
            id="case-evidence-files"
            label={intl.formatMessage({ id: 'evidence.pickerLabel' })}
            files={files}
            onChange={(next) => {
              setFiles(next);
              setError(null);
            }}
            max={remaining}
            serverError={error}
            disabled={sending}
          />
          <button
            type="submit"
            className="button button--primary"
            disabled={files.length === 0 || sending}
          >
            <FormattedMessage id={sending ? 'evidence.sending' : 'evidence.send'} />
          </button>
        </form>
      ) : null}
    </section>
  );
}
