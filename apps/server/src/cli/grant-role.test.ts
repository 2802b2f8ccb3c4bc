import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { getFirebaseAuth } from '../auth/firebase-admin';
import { authEmulator } from '../test/auth-emulator';
import { signUpVerified, uniqueEmail } from '../test/auth-tokens';

const run = promisify(execFile);
const tsx = createRequire(import.meta.url).resolve('tsx/cli');
const cli = fileURLToPath(new URL('./grant-role.ts', import.meta.url));

async function grantRoleCli(...args: string[]) {
  const { host, projectId } = authEmulator();
  try {
    const { stdout, stderr } = await run(process.execPath, [tsx, cli, ...args], {
      env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: host, FIREBASE_PROJECT_ID: projectId },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run grant-role', () => {
  it('grants and revokes a role by e-mail address', async () => {
    const auth = getFirebaseAuth({ projectId: authEmulator().projectId });
    const user = await signUpVerified(auth);
    const { email } = user;

    const granted = await grantRoleCli(email, 'admin');
    expect(granted).toMatchObject({ code: 0 });
    expect(granted.stdout).toContain(`${email}: customer → admin`);
    expect((await auth.getUser(user.uid)).customClaims).toEqual({ role: 'admin' });

    const revoked = await grantRoleCli('--revoke', email);
    expect(revoked).toMatchObject({ code: 0 });
    expect(revoked.stdout).toContain(`${email}: admin → customer`);
    expect((await auth.getUser(user.uid)).customClaims ?? {}).toEqual({});
  });

  it('fails with a clear message for an unknown user or a wrong role', async () => {
    const email = uniqueEmail('nobody');
    const unknown = await grantRoleCli(email, 'operator');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(`No account uses the e-mail address ${email}`);

    const wrongRole = await grantRoleCli(email, 'owner');
    expect(wrongRole.code).toBe(2);
    expect(wrongRole.stderr).toContain('Unknown role "owner"');
  });
});
