import { defineProject } from 'vitest/config';

// Unit tests of the start and browser-finding helpers (plain Node, no browser, no server).
export default defineProject({
  test: {
    name: 'scripts',
    environment: 'node',
    setupFiles: ['./test/fail-on-console-error.mjs'],
    include: ['**/*.test.mjs'],
  },
});
