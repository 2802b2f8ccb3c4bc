import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { assertEvidenceKey } from './evidence-store';
import type { EvidenceStore, StoredObject } from './evidence-store';

/**
 * The embedded default: files under `$DATA_DIR/evidence`, one folder per request. Writes go
 * to a temporary name and are renamed into place, so a reader never sees half a file.
 */
export class FileEvidenceStore implements EvidenceStore {
  readonly kind = 'files';

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertEvidenceKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.partial`;
    try {
      await writeFile(temporary, body, { mode: 0o600 });
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.pathOf(key);
    let size: number;
    try {
      size = (await stat(file)).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    return { body: createReadStream(file), byteSize: size };
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    // Only a request's whole folder: the prefix form evidence-store.ts builds.
    await rm(this.pathOf(prefix), { recursive: true, force: true });
  }
}
