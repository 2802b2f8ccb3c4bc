import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@unban/contract/errors';
import { MAX_EVIDENCE_BYTES, evidenceListSchema } from '@unban/contract/evidence';
import type { EvidenceList } from '@unban/contract/evidence';
import { getFirebaseAuth } from '../../auth/firebase-admin';
import { caseEvents, evidenceFiles } from '../../db/schema';
import { authEmulator } from '../../test/auth-emulator';
import { signUpStaff } from '../../test/auth-tokens';
import type { SignedInUser } from '../../test/auth-tokens';
import {
  EXIF_MARKER,
  evidenceFolder,
  heicImage,
  jpegImage,
  jpegWithExifAndGps,
  multipart,
  pngImage,
  webpImage,
} from '../../test/evidence-fixtures';
import type { UploadFile } from '../../test/evidence-fixtures';
import { bearer, createdRequest, moveCase, newCustomer } from '../../test/request-fixtures';
import type { Customer } from '../../test/request-fixtures';
import { createTestApp, testConfig } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

let subject: TestApp;
let folder: Awaited<ReturnType<typeof evidenceFolder>>;
let operator: SignedInUser;

beforeAll(async () => {
  folder = await evidenceFolder();
  const { host, projectId } = authEmulator();
  subject = await createTestApp({
    config: {
      firebase: { ...testConfig().firebase, projectId, authEmulatorHost: host },
      evidenceStorage: folder.storage,
    },
  });
  await subject.app.ready();
  operator = await signUpStaff(getFirebaseAuth({ projectId }), 'operator');
});
afterAll(async () => {
  await subject?.close();
  await folder?.remove();
});

async function customerWithRequest() {
  const customer = await newCustomer();
  const created = await createdRequest(subject, customer);
  return { customer, created };
}

function upload(
  requestId: string,
  caller: Customer | SignedInUser | null,
  files: readonly UploadFile[],
  query = '',
) {
  const body = multipart(files);
  return subject.app.inject({
    method: 'POST',
    url: `/api/requests/${requestId}/evidence${query}`,
    headers: { ...body.headers, ...(caller ? bearer(caller) : {}) },
    payload: body.payload,
    remoteAddress: caller && 'ip' in caller ? caller.ip : '203.0.113.9',
  });
}

function get(url: string, caller: SignedInUser | null) {
  return subject.app.inject({ method: 'GET', url, headers: caller ? bearer(caller) : {} });
}

function listOf(response: { json: () => unknown }): EvidenceList {
  return evidenceListSchema.parse(response.json());
}

function errorCode(response: { json: () => unknown }): string {
  return errorBodySchema.parse(response.json()).error.code;
}

async function storedFiles(requestId: string): Promise<string[]> {
  try {
    return await readdir(path.join(folder.dir, 'requests', requestId));
  } catch {
    return [];
  }
}

/**
 * A PNG that states `width` × `height` pixels in its header and holds none: the size check
 * reads the header, so no test has to build an image of 48 million pixels.
 */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(0))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const png = async (): Promise<UploadFile> => ({
  filename: 'ban.png',
  type: 'image/png',
  bytes: await pngImage(),
});

describe('POST /api/requests/:id/evidence', () => {
  it('takes a PNG, a JPEG and a WebP, keeps each format, and the owner reads them back', async () => {
    const { customer, created } = await customerWithRequest();
    const response = await upload(created.id, customer, [
      await png(),
      { filename: 'ban.jpg', type: 'image/jpeg', bytes: await jpegImage() },
      { filename: 'ban.webp', type: 'image/webp', bytes: await webpImage() },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const list = listOf(response);
    expect(list.items.map((item) => item.contentType)).toEqual([
      'image/png',
      'image/jpeg',
      'image/webp',
    ]);
    expect(list.items.every((item) => item.width === 120 && item.height === 200)).toBe(true);
    expect(list.remaining).toBe(0);
    expect(await storedFiles(created.id)).toHaveLength(3);

    for (const item of list.items) {
      const image = await get(`/api/requests/${created.id}/evidence/${item.id}`, customer);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe(item.contentType);
      expect(image.headers['cache-control']).toBe('private, no-store');
      expect(image.rawPayload.length).toBe(item.byteSize);
      const metadata = await sharp(image.rawPayload).metadata();
      expect(`image/${metadata.format}`).toBe(item.contentType);
    }
    const listed = await get(`/api/requests/${created.id}/evidence`, customer);
    expect(listOf(listed).items.map((item) => item.id)).toEqual(list.items.map((item) => item.id));
  });

  it('strips EXIF and GPS data and turns the picture upright', async () => {
    const { customer, created } = await customerWithRequest();
    const original = await jpegWithExifAndGps(160, 90);
    const before = await sharp(original).metadata();
    expect(before.exif?.length).toBeGreaterThan(0);
    expect(before.orientation).toBe(6);
    expect(original.includes(Buffer.from(EXIF_MARKER))).toBe(true);

    const response = await upload(created.id, customer, [
      { filename: 'photo.jpg', type: 'image/jpeg', bytes: original },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const [item] = listOf(response).items;
    if (!item) throw new Error('no item');
    const image = await get(`/api/requests/${created.id}/evidence/${item.id}`, customer);
    const after = await sharp(image.rawPayload).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(image.rawPayload.includes(Buffer.from(EXIF_MARKER))).toBe(false);
    expect(image.rawPayload.includes(Buffer.from('UnbanTestPhone'))).toBe(false);
    // Orientation 6 (rotate 90°): the stored pixels are turned, 160×90 becomes 90×160.
    expect([after.width, after.height]).toEqual([90, 160]);
  });

  it('turns a HEIC into a JPEG with the same picture', async () => {
    const { customer, created } = await customerWithRequest();
    const response = await upload(created.id, customer, [
      { filename: 'IMG_0001.HEIC', type: 'image/heic', bytes: await heicImage() },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const [item] = listOf(response).items;
    expect(item).toMatchObject({ contentType: 'image/jpeg', width: 64, height: 48 });
    const image = await get(`/api/requests/${created.id}/evidence/${item?.id}`, customer);
    const { data } = await sharp(image.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * 64 + x) * 3, (y * 64 + x) * 3 + 3),
    ];
    const [r1 = 0, g1 = 0] = pixel(4, 4);
    const [r2 = 0, g2 = 0] = pixel(60, 44);
    expect(g1).toBeGreaterThan(r1); // the green quarter
    expect(r2).toBeGreaterThan(g2); // the red rest
  });

  it('refuses a text file named .png and declared as an image, and stores nothing', async () => {
    const { customer, created } = await customerWithRequest();
    const response = await upload(created.id, customer, [
      await png(),
      {
        filename: 'screenshot.png',
        type: 'image/png',
        bytes: Buffer.from('This account is not allowed to use WhatsApp.\n'.repeat(200)),
      },
    ]);
    expect(response.statusCode).toBe(415);
    expect(errorCode(response)).toBe('EVIDENCE_TYPE_NOT_ALLOWED');
    expect(listOf(await get(`/api/requests/${created.id}/evidence`, customer)).items).toEqual([]);
    expect(await storedFiles(created.id)).toEqual([]);
  });

  it('refuses a file that starts like a PNG but is not one', async () => {
    const { customer, created } = await customerWithRequest();
    const real = await pngImage();
    const broken = Buffer.concat([real.subarray(0, 40), Buffer.alloc(5000, 7)]);
    const response = await upload(created.id, customer, [
      { filename: 'ban.png', type: 'image/png', bytes: broken },
    ]);
    expect(response.statusCode).toBe(422);
    expect(errorCode(response)).toBe('EVIDENCE_UNREADABLE');
  });

  it('refuses a file over 10 MB, and stores nothing', async () => {
    const { customer, created } = await customerWithRequest();
    const real = await pngImage();
    const oversize = Buffer.concat([real, Buffer.alloc(MAX_EVIDENCE_BYTES + 1 - real.length)]);
    expect(oversize.length).toBe(MAX_EVIDENCE_BYTES + 1);
    const response = await upload(created.id, customer, [
      { filename: 'huge.png', type: 'image/png', bytes: oversize },
    ]);
    expect(response.statusCode).toBe(413);
    expect(errorCode(response)).toBe('EVIDENCE_TOO_LARGE');
    expect(await storedFiles(created.id)).toEqual([]);
  });

  it('takes a file of exactly 10 MB up to the check of its content', async () => {
    const { customer, created } = await customerWithRequest();
    const real = await pngImage();
    // A valid PNG followed by padding: within the limit, decoded, stored without the padding.
    const padded = Buffer.concat([real, Buffer.alloc(MAX_EVIDENCE_BYTES - real.length)]);
    const response = await upload(created.id, customer, [
      { filename: 'padded.png', type: 'image/png', bytes: padded },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    expect(listOf(response).items[0]?.byteSize).toBeLessThan(100_000);
  });

  it('refuses a fourth file, in one upload or over several, and keeps what was there', async () => {
    const { customer, created } = await customerWithRequest();
    const four = await Promise.all(
      [100, 110, 120, 130].map(async (width) => ({
        filename: `${width}.png`,
        type: 'image/png',
        bytes: await pngImage(width, 200),
      })),
    );
    const all = await upload(created.id, customer, four);
    expect(all.statusCode).toBe(409);
    expect(errorCode(all)).toBe('EVIDENCE_LIMIT_REACHED');
    expect(await storedFiles(created.id)).toEqual([]);

    expect((await upload(created.id, customer, four.slice(0, 2))).statusCode).toBe(201);
    const third = await upload(created.id, customer, four.slice(2, 4));
    expect(third.statusCode).toBe(409);
    expect(errorCode(third)).toBe('EVIDENCE_LIMIT_REACHED');
    expect((await upload(created.id, customer, four.slice(2, 3))).statusCode).toBe(201);
    const fourth = await upload(created.id, customer, four.slice(3, 4));
    expect(fourth.statusCode).toBe(409);
    expect(errorCode(fourth)).toBe('EVIDENCE_LIMIT_REACHED');
    const listed = listOf(await get(`/api/requests/${created.id}/evidence`, customer));
    expect(listed.items.map((item) => item.width)).toEqual([100, 110, 120]);
    expect(await storedFiles(created.id)).toHaveLength(3);
  });

  it('keeps a file sent twice once, so a retried upload adds nothing', async () => {
    const { customer, created } = await customerWithRequest();
    const file = await png();
    expect((await upload(created.id, customer, [file])).statusCode).toBe(201);
    const again = await upload(created.id, customer, [file, file]);
    expect(again.statusCode).toBe(201);
    expect(listOf(again).items).toHaveLength(1);
    expect(await storedFiles(created.id)).toHaveLength(1);
  });

  it('notes the evidence on the case timeline for operators', async () => {
    const { customer, created } = await customerWithRequest();
    await upload(created.id, customer, [await png()]);
    const notes = await subject.database.db
      .select()
      .from(caseEvents)
      .where(eq(caseEvents.requestId, created.id));
    const note = notes.find((event) => event.internalNote?.startsWith('Evidence added'));
    expect(note).toMatchObject({
      actorType: 'customer',
      actorUid: customer.uid,
      fromState: 'awaiting_payment',
      toState: 'awaiting_payment',
      messageToCustomer: null,
    });
  });

  it('refuses uploads once the case is closed', async () => {
    const { customer, created } = await customerWithRequest();
    await moveCase(subject.database.db, created.id, [{ to: 'canceled', actor: 'system' }]);
    const response = await upload(created.id, customer, [await png()]);
    expect(response.statusCode).toBe(409);
    expect(errorCode(response)).toBe('EVIDENCE_CASE_CLOSED');
  });

  it('refuses a body that is not multipart, and a form field that is not a file', async () => {
    const { customer, created } = await customerWithRequest();
    const json = await subject.app.inject({
      method: 'POST',
      url: `/api/requests/${created.id}/evidence`,
      headers: bearer(customer),
      payload: { files: 'nope' },
    });
    expect(json.statusCode).toBe(415);
    expect(errorCode(json)).toBe('UNSUPPORTED_MEDIA_TYPE');
    const wrongField = multipart([await png()], 'attachment');
    const field = await subject.app.inject({
      method: 'POST',
      url: `/api/requests/${created.id}/evidence`,
      headers: { ...wrongField.headers, ...bearer(customer) },
      payload: wrongField.payload,
    });
    expect(field.statusCode).toBe(400);
    expect(errorCode(field)).toBe('EVIDENCE_UNEXPECTED_FIELD');
  });

  it('refuses an upload without a file, and one cut off on its way, each with its own code', async () => {
    const { customer, created } = await customerWithRequest();
    const empty = multipart([]);
    const none = await subject.app.inject({
      method: 'POST',
      url: `/api/requests/${created.id}/evidence`,
      headers: { ...empty.headers, ...bearer(customer) },
      payload: empty.payload,
    });
    expect(none.statusCode).toBe(400);
    expect(errorCode(none)).toBe('EVIDENCE_MISSING');

    const whole = multipart([await png()]);
    const cut = await subject.app.inject({
      method: 'POST',
      url: `/api/requests/${created.id}/evidence`,
      headers: { ...whole.headers, ...bearer(customer) },
      // The end of the file and the closing boundary never arrive.
      payload: whole.payload.subarray(0, whole.payload.length - 200),
    });
    expect(cut.statusCode).toBe(400);
    expect(errorCode(cut)).toBe('EVIDENCE_UPLOAD_INCOMPLETE');
    expect(await storedFiles(created.id)).toEqual([]);
  });

  it('refuses an image of more pixels than a screenshot has, apart from one too heavy', async () => {
    const { customer, created } = await customerWithRequest();
    const response = await upload(created.id, customer, [
      { filename: 'scan.png', type: 'image/png', bytes: pngHeaderOnly(8000, 6000) },
    ]);
    expect(response.statusCode).toBe(422);
    expect(errorCode(response)).toBe('EVIDENCE_TOO_MANY_PIXELS');
    expect(await storedFiles(created.id)).toEqual([]);
  });
});

describe('who may read and add evidence', () => {
  it("hides one customer's evidence from another, and from anonymous callers", async () => {
    const { customer, created } = await customerWithRequest();
    const [item] = listOf(await upload(created.id, customer, [await png()])).items;
    const stranger = await newCustomer();
    const content = `/api/requests/${created.id}/evidence/${item?.id}`;
    for (const caller of [stranger, null]) {
      expect((await get(content, caller)).statusCode).toBe(404);
      expect((await get(`/api/requests/${created.id}/evidence`, caller)).statusCode).toBe(404);
      const added = await upload(created.id, caller, [
        { filename: 'x.jpg', type: 'image/jpeg', bytes: await jpegImage() },
      ]);
      expect(added.statusCode).toBe(404);
    }
    // A right screenshot id under the stranger's own request does not open it either.
    const own = await createdRequest(subject, stranger);
    expect((await get(`/api/requests/${own.id}/evidence/${item?.id}`, stranger)).statusCode).toBe(
      404,
    );
    expect(await storedFiles(created.id)).toHaveLength(1);
  });

  it("lets the holder of the order's status link read and add, and no one with a wrong token", async () => {
    const { customer, created } = await customerWithRequest();
    const token = `?token=${created.statusToken}`;
    const added = await upload(created.id, null, [await png()], token);
    expect(added.statusCode, added.body).toBe(201);
    const [item] = listOf(added).items;
    const content = `/api/requests/${created.id}/evidence/${item?.id}`;
    expect((await get(`${content}${token}`, null)).statusCode).toBe(200);
    expect((await get(`${content}?token=${'A'.repeat(43)}`, null)).statusCode).toBe(404);
    expect((await get(content, customer)).statusCode).toBe(200);
  });

  it('lets staff list and read any case’s evidence through the back office, and only staff', async () => {
    const { customer, created } = await customerWithRequest();
    const [item] = listOf(await upload(created.id, customer, [await png()])).items;
    const adminList = `/api/admin/requests/${created.id}/evidence`;
    const adminContent = `${adminList}/${item?.id}`;

    const listed = await get(adminList, operator);
    expect(listed.statusCode).toBe(200);
    expect(listOf(listed).items.map((entry) => entry.id)).toEqual([item?.id]);
    const image = await get(adminContent, operator);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(120);

    expect((await get(adminContent, customer)).statusCode).toBe(403);
    expect((await get(adminContent, null)).statusCode).toBe(401);
    // The customer routes stay the owner's: staff use the back office's.
    expect(
      (await get(`/api/requests/${created.id}/evidence/${item?.id}`, operator)).statusCode,
    ).toBe(404);
    const missing = await get(
      `${adminList}/${'0'.repeat(8)}-0000-7000-8000-000000000000`,
      operator,
    );
    expect(missing.statusCode).toBe(404);
  });

  it('keeps the rows of the database and the files of the store in step', async () => {
    const { customer, created } = await customerWithRequest();
    await upload(created.id, customer, [await png()]);
    const rows = await subject.database.db
      .select()
      .from(evidenceFiles)
      .where(eq(evidenceFiles.requestId, created.id));
    expect(rows.map((row) => path.basename(row.storageKey))).toEqual(await storedFiles(created.id));
    expect(rows[0]).toMatchObject({ uploadedType: 'image/png', uploaderUid: customer.uid });
  });
});
