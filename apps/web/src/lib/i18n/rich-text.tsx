import type { ReactNode } from 'react';

/**
 * The markup catalog messages may use, for `values`: `<b>…</b>` is emphasis, so a translator
 * moves the emphasis with the words instead of the words around a fixed `<strong>`.
 */
export const richText = {
  b: (chunks: ReactNode[]) => <strong>{chunks}</strong>,
};
