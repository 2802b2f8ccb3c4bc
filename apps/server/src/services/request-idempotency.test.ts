import { describe, expect, it } from 'vitest';
import { createRequestBodySchema } from '@unban/contract/requests';
import { createStatusToken } from '../domain/status-token';
import { AppError } from '../errors';
import {
  idempotencyKeyHash,
  readIdempotencyKey,
  requestFingerprint,
  sealStatusToken,
  unsealStatusToken,
} from './request-idempotency';

const KEY = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('readIdempotencyKey', () => {
  it('is null without the header and returns a well-formed key as sent', () => {
    expect(readIdempotencyKey(undefined)).toBeNull();
    expect(readIdempotencyKey(KEY)).toBe(KEY);
  });

  it.each([
    ['too short', 'abc'],
    ['with spaces', 'a key with spaces in it'],
    ['too long', 'k'.repeat(201)],
    ['repeated', [KEY, KEY]],
  ])('refuses a key that is %s with BAD_REQUEST', (_label, header) => {
    expect(() => readIdempotencyKey(header)).toThrow(AppError);
    try {
      readIdempotencyKey(header);
    } catch (error) {
      expect(error).toMatchObject({ code: 'BAD_REQUEST', statusCode: 400 });
    }
  });
});

describe('idempotencyKeyHash', () => {
  it('differs per owner for the same key, and never contains the key', () => {
    const one = idempotencyKeyHash('uid-1', KEY);
    expect(one).toMatch(/^[0-9a-f]{64}$/);
    expect(one).toBe(idempotencyKeyHash('uid-1', KEY));
    expect(one).not.toBe(idempotencyKeyHash('uid-2', KEY));
    expect(one).not.toContain(KEY.replaceAll('-', ''));
  });
});

describe('requestFingerprint', () => {
  const body = createRequestBodySchema.parse({
    messagingApp: 'whatsapp',
    phone: '+1 202 555 0143',
    accountType: 'personal',
    device: 'android',
    banMessage: 'Banned.',
    bannedAt: 'today',
    usage: 'Family.',
    contactEmail: 'a@example.test',
    plan: 'standard',
    ownsNumber: true,
    acceptsTerms: true,
  });

  it('is equal for the same answers however they were typed, and differs when one changes', () => {
    const retyped = createRequestBodySchema.parse({
      ...body,
      phone: '+1 (202) 555-0143',
      contactEmail: 'A@Example.TEST',
      banMessage: '  Banned.  ',
    });
    expect(requestFingerprint(retyped)).toBe(requestFingerprint(body));
    expect(requestFingerprint({ ...body, plan: 'priority' })).not.toBe(requestFingerprint(body));
  });
});

describe('sealStatusToken', () => {
  it('opens with the same owner and key only', () => {
    const { token } = createStatusToken();
    const sealed = sealStatusToken(token, 'uid-1', KEY);
    expect(sealed).not.toContain(token);
    expect(unsealStatusToken(sealed, 'uid-1', KEY)).toBe(token);
    expect(unsealStatusToken(sealed, 'uid-2', KEY)).toBeNull();
    expect(unsealStatusToken(sealed, 'uid-1', `${KEY}x`)).toBeNull();
  });

  it('refuses a tampered or truncated seal', () => {
    const sealed = sealStatusToken(createStatusToken().token, 'uid-1', KEY);
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) ^ 1;
    expect(unsealStatusToken(bytes.toString('base64url'), 'uid-1', KEY)).toBeNull();
    expect(unsealStatusToken(sealed.slice(0, 10), 'uid-1', KEY)).toBeNull();
  });
});
