import { describe, expect, it, vi } from 'vitest';
import { ProcessGroups } from './process-groups.mjs';

/** @param {number} pid */
function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('ProcessGroups', () => {
  it('stops a child together with the processes it started', async () => {
    const onUnexpectedExit = vi.fn();
    const groups = new ProcessGroups(onUnexpectedExit);
    // A wrapper with a grandchild, like npm running vite.
    const { child } = groups.spawn('wrapper', 'sh', ['-c', 'sleep 30 & sleep 30; wait'], {
      stdio: 'ignore',
    });
    const pid = child.pid ?? 0;
    expect(pid).toBeGreaterThan(0);
    await vi.waitFor(() => expect(groupAlive(pid)).toBe(true));

    await groups.stopAll(5_000);

    expect(groupAlive(pid)).toBe(false);
    expect(onUnexpectedExit).not.toHaveBeenCalled();
  });

  it('kills a child that ignores SIGTERM once the grace period is over', async () => {
    const groups = new ProcessGroups(() => {});
    const { child } = groups.spawn(
      'stubborn',
      'sh',
      ['-c', "trap '' TERM; sleep 30 & wait; sleep 30"],
      {
        stdio: 'ignore',
      },
    );
    const pid = child.pid ?? 0;
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();

    await groups.stopAll(500);

    expect(groupAlive(pid)).toBe(false);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('reports a child that dies on its own', async () => {
    const onUnexpectedExit = vi.fn();
    const groups = new ProcessGroups(onUnexpectedExit);
    groups.spawn('server', process.execPath, ['-e', 'process.exit(3)'], { stdio: 'ignore' });
    await vi.waitFor(() => expect(onUnexpectedExit).toHaveBeenCalledWith('server', 3, null));
  });

  it('treats the end of a step as its result, not as a failure', async () => {
    const onUnexpectedExit = vi.fn();
    const groups = new ProcessGroups(onUnexpectedExit);
    expect(
      await groups.run('build', process.execPath, ['-e', 'process.exit(2)'], { stdio: 'ignore' }),
    ).toBe(2);
    expect(await groups.run('build', process.execPath, ['-e', ''], { stdio: 'ignore' })).toBe(0);
    expect(onUnexpectedExit).not.toHaveBeenCalled();
  });

  it('reports a command that cannot be run', async () => {
    const onUnexpectedExit = vi.fn();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const groups = new ProcessGroups(onUnexpectedExit);
    groups.spawn('missing', '/no/such/binary', [], { stdio: 'ignore' });
    await vi.waitFor(() => expect(onUnexpectedExit).toHaveBeenCalledWith('missing', 127, null));
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('Could not run missing'));
    errors.mockRestore();
  });
});
