import { describe, expect, it } from 'vitest';
import { createQuietPeriods } from './quiet-periods';

describe('createQuietPeriods', () => {
  it('is quiet for exactly the time given, then not', () => {
    let clock = 0;
    const quiet = createQuietPeriods(() => clock);
    expect(quiet.isQuiet('a')).toBe(false);
    quiet.until('a', 15_000);
    clock = 14_999;
    expect(quiet.isQuiet('a')).toBe(true);
    expect(quiet.isQuiet('b')).toBe(false);
    clock = 15_000;
    expect(quiet.isQuiet('a')).toBe(false);
  });

  it('forgets the oldest key beyond its size', () => {
    const quiet = createQuietPeriods(() => 0, 2);
    quiet.until('a', 1_000);
    quiet.until('b', 1_000);
    quiet.until('c', 1_000);
    expect([quiet.isQuiet('a'), quiet.isQuiet('b'), quiet.isQuiet('c')]).toEqual([
      false,
      true,
      true,
    ]);
  });
});
