import { afterEach, describe, expect, it, vi } from 'vitest';
import { englishIntl } from '../../test/english-intl';
import type { AuthErrorBehaviour } from './auth-errors';
import { describeAuthError as describeIn } from './auth-errors';

// The English view, as the English page shows it.
const describeAuthError = (error: unknown) => describeIn(englishIntl, error);

const generic = describeAuthError(new Error('boom')).message;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('describeAuthError', () => {
  it.each<[string, AuthErrorBehaviour]>([
    ['auth/popup-blocked', 'fallback-redirect'],
    ['auth/popup-closed-by-user', 'silent'],
    ['auth/cancelled-popup-request', 'silent'],
    ['auth/unauthorized-domain', 'show'],
    ['auth/network-request-failed', 'offline'],
    ['auth/multi-factor-auth-required', 'second-factor'],
    ['auth/web-storage-unsupported', 'show'],
  ])('SPEC code %s → %s with its own message', (code, behaviour) => {
    const view = describeAuthError({ code });
    expect(view.behaviour).toBe(behaviour);
    expect(view.message).not.toBe(generic);
    expect(view.message).not.toContain('auth/');
  });

  it.each([
    'auth/wrong-password',
    'auth/invalid-credential',
    'auth/user-not-found',
    'auth/too-many-requests',
    'auth/invalid-email',
    'auth/email-already-in-use',
    'auth/credential-already-in-use',
    'auth/weak-password',
    'auth/invalid-action-code',
    'auth/expired-action-code',
    'auth/user-disabled',
  ])('common code %s is shown with a specific message', (code) => {
    const view = describeAuthError({ code });
    expect(view.behaviour).toBe('show');
    expect(view.message).not.toBe(generic);
    expect(view.message).not.toContain('auth/');
  });

  it('gives every SPEC code a different message', () => {
    const codes = [
      'auth/popup-blocked',
      'auth/popup-closed-by-user',
      'auth/cancelled-popup-request',
      'auth/unauthorized-domain',
      'auth/network-request-failed',
      'auth/multi-factor-auth-required',
      'auth/web-storage-unsupported',
    ];
    const messages = new Set(codes.map((code) => describeAuthError({ code }).message));
    expect(messages.size).toBe(codes.length);
  });

  it.each([null, undefined, 'text', { code: 42 }, { code: 'auth/brand-new-code' }])(
    'falls back to a generic, readable message for %j',
    (error) => {
      expect(describeAuthError(error)).toEqual({
        behaviour: 'show',
        message: expect.stringMatching(/^Sign-in did not work\. .*support@/),
      });
    },
  );

  it('says "check your connection" for an unexplained failure while the browser is offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(describeAuthError({ code: 'auth/internal-error' })).toEqual({
      behaviour: 'offline',
      message: expect.stringMatching(/Check your internet connection/),
    });
    expect(describeAuthError(new TypeError('Failed to fetch dynamically imported module'))).toEqual(
      expect.objectContaining({ behaviour: 'offline' }),
    );
  });
});
