import { inject } from 'vitest';

/** Where the tests' Firebase Auth emulator listens; provided by the global setup. */
export interface AuthEmulator {
  /** host:port, the form FIREBASE_AUTH_EMULATOR_HOST takes. */
  host: string;
  projectId: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulator: AuthEmulator;
  }
}

export function authEmulator(): AuthEmulator {
  return inject('authEmulator');
}
