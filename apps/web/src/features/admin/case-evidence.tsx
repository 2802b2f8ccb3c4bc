import { useCallback } from 'react';
import { adminEvidenceContentPath } from '@unban/contract/evidence';
import { EvidenceGallery } from '../../components/ui/evidence-gallery';
import type { EvidenceCredentials } from '../../lib/evidence/evidence-api';
import { adminEvidencePath, fetchEvidenceList } from '../../lib/evidence/evidence-api';
import { useResource } from '../../lib/resource/use-resource';
import { adminToken } from './api/admin-token';

async function staffCredentials(): Promise<EvidenceCredentials> {
  return { idToken: await adminToken() };
}

/** The customer's screenshots of the ban message, in the case view. */
export function AdminCaseEvidence({ requestId }: { requestId: string }) {
  const evidence = useResource({
    key: requestId,
    load: async (signal) =>
      fetchEvidenceList(adminEvidencePath(requestId), await staffCredentials(), signal),
  });
  const imagePath = useCallback(
    (evidenceId: string) => adminEvidenceContentPath(requestId, evidenceId),
    [requestId],
  );
  const items = evidence.data?.items ?? [];
  return (
    <section aria-labelledby="admin-evidence">
      <h2 id="admin-evidence">Screenshots of the ban</h2>
      {evidence.data === undefined ? (
        <p role="status">
          {evidence.error === undefined ? (
            'Loading the screenshots…'
          ) : (
            <span className="admin-error">We couldn&apos;t load the screenshots.</span>
          )}
        </p>
      ) : items.length === 0 ? (
        <p>The customer has not sent screenshots.</p>
      ) : (
        <EvidenceGallery items={items} imagePath={imagePath} credentials={staffCredentials} />
      )}
    </section>
  );
}
