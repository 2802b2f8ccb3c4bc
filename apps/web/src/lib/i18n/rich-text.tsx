import type { ReactNode } from 'react';

/**
 * The markup catalog messages may use, for `values`: `<b>…</b>` is emphasis, so a translator
 * moves the emphasis with the words instead of the words around a fixed `<strong>`.
 */
export const richText = {
  b: (chunks: ReactNode[]) => <strong>{chunks}</strong>,
};

/**
 * The space between two inline elements (a badge and its text, two buttons): layout, not a
 * word to translate, so it is not written as a literal that the catalog lint rule flags.
 */
export const SPACE = ' ';
