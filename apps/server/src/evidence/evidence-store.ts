import type { Readable } from 'node:stream';

/*
 * Where the customers' screenshots are kept. Two implementations: the data folder (the
 * embedded default, file-evidence-store.ts) and S3-compatible object storage
 * (s3-evidence-store.ts). Keys are `requests/<request id>/<evidence id>.<ext>`, so
 * everything of one request is under one prefix and can be erased at once.
 */

/** One stored image, read back as a stream so a large image is never held in memory whole. */
export interface StoredObject {
  body: Readable;
  byteSize: number;
}

export interface EvidenceStore {
  /** Which implementation (for logs and the health of the deployment). */
  readonly kind: 'files' | 's3';
  /** Writes the object, replacing one with the same key. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none with this key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` (a request's folder). */
  deletePrefix(prefix: string): Promise<void>;
}

/** The folder of one request's evidence; ends with a slash so one id is never a prefix of another. */
export function requestEvidencePrefix(requestId: string): string {
  return `requests/${requestId}/`;
}

export function evidenceKey(requestId: string, evidenceId: string, extension: string): string {
  return `${requestEvidencePrefix(requestId)}${evidenceId}.${extension}`;
}

/** Keys come from our own ids; anything else means a bug or a tampered row, never a path to follow. */
const KEY_PATTERN = /^requests\/[0-9a-f-]{36}\/([0-9a-f-]{36}\.(png|jpg|webp))?$/;

export function assertEvidenceKey(key: string): void {
  if (!KEY_PATTERN.test(key)) throw new Error(`Not an evidence key: ${JSON.stringify(key)}`);
}
