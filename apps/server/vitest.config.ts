import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    // Each file builds its own app on its own database; PGlite start-up takes a moment.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
