/**
 * Gives or takes away a staff role:
 *   npm run grant-role -- <email> <operator|admin>
 *   npm run grant-role -- --revoke <email>
 * Talks to the Auth emulator when FIREBASE_AUTH_EMULATOR_HOST is set (the embedded run),
 * otherwise to the real project with GOOGLE_APPLICATION_CREDENTIALS.
 */
import { isStaffRole } from '../auth/auth-context';
import type { StaffRole } from '../auth/auth-context';
import { getFirebaseAuth } from '../auth/firebase-admin';
import { grantRole, revokeRole } from '../auth/roles';
import type { RoleChange } from '../auth/roles';

const USAGE = `Usage:
  npm run grant-role -- <email> <operator|admin>
  npm run grant-role -- --revoke <email>

Environment:
  FIREBASE_PROJECT_ID            the Firebase project (embedded run: demo-unban)
  FIREBASE_AUTH_EMULATOR_HOST    host:port of the Auth emulator (embedded run: 127.0.0.1:9099)
  GOOGLE_APPLICATION_CREDENTIALS service account file, for a real project`;

type Command =
  { kind: 'grant'; email: string; role: StaffRole } | { kind: 'revoke'; email: string };

function parseArguments(args: readonly string[]): Command | string {
  const [first, second, ...rest] = args;
  if (rest.length > 0 || first === undefined || second === undefined) return USAGE;
  if (first === '--revoke') return { kind: 'revoke', email: second };
  if (!isStaffRole(second)) return `Unknown role "${second}": use operator or admin.\n\n${USAGE}`;
  return { kind: 'grant', email: first, role: second };
}

function describe(change: RoleChange): string {
  if (!change.changed)
    return `${change.email} already has the role ${change.role}; nothing changed.`;
  return `${change.email}: ${change.previousRole} → ${change.role}. Their sessions were ended; the new role applies from their next sign-in.`;
}

async function main(): Promise<number> {
  const command = parseArguments(process.argv.slice(2));
  if (typeof command === 'string') {
    console.error(command);
    return 2;
  }
  const projectId = process.env['FIREBASE_PROJECT_ID'];
  const emulatorHost = process.env['FIREBASE_AUTH_EMULATOR_HOST'];
  if (!projectId) {
    console.error(`FIREBASE_PROJECT_ID is not set.\n\n${USAGE}`);
    return 2;
  }
  const auth = getFirebaseAuth({ projectId, emulatorHost: emulatorHost ?? null });
  const target = emulatorHost ? `the Auth emulator at ${emulatorHost}` : `project ${projectId}`;
  try {
    const change =
      command.kind === 'grant'
        ? await grantRole(auth, command.email, command.role)
        : await revokeRole(auth, command.email);
    console.log(`${describe(change)} (${target})`);
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`Could not change the role on ${target}: ${message}`);
    return 1;
  }
}

process.exitCode = await main();
