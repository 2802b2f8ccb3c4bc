import { describe, expect, it } from 'vitest';
import { createEndedLooks } from './ended-looks';

describe('ended looks', () => {
  it('gives a look only to a reader who took its sequence before the look ended', () => {
    const looks = createEndedLooks();
    const before = looks.sequence();
    const look = Promise.resolve(true);
    looks.ended('request-1', look);
    expect(looks.endedSince('request-1', before)).toBe(look);
    // A reader who starts after it reads the row as the look left it.
    expect(looks.endedSince('request-1', looks.sequence())).toBeUndefined();
    expect(looks.endedSince('request-2', before)).toBeUndefined();
  });

  it('keeps the last look of each request, and forgets the oldest beyond its size', () => {
    const looks = createEndedLooks(2);
    const start = looks.sequence();
    const [a, b, c, a2] = [true, false, true, false].map((value) => Promise.resolve(value));
    looks.ended('a', a as Promise<boolean>);
    looks.ended('b', b as Promise<boolean>);
    looks.ended('a', a2 as Promise<boolean>);
    expect(looks.endedSince('a', start)).toBe(a2);
    looks.ended('c', c as Promise<boolean>);
    // 'b' was the oldest: a reader of it simply keeps its own row.
    expect(looks.endedSince('b', start)).toBeUndefined();
    expect(looks.endedSince('a', start)).toBe(a2);
    expect(looks.endedSince('c', start)).toBe(c);
  });
});
