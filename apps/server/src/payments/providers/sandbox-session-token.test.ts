import { describe, expect, it } from 'vitest';
import { decodeSandboxSession, encodeSandboxSession } from './sandbox-session-token';
import type { SandboxSessionInfo } from './sandbox-session-token';

const info: SandboxSessionInfo = {
  sessionId: 'sbx_0190f3c2-7c4d-4000-8000-000000000001',
  paymentId: '0190f3c2-7c4d-7000-8000-000000000001',
  reference: 'UB-7K3Q9XQ2',
  amount: 4900,
  currency: 'USD',
  productName: 'WhatsApp unban request (Standard)',
  successUrl: 'https://unban.example/#/payment-status?order=UB-7K3Q9XQ2&token=t',
  cancelUrl: 'https://unban.example/#/payment-status?order=UB-7K3Q9XQ2&token=t',
  expiresAt: 1_750_000_000,
};
const secret = 'sandbox-secret-for-tests';

describe('sandbox session token', () => {
  it('reads back what was signed', () => {
    expect(
      decodeSandboxSession(encodeSandboxSession(info, secret), info.sessionId, secret),
    ).toEqual(info);
  });

  it('refuses a changed amount or return address, another secret, or another session', () => {
    const token = encodeSandboxSession(info, secret);
    const [, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...info, amount: 1, successUrl: 'https://evil.example/' }),
    ).toString('base64url');
    expect(decodeSandboxSession(`${forged}.${signature}`, info.sessionId, secret)).toBeNull();
    expect(decodeSandboxSession(token, info.sessionId, 'another-secret-value')).toBeNull();
    expect(decodeSandboxSession(token, 'sbx_other', secret)).toBeNull();
    expect(decodeSandboxSession('garbage', info.sessionId, secret)).toBeNull();
  });
});
