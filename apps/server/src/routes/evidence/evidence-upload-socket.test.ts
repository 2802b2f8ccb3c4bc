import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorBodySchema } from '@unban/contract/errors';
import { authEmulator } from '../../test/auth-emulator';
import { evidenceFolder, pngImage } from '../../test/evidence-fixtures';
import { createdRequest, newCustomer } from '../../test/request-fixtures';
import { createTestApp, testConfig } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

/*
 * Over a real connection (not app.inject): an upload refused while its body is still
 * arriving must reach the client as our answer, not as a reset connection, so the browser
 * can show why. The server stops reading the file at the limit; what is left is discarded.
 */

let subject: TestApp;
let folder: Awaited<ReturnType<typeof evidenceFolder>>;
let origin: string;

beforeAll(async () => {
  folder = await evidenceFolder();
  const { host, projectId } = authEmulator();
  subject = await createTestApp({
    config: {
      firebase: { ...testConfig().firebase, projectId, authEmulatorHost: host },
      evidenceStorage: folder.storage,
    },
  });
  await subject.app.listen({ port: 0, host: '127.0.0.1' });
  const address = subject.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
  origin = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await subject?.close();
  await folder?.remove();
});

async function send(requestId: string, idToken: string, bytes: Buffer) {
  const form = new FormData();
  form.append('files', new Blob([bytes], { type: 'image/png' }), 'screenshot.png');
  const response = await fetch(`${origin}/api/requests/${requestId}/evidence`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${idToken}` },
  });
  return { status: response.status, code: errorBodySchema.parse(await response.json()).error.code };
}

it('answers an oversize upload and a disguised file with their codes while the body streams in', async () => {
  const customer = await newCustomer();
  const created = await createdRequest(subject, customer);
  const oversize = Buffer.concat([await pngImage(), Buffer.alloc(25 * 1024 * 1024)]);
  expect(await send(created.id, customer.idToken, oversize)).toEqual({
    status: 413,
    code: 'EVIDENCE_TOO_LARGE',
  });
  const text = Buffer.alloc(25 * 1024 * 1024, 'A');
  expect(await send(created.id, customer.idToken, text)).toEqual({
    status: 415,
    code: 'EVIDENCE_TYPE_NOT_ALLOWED',
  });
});
