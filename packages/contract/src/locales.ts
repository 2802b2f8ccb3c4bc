import { z } from 'zod';
import { supportedLocales } from './locale-tags';
import type { SupportedLocale } from './locale-tags';

/*
 * The six shipped locales (issue 15). The tags, paths and directions live in locale-tags.ts,
 * which imports no zod so the browser's first load may read them; this module adds the
 * schema the server validates with.
 */
export {
  defaultLocale,
  localeBasePath,
  localeDirection,
  localeNames,
  localeOfPathSegment,
  localePagePath,
  preferredLocale,
  shippedLocaleOf,
  supportedLocales,
} from './locale-tags';
export type { SupportedLocale } from './locale-tags';

export const localeSchema = z.enum(supportedLocales);

export function isSupportedLocale(value: unknown): value is SupportedLocale {
  return localeSchema.safeParse(value).success;
}
