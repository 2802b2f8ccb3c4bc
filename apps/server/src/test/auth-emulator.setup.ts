// Runs in every server test worker: firebase-admin and the server's configuration both read
// the emulator from the environment, so put the one the global setup started there.
import { authEmulator } from './auth-emulator';

const { host, projectId } = authEmulator();
process.env['FIREBASE_AUTH_EMULATOR_HOST'] = host;
process.env['FIREBASE_PROJECT_ID'] = projectId;
