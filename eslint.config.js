import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import formatjs from 'eslint-plugin-formatjs';

const server = 'apps/server/src';
const webFeatures = 'apps/web/src/features';

/** The folders (and top-level files) directly inside `dir`. */
function entries(dir, { files = false } = {}) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() || (files && /\.ts$/.test(entry.name)))
    .map((entry) => entry.name);
}

/** Each folder of `dir` may import from itself but from none of its siblings. */
function apartFromEachOther(dir, what) {
  return entries(dir).map((name) => ({
    target: `${dir}/${name}`,
    from: dir,
    except: [`./${name}`],
    message: `${what} do not import each other: move what both need below them.`,
  }));
}

/*
 * Import zones: the layering rules of CONVENTIONS.md, kept by the linter rather than by
 * memory. The server reads top-down: routes → use cases (services/) → modules (payments/,
 * cases/, jobs/) → domain/ and db/. Tests may reach anywhere they need to look, so the
 * zones apply to product code only. scripts/import-zones.test.mjs shows that each zone
 * catches a violation.
 */
const importZones = [
  {
    target: `${server}/domain`,
    from: server,
    except: ['./domain'],
    message: 'domain/ holds pure rules: it imports nothing of the server.',
  },
  {
    target: `${server}/routes`,
    from: [`${server}/jobs`, `${server}/db`],
    message: 'Routes call use cases (services/) and app.* decorators, not jobs or the database.',
  },
  ...apartFromEachOther(`${server}/routes`, 'Route folders'),
  ...apartFromEachOther(webFeatures, 'Features'),
  {
    target: entries(server, { files: true })
      .filter((name) => name !== 'payments' && name !== 'test')
      .map((name) => `${server}/${name}`),
    from: `${server}/payments`,
    except: ['./payments-plugin.ts'],
    message: 'The payments module has one face: import payments/payments-plugin.ts (app.payments).',
  },
  {
    target: [
      `${server}/payments`,
      `${server}/cases`,
      `${server}/jobs`,
      `${server}/evidence`,
      `${server}/db`,
      `${server}/live`,
    ],
    from: [`${server}/services`, `${server}/routes`, `${server}/plugins`, `${server}/app.ts`],
    message: 'Modules never import back up into their callers (use cases, routes, the app).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '.tmp/**',
      'playwright-report/**',
      'test-results/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', 'apps/web/src/**/test-*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: importZones }],
    },
  },
  {
    // Customer-facing words live in the catalogs (docs/decisions/024): a new literal in a
    // screen's JSX fails here. The back office stays English (issue 15).
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', '**/test/**', 'apps/web/src/features/admin/**'],
    plugins: { formatjs },
    rules: {
      'formatjs/no-literal-string-in-jsx': [
        'error',
        // Attributes people read or hear; class names, ids and routes are not words.
        {
          props: { include: [['*', '{aria-label,aria-description,alt,title,placeholder,label}']] },
        },
      ],
    },
  },
  {
    // Pure rules have no I/O: no web framework, database, provider or mail client either.
    files: [`${server}/domain/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'fastify*',
                '@fastify/*',
                'drizzle-orm*',
                'pg',
                '@electric-sql/*',
                'stripe',
                'firebase-admin*',
                'nodemailer',
              ],
              message: 'domain/ holds pure rules: no I/O libraries.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'apps/server/**/*.ts',
      'scripts/**/*.{js,mjs,ts}',
      'e2e/**/*.ts',
      '*.{js,ts}',
      '.ci/**',
    ],
    languageOptions: { globals: globals.node },
  },
);
