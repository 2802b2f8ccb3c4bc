import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    // One real Firebase Auth emulator for the run (reused when FIREBASE_AUTH_EMULATOR_HOST is
    // set); each worker then finds it in its environment, as firebase-admin expects.
    globalSetup: ['./src/test/auth-emulator.global-setup.ts'],
    setupFiles: [
      '../../scripts/test/fail-on-console-error.mjs',
      './src/test/auth-emulator.setup.ts',
    ],
    // Each file builds its own app on its own database; PGlite start-up takes a moment.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
