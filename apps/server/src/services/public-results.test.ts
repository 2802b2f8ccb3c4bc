import type { ResultsResponse } from '@unban/contract/results';
import { describe, expect, it, vi } from 'vitest';
import { cachedResults } from './public-results';

const answer = (days: number) => ({ period: { days } }) as ResultsResponse;

describe('cachedResults', () => {
  it('computes once per TTL, then again', async () => {
    let now = 0;
    const compute = vi.fn(async () => answer(compute.mock.calls.length));
    const read = cachedResults(compute, 1000, () => now);

    const first = await read();
    now = 999;
    expect(await read()).toBe(first);
    expect(compute).toHaveBeenCalledTimes(1);
    now = 1000;
    expect(await read()).not.toBe(first);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('lets callers arriving during a computation share it', async () => {
    const compute = vi.fn(async () => answer(1));
    const read = cachedResults(compute, 1000, () => 0);
    const [a, b] = await Promise.all([read(), read()]);
    expect(a).toBe(b);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failure: the next caller computes again', async () => {
    const compute = vi
      .fn<() => Promise<ResultsResponse>>()
      .mockRejectedValueOnce(new Error('database down'))
      .mockResolvedValueOnce(answer(2));
    const read = cachedResults(compute, 60_000, () => 0);
    await expect(read()).rejects.toThrow('database down');
    expect(await read()).toEqual(answer(2));
    expect(compute).toHaveBeenCalledTimes(2);
  });
});
