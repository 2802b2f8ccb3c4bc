import { describe, expect, it } from 'vitest';
import { generateReference, isReference, parseReference } from './reference';

const fixedBytes = (bytes: number[]) => () => Uint8Array.from(bytes);

describe('generateReference', () => {
  it('has the UB-XXXXXXXX form with no look-alike letters', () => {
    for (let i = 0; i < 1000; i += 1) {
      const reference = generateReference();
      expect(reference).toMatch(/^UB-[0-9A-Z]{8}$/);
      expect(reference.slice(3)).not.toMatch(/[ILOU]/);
      expect(isReference(reference)).toBe(true);
    }
  });

  it('spends all 40 random bits, from the first to the last alphabet character', () => {
    expect(generateReference(fixedBytes([0, 0, 0, 0, 0]))).toBe('UB-00000000');
    expect(generateReference(fixedBytes([0xff, 0xff, 0xff, 0xff, 0xff]))).toBe('UB-ZZZZZZZZ');
    expect(generateReference(fixedBytes([0, 0, 0, 0, 1]))).toBe('UB-00000001');
    // 0x08 0x42 0x10 0x84 0x21 = 00001 00001 00001 ... : every 5-bit digit is 1.
    expect(generateReference(fixedBytes([0x08, 0x42, 0x10, 0x84, 0x21]))).toBe('UB-11111111');
  });

  it('does not repeat in 20 000 draws', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 20_000; i += 1) seen.add(generateReference());
    expect(seen.size).toBe(20_000);
  });

  it('refuses a random source that returns too few bytes', () => {
    expect(() => generateReference(fixedBytes([1, 2, 3]))).toThrow(RangeError);
  });
});

describe('isReference', () => {
  it('accepts only the canonical form', () => {
    expect(isReference('UB-7K3Q9XQ2')).toBe(true);
    expect(isReference('ub-7k3q9xq2')).toBe(false);
    expect(isReference('UB-7K3Q9XQ')).toBe(false);
    expect(isReference('UB-7K3Q9XQ22')).toBe(false);
    expect(isReference('UB-7K3Q9XQU')).toBe(false);
    expect(isReference('UB7K3Q9XQ2')).toBe(false);
    expect(isReference(' UB-7K3Q9XQ2')).toBe(false);
  });
});

describe('parseReference', () => {
  it('reads what a person types', () => {
    expect(parseReference('UB-7K3Q9XQ2')).toBe('UB-7K3Q9XQ2');
    expect(parseReference('ub-7k3q9xq2')).toBe('UB-7K3Q9XQ2');
    expect(parseReference('7K3Q9XQ2')).toBe('UB-7K3Q9XQ2');
    expect(parseReference(' UB 7K3Q-9XQ2 ')).toBe('UB-7K3Q9XQ2');
    expect(parseReference('UB-OOIL0000')).toBe('UB-00110000');
  });

  it('rejects what cannot be a reference', () => {
    expect(parseReference('')).toBeNull();
    expect(parseReference('UB-7K3Q9XQ')).toBeNull();
    expect(parseReference('UB-7K3Q9XQUU')).toBeNull();
    expect(parseReference('UB-7K3Q9XU2')).toBeNull();
    expect(parseReference('XX-7K3Q9XQ2')).toBeNull();
    expect(parseReference('UB-7K3Q9X*2')).toBeNull();
  });
});
