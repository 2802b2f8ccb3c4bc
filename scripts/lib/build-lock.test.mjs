import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { withBuildLock } from './build-lock.mjs';

describe('withBuildLock', () => {
  it('runs two builds one after the other, never together', async () => {
    const lockDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'build-lock-')), 'lock');
    const events = [];
    const build = (name) =>
      withBuildLock(lockDir, async () => {
        events.push(`${name} start`);
        await sleep(300);
        events.push(`${name} end`);
      });
    await Promise.all([build('a'), build('b')]);
    expect(events).toEqual(
      events[0] === 'a start'
        ? ['a start', 'a end', 'b start', 'b end']
        : ['b start', 'b end', 'a start', 'a end'],
    );
  });

  it('releases the lock when the build fails', async () => {
    const lockDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'build-lock-')), 'lock');
    await expect(
      withBuildLock(lockDir, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await expect(withBuildLock(lockDir, async () => 'again')).resolves.toBe('again');
  });
});
