import { describe, expect, it } from 'vitest';
import { setNewest } from './set-newest';

describe('setNewest', () => {
  it('keeps at most maxEntries, dropping the entry set longest ago', () => {
    const map = new Map<string, number>();
    setNewest(map, 'a', 1, 2);
    setNewest(map, 'b', 2, 2);
    setNewest(map, 'c', 3, 2);
    expect([...map]).toEqual([
      ['b', 2],
      ['c', 3],
    ]);
  });

  it('makes a key set again the newest, with its new value', () => {
    const map = new Map<string, number>();
    setNewest(map, 'a', 1, 2);
    setNewest(map, 'b', 2, 2);
    setNewest(map, 'a', 10, 2);
    setNewest(map, 'c', 3, 2);
    expect([...map]).toEqual([
      ['a', 10],
      ['c', 3],
    ]);
  });
});
