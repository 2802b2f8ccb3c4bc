import type { CreateRequestBodyInput } from '@unban/contract/requests';

/*
 * The Idempotency-Key of the order form's last submission in this browser tab. One key per
 * distinct set of answers: sending the same answers again (a double click that slipped
 * through, a retry after a lost connection, back from the checkout) gets the same request from
 * the server instead of a second one; changed answers are a new request.
 *
 * Kept in sessionStorage, not only in memory, because coming back from the checkout often
 * loads the form afresh (a browser without a back/forward cache, or one that dropped the
 * page): the customer types the same answers again and must still get their first request.
 * Only a digest of the answers is stored, since they hold a phone number and an e-mail address.
 */

const STORAGE_KEY = 'unban:request-submission';

interface Submission {
  /** SHA-256 of the answers, hex. */
  answers: string;
  key: string;
}

// Where sessionStorage is blocked, the key lasts as long as the page.
let inMemory: Submission | null = null;

function isSubmission(value: unknown): value is Submission {
  return (
    typeof value === 'object' &&
    value !== null &&
    'answers' in value &&
    'key' in value &&
    typeof value.answers === 'string' &&
    typeof value.key === 'string'
  );
}

function readStored(): Submission | null {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? 'null');
    return isSubmission(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function store(submission: Submission): void {
  inMemory = submission;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(submission));
  } catch {
    // Storage blocked or full: the in-memory copy still covers this page.
  }
}

async function digest(text: string): Promise<string> {
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The key to send with `body`: the last one again when the answers are the same. */
export async function submissionKeyFor(body: CreateRequestBodyInput): Promise<string> {
  const answers = await digest(JSON.stringify(body));
  const previous = readStored() ?? inMemory;
  if (previous?.answers === answers) return previous.key;
  const next = { answers, key: crypto.randomUUID() };
  store(next);
  return next.key;
}
