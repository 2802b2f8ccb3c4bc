// No React here: the boot code reads the block before the app (and React) has loaded.

/** What the API answered, in the form the document carries (JSON, no classes). */
export type FirstAnswer =
  { data: unknown } | { error: { status: number; code: string; message: string } };

/** By resource key (see `useResource`'s `key`). */
export type FirstAnswers = Readonly<Record<string, FirstAnswer>>;

/** The id of the JSON block in the document (`<script type="application/json">`). */
export const FIRST_ANSWERS_ELEMENT_ID = 'first-answers';

function isFirstAnswer(value: unknown): value is FirstAnswer {
  if (typeof value !== 'object' || value === null) return false;
  if ('data' in value) return true;
  if (!('error' in value)) return false;
  const { error } = value as { error: unknown };
  if (typeof error !== 'object' || error === null) return false;
  const { status, code, message } = error as Record<string, unknown>;
  return typeof status === 'number' && typeof code === 'string' && typeof message === 'string';
}

/** The answers a document carries; none when it has no (readable) block. */
export function readFirstAnswers(doc: Document): Map<string, FirstAnswer> {
  const answers = new Map<string, FirstAnswer>();
  const text = doc.getElementById(FIRST_ANSWERS_ELEMENT_ID)?.textContent;
  if (!text) return answers;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return answers;
    for (const [key, answer] of Object.entries(parsed)) {
      if (isFirstAnswer(answer)) answers.set(key, answer);
    }
  } catch {
    // An unreadable block is no answer: the screen reads the API as usual.
  }
  return answers;
}
