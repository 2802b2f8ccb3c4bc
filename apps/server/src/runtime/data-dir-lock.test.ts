import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

describe('lockDataDir', () => {
  let parent: string;
  beforeEach(async () => {
    parent = await mkdtemp(path.join(os.tmpdir(), 'unban-lock-'));
  });
  afterEach(() => rm(parent, { recursive: true, force: true }));

  it('creates the folder and refuses a second holder, naming the folder', async () => {
    const dataDir = path.join(parent, 'data');
    const release = await lockDataDir(dataDir);
    try {
      expect((await stat(dataDir)).isDirectory()).toBe(true);
      const second = lockDataDir(dataDir);
      await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(second).rejects.toThrow(
        `Another server is already using the data folder ${dataDir}: stop it or set DATA_DIR to another folder.`,
      );
    } finally {
      await release();
    }
  });

  it('gives the folder to the next server once released', async () => {
    const dataDir = path.join(parent, 'data');
    const release = await lockDataDir(dataDir);
    await release();
    const again = await lockDataDir(dataDir);
    await again();
  });

  it('locks different folders independently', async () => {
    const releaseA = await lockDataDir(path.join(parent, 'a'));
    const releaseB = await lockDataDir(path.join(parent, 'b'));
    await releaseA();
    await releaseB();
  });
});
