import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'contract',
    environment: 'node',
    setupFiles: ['../../scripts/test/fail-on-console-error.mjs'],
  },
});
