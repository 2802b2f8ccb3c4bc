import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

/** The message catalogs: `src/locales/<tag>.json`. */
const CATALOG = /[\\/]src[\\/]locales[\\/]([^\\/]+)\.json$/;

/**
 * A catalog's messages parsed to the ICU syntax trees FormatJS formats from (what
 * `formatjs compile --ast` writes), so the browser never parses a message. The catalogs stay
 * readable ICU text in the repository (and are checked as such by locales/catalogs.test.ts).
 */
export function compileCatalog(source: string, locale: string): string {
  const messages = JSON.parse(source) as Record<string, string>;
  // The locale decides what a skeleton's hour cycle is, as when react-intl parses at run time.
  const options = { locale: new Intl.Locale(locale) };
  return JSON.stringify(
    Object.fromEntries(
      Object.entries(messages).map(([id, message]) => [id, parse(message, options)]),
    ),
  );
}

/**
 * Serves every catalog compiled (compileCatalog); Vite's JSON plugin then makes it a module as
 * before, one chunk per language.
 */
export function compiledCatalogsPlugin(): Plugin {
  return {
    name: 'unban:compiled-catalogs',
    enforce: 'pre',
    load(id) {
      const locale = CATALOG.exec(id)?.[1];
      if (!locale) return null;
      return compileCatalog(readFileSync(id, 'utf8'), locale);
    },
  };
}

/**
 * FormatJS's parser without the parsing: with every catalog compiled, react-intl needs only
 * its types and helpers, and the browser's intl chunk drops the parser. Resolved from
 * react-intl's own copy of intl-messageformat, which is the one that imports the parser.
 */
export function parserlessAlias(): { find: RegExp; replacement: string } {
  const fromReactIntl = createRequire(createRequire(import.meta.url).resolve('react-intl'));
  const fromFormatter = createRequire(fromReactIntl.resolve('intl-messageformat'));
  return {
    find: /^@formatjs\/icu-messageformat-parser$/,
    replacement: fromFormatter.resolve('@formatjs/icu-messageformat-parser/no-parser.js'),
  };
}
