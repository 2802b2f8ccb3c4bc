import { afterEach, describe, expect, it } from 'vitest';
import {
  EMAIL_FOR_SIGN_IN_KEY,
  emailLinkContinueUrl,
  forgetEmailForSignIn,
  hrefWithoutEmailLinkParams,
  readEmailForSignIn,
  rememberEmailForSignIn,
} from './auth-email-link';

afterEach(() => localStorage.clear());

describe('emailLinkContinueUrl', () => {
  it('leads back to the sign-in screen of this site, carrying next', () => {
    expect(emailLinkContinueUrl('https://unban.example/app/?x=1#/request', '/requests/r-1')).toBe(
      'https://unban.example/app/#/sign-in?next=%2Frequests%2Fr-1',
    );
    expect(emailLinkContinueUrl('http://127.0.0.1:8080/#/', null)).toBe(
      'http://127.0.0.1:8080/#/sign-in',
    );
  });
});

describe('hrefWithoutEmailLinkParams', () => {
  it('removes the one-time code before the hash', () => {
    expect(
      hrefWithoutEmailLinkParams(
        'https://unban.example/?apiKey=k&oobCode=c&mode=signIn&lang=en&keep=1#/sign-in?next=%2Frequests',
      ),
    ).toBe('https://unban.example/?keep=1#/sign-in?next=%2Frequests');
  });

  it('removes the one-time code inside the hash route query', () => {
    expect(
      hrefWithoutEmailLinkParams(
        'https://unban.example/#/sign-in?next=%2Frequests&apiKey=k&oobCode=c&mode=signIn',
      ),
    ).toBe('https://unban.example/#/sign-in?next=%2Frequests');
  });

  it('leaves an ordinary address alone', () => {
    expect(hrefWithoutEmailLinkParams('https://unban.example/#/sign-in')).toBe(
      'https://unban.example/#/sign-in',
    );
  });
});

describe('the remembered e-mail', () => {
  it('is stored, read and forgotten', () => {
    expect(readEmailForSignIn()).toBeNull();
    rememberEmailForSignIn('jane@example.com');
    expect(localStorage.getItem(EMAIL_FOR_SIGN_IN_KEY)).toBe('jane@example.com');
    expect(readEmailForSignIn()).toBe('jane@example.com');
    forgetEmailForSignIn();
    expect(readEmailForSignIn()).toBeNull();
  });
});
