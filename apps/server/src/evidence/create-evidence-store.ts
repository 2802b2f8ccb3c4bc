import type { EvidenceStorageConfig } from '../config/env-evidence';
import type { EvidenceStore } from './evidence-store';
import { FileEvidenceStore } from './file-evidence-store';
import { S3EvidenceStore } from './s3-evidence-store';

/** The store the configuration names: S3 when S3_BUCKET is set, else the data folder. */
export function createEvidenceStore(config: EvidenceStorageConfig): EvidenceStore & {
  destroy?: () => void;
} {
  return config.kind === 's3' ? new S3EvidenceStore(config) : new FileEvidenceStore(config.dir);
}
