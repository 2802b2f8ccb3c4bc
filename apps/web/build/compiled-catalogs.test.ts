import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { supportedLocales } from '@unban/contract/locale-tags';
import { compileCatalog, compiledCatalogsPlugin } from './compiled-catalogs';

const locales = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/locales');
const catalogPath = (locale: string) => path.join(locales, `${locale}.json`);

describe('compiled catalogs', () => {
  it.each(supportedLocales)(
    '%s: every message compiles to the syntax tree FormatJS formats',
    (locale) => {
      const source = JSON.parse(readFileSync(catalogPath(locale), 'utf8')) as Record<
        string,
        string
      >;
      const compiled = JSON.parse(compileCatalog(JSON.stringify(source), locale)) as Record<
        string,
        MessageFormatElement[]
      >;
      expect(Object.keys(compiled)).toEqual(Object.keys(source));
      for (const tree of Object.values(compiled)) expect(Array.isArray(tree)).toBe(true);
    },
  );

  it('formats a compiled plural and a tag exactly as the text does', () => {
    const text = 'You have {count, plural, one {# case} other {# cases}} in <b>{app}</b>.';
    const tree = (
      JSON.parse(compileCatalog(JSON.stringify({ m: text }), 'en')) as {
        m: MessageFormatElement[];
      }
    ).m;
    const values = { count: 2, app: 'WhatsApp', b: (chunks: string[]) => `[${chunks.join('')}]` };
    const fromText = new IntlMessageFormat(text, 'en').format(values);
    expect(new IntlMessageFormat(tree, 'en').format(values)).toEqual(fromText);
    expect(fromText).toBe('You have 2 cases in [WhatsApp].');
  });

  it('serves catalogs compiled, and nothing else', () => {
    const plugin = compiledCatalogsPlugin();
    const load = plugin.load as (id: string) => string | null;
    const served = load.call({}, catalogPath('es'));
    expect(served).not.toBeNull();
    expect(Object.values(JSON.parse(served ?? '{}') as object)[0]).toBeInstanceOf(Array);
    expect(load.call({}, '/work/main/apps/web/src/app/app.tsx')).toBeNull();
    expect(load.call({}, '/work/main/apps/web/public/manifest.json')).toBeNull();
  });
});
