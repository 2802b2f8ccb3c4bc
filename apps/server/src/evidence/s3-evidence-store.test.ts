import { readdir } from 'node:fs/promises';
import { text } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evidenceListSchema } from '@unban/contract/evidence';
import { authEmulator } from '../test/auth-emulator';
import { multipart, pngImage, startS3Server } from '../test/evidence-fixtures';
import { bearer, createdRequest, newCustomer } from '../test/request-fixtures';
import { createTestApp, testConfig } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { evidenceKey, requestEvidencePrefix } from './evidence-store';
import { S3EvidenceStore } from './s3-evidence-store';

/*
 * The S3 path against s3rver, an S3-compatible server that runs in this process on an
 * ephemeral port of 127.0.0.1 (no network beyond the machine), started and stopped here.
 */

let s3: Awaited<ReturnType<typeof startS3Server>>;
let store: S3EvidenceStore;

beforeAll(async () => {
  s3 = await startS3Server();
  store = new S3EvidenceStore(s3.storage);
});
afterAll(async () => {
  store?.destroy();
  await s3?.stop();
});

const requestA = '01936f3e-0000-7000-8000-00000000000a';
const requestB = '01936f3e-0000-7000-8000-00000000000b';
const fileId = (n: number) => `01936f3e-0000-7000-8000-${String(n).padStart(12, '0')}`;

describe('S3EvidenceStore', () => {
  it('puts, gets and deletes an object', async () => {
    const key = evidenceKey(requestA, fileId(1), 'png');
    await store.put(key, Buffer.from('png bytes'), 'image/png');
    const object = await store.get(key);
    expect(object?.byteSize).toBe(9);
    expect(object ? await text(object.body) : null).toBe('png bytes');
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    // Deleting what is not there is not an error.
    await store.delete(key);
  });

  it("erases one request's objects and leaves the others'", async () => {
    for (const n of [1, 2, 3]) {
      await store.put(evidenceKey(requestA, fileId(n), 'jpg'), Buffer.from(`a${n}`), 'image/jpeg');
    }
    await store.put(evidenceKey(requestB, fileId(4), 'jpg'), Buffer.from('b'), 'image/jpeg');
    await store.deletePrefix(requestEvidencePrefix(requestA));
    for (const n of [1, 2, 3]) {
      expect(await store.get(evidenceKey(requestA, fileId(n), 'jpg'))).toBeNull();
    }
    expect(await store.get(evidenceKey(requestB, fileId(4), 'jpg'))).not.toBeNull();
  });

  it('refuses keys that are not evidence keys', async () => {
    await expect(store.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /Not an evidence key/,
    );
    await expect(store.deletePrefix('requests/')).rejects.toThrow(/Not an evidence key/);
  });
});

describe('the evidence routes with S3 storage', () => {
  let subject: TestApp;

  beforeAll(async () => {
    const { host, projectId } = authEmulator();
    subject = await createTestApp({
      config: {
        firebase: { ...testConfig().firebase, projectId, authEmulatorHost: host },
        evidenceStorage: s3.storage,
      },
    });
    await subject.app.ready();
  });
  afterAll(() => subject?.close());

  it('stores the clean image in the bucket and streams it back to the owner', async () => {
    const customer = await newCustomer();
    const created = await createdRequest(subject, customer);
    const body = multipart([{ filename: 'ban.png', type: 'image/png', bytes: await pngImage() }]);
    const response = await subject.app.inject({
      method: 'POST',
      url: `/api/requests/${created.id}/evidence`,
      headers: { ...body.headers, ...bearer(customer) },
      payload: body.payload,
      remoteAddress: customer.ip,
    });
    expect(response.statusCode, response.body).toBe(201);
    const [item] = evidenceListSchema.parse(response.json()).items;
    if (!item) throw new Error('no item');

    // In the bucket (s3rver keeps it on disk under the bucket's folder), under the request.
    const stored = await store.get(evidenceKey(created.id, item.id, 'png'));
    expect(stored?.byteSize).toBe(item.byteSize);
    stored?.body.destroy();
    expect(await readdir(s3.directory)).toContain(s3.storage.bucket);

    const image = await subject.app.inject({
      method: 'GET',
      url: `/api/requests/${created.id}/evidence/${item.id}`,
      headers: bearer(customer),
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(item.width);
  });
});
