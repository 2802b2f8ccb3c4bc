import { defaultLocale, shippedLocaleOf } from '@unban/contract/locale-tags';
import type { SupportedLocale } from '@unban/contract/locale-tags';

/**
 * The language of this document, as the server wrote it in `<html lang>` for the document's
 * path (`/es/` → `es`). The document decides, not the browser's settings: every locale's pages
 * are documents of their own, and hydration must speak the language the HTML was rendered in.
 */
export function documentLocale(doc: Document = document): SupportedLocale {
  return shippedLocaleOf(doc.documentElement.lang) ?? defaultLocale;
}
