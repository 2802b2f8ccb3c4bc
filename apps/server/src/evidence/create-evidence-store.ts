import type { EvidenceStorageConfig } from '../config/env-evidence';
import type { EvidenceStore } from './evidence-store';
import { FileEvidenceStore } from './file-evidence-store';

/**
 * The store the configuration names: S3 when S3_BUCKET is set, else the data folder. The AWS
 * SDK is loaded only when S3 is configured (it takes a moment to load, for nothing otherwise).
 */
export async function createEvidenceStore(
  config: EvidenceStorageConfig,
): Promise<EvidenceStore & { destroy?: () => void }> {
  if (config.kind === 'files') return new FileEvidenceStore(config.dir);
  const { S3EvidenceStore } = await import('./s3-evidence-store');
  return new S3EvidenceStore(config);
}
