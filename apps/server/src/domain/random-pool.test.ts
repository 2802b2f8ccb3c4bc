import { afterEach, describe, expect, it, vi } from 'vitest';
import { newId, pooledRandomBytes } from './random-pool';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.useRealTimers();
});

describe('pooledRandomBytes', () => {
  it('never hands out the same bytes twice, across refills of the pool', () => {
    const seen = new Set<string>();
    // 16 bytes at a time through several 4 KiB refills: a repeat would be a reused slice.
    for (let index = 0; index < 2_000; index += 1) {
      const hex = pooledRandomBytes(16).toString('hex');
      expect(seen.has(hex)).toBe(false);
      seen.add(hex);
    }
  });

  it('gives copies, so a caller that keeps or changes its bytes touches nothing else', () => {
    const first = pooledRandomBytes(32);
    const kept = Buffer.from(first);
    first.fill(0);
    const second = pooledRandomBytes(32);
    expect(second.equals(Buffer.alloc(32))).toBe(false);
    for (let index = 0; index < 300; index += 1) pooledRandomBytes(16);
    expect(first.equals(Buffer.alloc(32))).toBe(true);
    expect(kept.equals(Buffer.alloc(32))).toBe(false);
  });

  it('answers any size, larger ones straight from the generator', () => {
    expect(pooledRandomBytes(5)).toHaveLength(5);
    expect(pooledRandomBytes(5_000)).toHaveLength(5_000);
  });
});

describe('newId', () => {
  it('makes UUIDv7 ids that carry their time', () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T12:00:00.000Z'), toFake: ['Date'] });
    const id = newId();
    expect(id).toMatch(UUID_V7);
    expect(Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16)).toBe(
      Date.parse('2026-11-27T12:00:00.000Z'),
    );
  });

  it('keeps the order in which ids were made within one millisecond', () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T12:00:01.000Z'), toFake: ['Date'] });
    const ids = Array.from({ length: 500 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('keeps the order across milliseconds, even when the clock steps back', () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T12:00:02.000Z'), toFake: ['Date'] });
    const before = newId();
    vi.setSystemTime(new Date('2026-11-27T12:00:01.500Z'));
    const after = newId();
    vi.setSystemTime(new Date('2026-11-27T12:00:02.001Z'));
    const later = newId();
    expect([before, after, later].sort()).toEqual([before, after, later]);
  });
});
