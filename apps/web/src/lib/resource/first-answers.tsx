import { createContext, useContext, useEffect } from 'react';
import type { ReactNode } from 'react';
import type { FirstAnswer } from './first-answers-block';

/*
 * Answers the server already read while rendering a document (the payment-status page),
 * handed to the screen's resource as its first answer: the server renders the screen with
 * them, the document carries them as JSON, and the browser hydrates with the same ones, so
 * both renders agree and the screen does not ask again before its next poll is due.
 */

export type { FirstAnswer, FirstAnswers } from './first-answers-block';
export { FIRST_ANSWERS_ELEMENT_ID, readFirstAnswers } from './first-answers-block';

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
