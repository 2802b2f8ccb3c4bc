import { paths } from '../../config/paths';

/**
 * The browser-side bookkeeping of e-mail link sign-in, free of the Firebase SDK: the address
 * is remembered so that opening the link on the same device needs no retyping, and the
 * one-time code is removed from the address bar once used.
 */

export const EMAIL_FOR_SIGN_IN_KEY = 'unban:email-for-sign-in';

/** The query parameters Firebase adds to an e-mail action link. */
const EMAIL_LINK_PARAMS = ['apiKey', 'oobCode', 'mode', 'lang', 'continueUrl', 'tenantId'];

export function rememberEmailForSignIn(email: string): void {
  try {
    window.localStorage.setItem(EMAIL_FOR_SIGN_IN_KEY, email);
  } catch {
    // Storage blocked: the visitor types the address again when opening the link.
  }
}

export function readEmailForSignIn(): string | null {
  try {
    return window.localStorage.getItem(EMAIL_FOR_SIGN_IN_KEY);
  } catch {
    return null;
  }
}

export function forgetEmailForSignIn(): void {
  try {
    window.localStorage.removeItem(EMAIL_FOR_SIGN_IN_KEY);
  } catch {
    // Nothing was stored.
  }
}

/**
 * Where the link in the e-mail leads: this site's sign-in screen, carrying `next` so the
 * visitor lands where they were going. Firebase appends its own parameters to it.
 */
export function emailLinkContinueUrl(currentHref: string, next: string | null): string {
  const url = new URL(currentHref);
  url.search = '';
  url.hash = paths.signIn.to(next);
  return url.toString();
}

function withoutLinkParams(query: string): string {
  const params = new URLSearchParams(query);
  for (const name of EMAIL_LINK_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * The same address without the link's one-time code, whether Firebase put its parameters
 * before the '#' or inside the hash route's query.
 */
export function hrefWithoutEmailLinkParams(href: string): string {
  const url = new URL(href);
  url.search = withoutLinkParams(url.search);
  const hash = url.hash.replace(/^#/, '');
  const queryStart = hash.indexOf('?');
  if (queryStart >= 0) {
    url.hash = `${hash.slice(0, queryStart)}${withoutLinkParams(hash.slice(queryStart))}`;
  }
  return url.toString();
}
