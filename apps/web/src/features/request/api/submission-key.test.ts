import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreateRequestBodyInput } from '@unban/contract/requests';

const answers: CreateRequestBodyInput = {
  messagingApp: 'whatsapp',
  phone: '+4915123456789',
  accountType: 'personal',
  device: 'android',
  banMessage: 'This account is not allowed to use WhatsApp due to spam',
  bannedAt: 'this_week',
  usage: 'Family and friends',
  contactEmail: 'guest@example.test',
  plan: 'standard',
  ownsNumber: true,
  acceptsTerms: true,
};

/** The module as a freshly loaded page sees it (its in-memory copy gone). */
async function loadFresh() {
  vi.resetModules();
  return (await import('./submission-key')).submissionKeyFor;
}

beforeEach(() => window.sessionStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('submissionKeyFor', () => {
  it('gives the same answers the same key, and changed answers a new one', async () => {
    const submissionKeyFor = await loadFresh();
    const first = await submissionKeyFor(answers);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(await submissionKeyFor({ ...answers })).toBe(first);
    const changed = await submissionKeyFor({ ...answers, usage: 'Family and work' });
    expect(changed).not.toBe(first);
  });

  it('keeps the key for a form loaded afresh in the same tab (back from the checkout)', async () => {
    const first = await (await loadFresh())(answers);
    expect(await (await loadFresh())(answers)).toBe(first);
  });

  it('stores no answer in clear', async () => {
    await (
      await loadFresh()
    )(answers);
    const stored = Object.keys(window.sessionStorage)
      .map((key) => window.sessionStorage.getItem(key) ?? '')
      .join('\n');
    expect(stored).not.toBe('');
    expect(stored).not.toContain('4915123456789');
    expect(stored).not.toContain('guest@example.test');
    expect(stored).not.toContain('Family');
  });

  it('still keeps the key for the page when storage is blocked', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const submissionKeyFor = await loadFresh();
    const first = await submissionKeyFor(answers);
    expect(await submissionKeyFor(answers)).toBe(first);
  });
});
