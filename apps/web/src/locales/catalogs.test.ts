// @vitest-environment node
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { defaultLocale, supportedLocales } from '@unban/contract/locale-tags';
import { catalogProblems } from './catalog-problems';

const folder = path.dirname(fileURLToPath(import.meta.url));

function readCatalog(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as Record<string, unknown>;
}

const english = readCatalog(`${defaultLocale}.json`);
const shipped = supportedLocales.filter((locale) => locale !== defaultLocale);

describe('the message catalogs', () => {
  it('are exactly the shipped locales, one file each', () => {
    const files = readdirSync(folder).filter((name) => name.endsWith('.json'));
    expect(files.sort()).toEqual(supportedLocales.map((locale) => `${locale}.json`).sort());
  });

  it('English parses as ICU messages', () => {
    expect(catalogProblems(english, english)).toEqual([]);
  });

  it.each(shipped)(
    '%s has every English key, no other, valid ICU, the same arguments',
    (locale) => {
      expect(catalogProblems(readCatalog(`${locale}.json`), english)).toEqual([]);
    },
  );

  it.each(shipped)('%s is translated: no English sentence left as it is', (locale) => {
    const catalog = readCatalog(`${locale}.json`);
    const copied = Object.entries(english)
      .filter(([, text]) => typeof text === 'string' && /\b[a-z]+ [a-z]+ [a-z]+\b/.test(text))
      .filter(([key, text]) => catalog[key] === text)
      .map(([key]) => key);
    expect(copied).toEqual([]);
  });
});

describe('catalogProblems', () => {
  // The check itself must be able to fail, or the tests above prove nothing.
  it('names a missing key, an extra key, a syntax error and a changed argument', () => {
    const source = {
      a: 'Hello {name}',
      b: 'Bye',
      c: '{count, plural, one {# day} other {# days}}',
    };
    expect(
      catalogProblems({ a: 'Hola {nombre}', c: '{count, plural, one {# día', z: 'x' }, source),
    ).toEqual([
      'a: arguments {nombre} instead of {name}',
      'b: missing',
      'c: not a valid ICU message',
      'z: not in English',
    ]);
  });

  it('accepts a translation with other plural branches and the same arguments', () => {
    const source = { c: '{count, plural, one {# day} other {# days}}' };
    expect(
      catalogProblems({ c: '{count, plural, one {# dia} few {# dny} other {# dias}}' }, source),
    ).toEqual([]);
  });
});
