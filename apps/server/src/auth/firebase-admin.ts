import { applicationDefault, getApps, initializeApp } from 'firebase-admin/app';
import type { App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import type { Auth } from 'firebase-admin/auth';

// A named app keeps ours apart from a default app some library might create, and lets a
// second import of this module (vitest re-evaluates our modules, not node_modules) find it.
const APP_NAME = 'unban-server';

export interface FirebaseAdminOptions {
  /** Undefined or null: firebase-admin finds it (GOOGLE_CLOUD_PROJECT, the credentials file). */
  projectId?: string | null;
  /** host:port of the Auth emulator; tokens are then unsigned and no credentials are needed. */
  emulatorHost?: string | null;
}

/**
 * The process's one firebase-admin Auth client, created on first use so that a server that
 * never sees a token never touches credentials. In production the credentials come from
 * GOOGLE_APPLICATION_CREDENTIALS (or the platform) through Application Default Credentials.
 *
 * @throws Error when called again for a different project: one process serves one project.
 */
export function getFirebaseAuth(options: FirebaseAdminOptions = {}): Auth {
  // firebase-admin reads the emulator address only from the environment, at each call; set it
  // from the parsed configuration so both always agree.
  if (options.emulatorHost) process.env['FIREBASE_AUTH_EMULATOR_HOST'] = options.emulatorHost;

  const projectId = options.projectId ?? undefined;
  const existing = getApps().find((app) => app.name === APP_NAME);
  const app: App =
    existing ??
    initializeApp(
      { ...(projectId ? { projectId } : {}), credential: applicationDefault() },
      APP_NAME,
    );
  const initialisedFor = app.options.projectId;
  if (projectId && initialisedFor !== projectId) {
    throw new Error(
      `firebase-admin is already set up for project "${initialisedFor ?? '(discovered)'}", not "${projectId}".`,
    );
  }
  return getAuth(app);
}
