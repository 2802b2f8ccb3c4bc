import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `Another server is already using the data folder ${dataDir}: stop it or set DATA_DIR to another folder.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLockOptions {
  /** The lock could not be refreshed (folder removed, disk full…); the process should stop. */
  onCompromised?: (error: Error) => void;
}

/**
 * Takes the data folder for this process, creating it first. PGlite allows one process per
 * database folder; a second server on the same folder would corrupt it, so it is refused.
 * A crashed server's lock goes stale after a few seconds and is then taken over.
 * @returns release(), which gives the folder back.
 * @throws DataDirLockedError when another live process holds the folder.
 */
export async function lockDataDir(
  dataDir: string,
  options: DataDirLockOptions = {},
): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, 'server.lock'),
      stale: 10_000,
      update: 2_500,
      onCompromised:
        options.onCompromised ??
        ((error) => {
          throw error;
        }),
    });
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ELOCKED') {
      throw new DataDirLockedError(dataDir);
    }
    throw error;
  }
}
