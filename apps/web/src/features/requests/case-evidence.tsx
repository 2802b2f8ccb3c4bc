import { useCallback, useState } from 'react';
import type { FormEvent } from 'react';
import { isFinalCaseState } from '@unban/contract/case-states';
import { evidenceContentPath } from '@unban/contract/evidence';
import type { RequestDetail } from '@unban/contract/requests';
import { EvidenceGallery } from '../../components/ui/evidence-gallery';
import { EvidencePicker } from '../../components/ui/evidence-picker';
import { ApiError } from '../../lib/api/api-client';
import type { EvidenceCredentials } from '../../lib/evidence/evidence-api';
import { evidencePath, fetchEvidenceList, uploadEvidence } from '../../lib/evidence/evidence-api';
import { useResource } from '../../lib/resource/use-resource';

async function ownerCredentials(): Promise<EvidenceCredentials> {
  const { getIdToken } = await import('../../lib/auth/auth');
  return { idToken: await getIdToken() };
}

function reasonOf(error: unknown): string {
  if (error instanceof ApiError && (error.code.startsWith('EVIDENCE_') || error.status === 400)) {
    return error.message;
  }
  if (error instanceof ApiError && error.code === 'NETWORK_ERROR') return error.message;
  return 'Something went wrong and the screenshots were not added. Please try again.';
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
      setNotice(files.length === 1 ? 'Your screenshot was added.' : 'Your screenshots were added.');
    } catch (caught) {
      setError(reasonOf(caught));
    } finally {
      setSending(false);
    }
  };

  return (
    <section aria-labelledby="case-evidence">
      <h2 id="case-evidence">Screenshots of the ban</h2>
      <div role="status">{notice ? <p className="notice">{notice}</p> : null}</div>
      {evidence.data === undefined ? (
        <p>
          {evidence.error === undefined
            ? 'Loading your screenshots…'
            : 'We couldn’t load your screenshots just now.'}
        </p>
      ) : items.length === 0 ? (
        <p>You have not sent screenshots of the ban message.</p>
      ) : (
        <EvidenceGallery items={items} imagePath={imagePath} credentials={ownerCredentials} />
      )}
      {canAdd ? (
        <form onSubmit={(event) => void send(event)} aria-label="Add screenshots">
          <EvidencePicker
            id="case-evidence-files"
            label="Add screenshots of the ban message"
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
            {sending ? 'Sending…' : 'Send screenshots'}
          </button>
        </form>
      ) : null}
    </section>
  );
}
