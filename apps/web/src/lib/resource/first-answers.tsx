import { createContext, useContext, useEffect } from 'react';
import type { ReactNode } from 'react';

/*
 * Answers the server already read while rendering a document (the payment-status page),
 * handed to the screen's resource as its first answer: the server renders the screen with
 * them, the document carries them as JSON, and the browser hydrates with the same ones, so
 * both renders agree and the screen does not ask again before its next poll is due.
 */

/** What the API answered, in the form the document carries (JSON, no classes). */
export type FirstAnswer =
  { data: unknown } | { error: { status: number; code: string; message: string } };

/** By resource key (see `useResource`'s `key`). */
export type FirstAnswers = Readonly<Record<string, FirstAnswer>>;

/** The id of the JSON block in the document (`<script type="application/json">`). */
export const FIRST_ANSWERS_ELEMENT_ID = 'first-answers';

// A mutable map shared by the tree: an answer is taken once, so a screen opened again later
// (after navigating away) loads afresh instead of showing what the document said back then.
const FirstAnswersContext = createContext<Map<string, FirstAnswer>>(new Map());

export function FirstAnswersProvider({
  answers,
  children,
}: {
  answers: Map<string, FirstAnswer>;
  children: ReactNode;
}) {
  return <FirstAnswersContext value={answers}>{children}</FirstAnswersContext>;
}

/**
 * The first answer for `key` while it has not been used; dropped once the component that
 * read it is on the page (the render that read it, and StrictMode's repeat, still see it).
 */
export function useFirstAnswer(key: string | null): FirstAnswer | undefined {
  const answers = useContext(FirstAnswersContext);
  const answer = key === null ? undefined : answers.get(key);
  useEffect(() => {
    if (key !== null && answer !== undefined) answers.delete(key);
  }, [answers, key, answer]);
  return answer;
}

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
