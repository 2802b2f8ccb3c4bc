import { describe, expect, it } from 'vitest';
import {
  safePagePath,
  safeScreenViewParams,
  safeSignInMethod,
  safeUserId,
} from './analytics-params';

describe('safeScreenViewParams', () => {
  it('keeps a normal screen view and adds Firebase’s screen keys', () => {
    expect(
      safeScreenViewParams({
        screen_name: 'PaymentStatus',
        screen_class: 'PaymentStatusScreen',
        page_path: '/payment-status',
        outlet: 'primary',
      }),
    ).toEqual({
      screen_name: 'PaymentStatus',
      screen_class: 'PaymentStatusScreen',
      page_path: '/payment-status',
      outlet: 'primary',
      firebase_screen: 'PaymentStatus',
      firebase_screen_class: 'PaymentStatusScreen',
    });
  });

  it('drops unknown keys and replaces e-mail, phone and free text', () => {
    const params = safeScreenViewParams({
      screen_name: 'jane.doe@example.com',
      screen_class: 'Call me on +1 555 123 4567',
      page_path: '/requests/+15551234567',
      outlet: 'hello there',
      email: 'jane.doe@example.com',
      phone: '+15551234567',
      note: 'my number was banned yesterday',
    });
    expect(params).toEqual({
      screen_name: 'unknown',
      screen_class: 'Screen',
      page_path: '/requests/:redacted',
      outlet: 'primary',
      firebase_screen: 'unknown',
      firebase_screen_class: 'Screen',
    });
    expect(JSON.stringify(params)).not.toMatch(/@|555|banned/);
  });

  it('sanitises a path used as the screen name like a page path', () => {
    expect(safeScreenViewParams({ screen_name: '/requests/jane@example.com' }).screen_name).toBe(
      '/requests/:redacted',
    );
  });
});

describe('safePagePath', () => {
  it('drops the query string and the fragment (tokens live there)', () => {
    expect(safePagePath('/payment-status?order=o-1&token=secret')).toBe('/payment-status');
    expect(safePagePath('/terms#section')).toBe('/terms');
  });

  it('keeps ids and case references but not phone numbers or e-mails', () => {
    expect(safePagePath('/requests/0190a2b3-1234-7abc-8def-123456789012')).toBe(
      '/requests/0190a2b3-1234-7abc-8def-123456789012',
    );
    expect(safePagePath('/requests/UB-7K3Q9XQ2')).toBe('/requests/UB-7K3Q9XQ2');
    expect(safePagePath('/requests/555-123-4567')).toBe('/requests/:redacted');
    expect(safePagePath('/x/jane%40example.com')).toBe('/x/:redacted');
    expect(safePagePath('/Free Text Here')).toBe('/:redacted');
  });

  it('refuses anything that is not an in-app path', () => {
    expect(safePagePath('https://evil.example/')).toBeUndefined();
    expect(safePagePath(42)).toBeUndefined();
  });
});

describe('method and user id', () => {
  it('accepts only the known sign-in methods', () => {
    expect(safeSignInMethod('google.com')).toBe('google.com');
    expect(safeSignInMethod('anonymous')).toBe('anonymous');
    expect(safeSignInMethod('jane@example.com')).toBeUndefined();
  });

  it('accepts a Firebase uid but not an e-mail used as a uid', () => {
    expect(safeUserId('Xy7kQ2abcDEF0123456789ghiJKL')).toBe('Xy7kQ2abcDEF0123456789ghiJKL');
    expect(safeUserId('jane@example.com')).toBeUndefined();
  });
});
