import { defineConfig } from 'vitest/config';

// One runner for every unit, component and server test; each workspace is a project
// so `vitest run --project server` runs only the database-backed tests.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web', 'scripts/vitest.config.mjs'],
  },
});
