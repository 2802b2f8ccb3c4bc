import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['../../scripts/test/fail-on-console-error.mjs', './vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    // A form test types a whole order through jsdom: about a second alone, but the suite must
    // also pass beside another CPU-heavy process on two cores, where the 5 s default ran out.
    testTimeout: 20_000,
  },
});
