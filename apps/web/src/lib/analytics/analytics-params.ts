/**
 * The whitelist of what may leave the browser in an analytics event. Every value is checked
 * against a narrow pattern and dropped when it does not match, so a phone number, an e-mail
 * address or free text typed by a visitor (for example into the URL) never reaches analytics.
 */

export const SIGN_IN_METHODS = ['anonymous', 'password', 'emailLink', 'google.com'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

export interface ScreenView {
  /** The route's `handle.screenName`, e.g. 'Home', or the route path when it has none. */
  screen_name: string;
  /** The route's `handle.screenClass`, e.g. 'HomeScreen'. */
  screen_class: string;
  /** The path inside the hash, without the query string (tokens live there). */
  page_path: string;
  outlet: string;
}

const EMAIL_LIKE = /@/;
// Six or more digits, possibly split by the separators people type in phone numbers.
const PHONE_LIKE = /\+?\d(?:[\s().-]*\d){5,}/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CASE_REFERENCE = /^UB-[0-9A-Z]{8}$/;
const ROUTE_WORD = /^[a-z][a-z0-9-]{0,39}$/;
const SCREEN_NAME = /^[A-Za-z0-9_./:-]{1,100}$/;
const SCREEN_CLASS = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;
const OUTLET = /^[a-z][a-z0-9_-]{0,39}$/;
const USER_ID = /^[A-Za-z0-9_-]{1,128}$/;
const OUTCOME_ID = /^[a-z][a-z_]{0,39}$/;
const REDACTED_SEGMENT = ':redacted';

function isPersonalData(value: string): boolean {
  return EMAIL_LIKE.test(value) || PHONE_LIKE.test(value);
}

function safeScreenName(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  // A route without a name is named by its path: it gets the same segment check as page_path.
  if (value.startsWith('/')) return safePagePath(value);
  return SCREEN_NAME.test(value) && !isPersonalData(value) ? value : undefined;
}

function safeSegment(segment: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return REDACTED_SEGMENT;
  }
  if (UUID.test(decoded) || CASE_REFERENCE.test(decoded)) return decoded;
  if (ROUTE_WORD.test(decoded) && !isPersonalData(decoded)) return decoded;
  return REDACTED_SEGMENT;
}

/** Keeps route words and ids, replaces any other path segment, drops query and fragment. */
export function safePagePath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/')) return undefined;
  const path = value.split(/[?#]/, 1)[0] ?? '/';
  const segments = path.split('/').slice(1);
  const cleaned = segments.map((segment) => (segment === '' ? '' : safeSegment(segment)));
  const result = `/${cleaned.join('/')}`;
  return result.length <= 100 ? result : undefined;
}

function matching(pattern: RegExp, value: unknown): string | undefined {
  return typeof value === 'string' && pattern.test(value) ? value : undefined;
}

/** What a screen_view carries: our four fields plus Firebase's own names for two of them. */
export interface ScreenViewParams extends ScreenView {
  firebase_screen: string;
  firebase_screen_class: string;
}

/**
 * The screen_view parameters that pass the whitelist. Only the four ScreenView keys are read
 * (anything else given is dropped); a value that fails its check is replaced by a neutral one
 * rather than sent.
 */
export function safeScreenViewParams(input: Readonly<Record<string, unknown>>): ScreenViewParams {
  const screenName = safeScreenName(input.screen_name) ?? 'unknown';
  const screenClass = matching(SCREEN_CLASS, input.screen_class) ?? 'Screen';
  return {
    screen_name: screenName,
    screen_class: screenClass,
    page_path: safePagePath(input.page_path) ?? `/${REDACTED_SEGMENT}`,
    outlet: matching(OUTLET, input.outlet) ?? 'primary',
    firebase_screen: screenName,
    firebase_screen_class: screenClass,
  };
}

export function safeSignInMethod(value: unknown): SignInMethod | undefined {
  return SIGN_IN_METHODS.find((method) => method === value);
}

/** Firebase uids are opaque ids; anything else (an e-mail used as a custom uid) is refused. */
export function safeUserId(value: unknown): string | undefined {
  return matching(USER_ID, value);
}

/**
 * The ban check's outcome id (`permanent_ban`, …): a word of the contract's list, never the
 * answers themselves. Checked by shape here so the analytics chunk does not load the contract's
 * zod schemas.
 */
export function safeBanCheckOutcome(value: unknown): string | undefined {
  return matching(OUTCOME_ID, value);
}
