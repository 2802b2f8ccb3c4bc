/*
 * Test support for ban evidence: images made with sharp, multipart bodies, a private
 * evidence folder per test app, and an S3-compatible server (s3rver) on an ephemeral port.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import S3rver from 's3rver';
import { EVIDENCE_FIELD } from '@unban/contract/evidence';
import type { EvidenceStorageConfig } from '../config/env-evidence';

export interface UploadFile {
  filename: string;
  /** What the browser would declare; the server must not believe it. */
  type: string;
  bytes: Buffer;
}

/** A multipart/form-data body as a browser sends it, for `app.inject()`. */
export function multipart(
  files: readonly UploadFile[],
  field: string = EVIDENCE_FIELD,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----unban-test-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A small screenshot-like picture: a coloured block with a darker band (the "message"). */
function picture(width: number, height: number, colour: string) {
  return sharp({ create: { width, height, channels: 3, background: colour } }).composite([
    {
      input: {
        create: {
          width: Math.floor(width / 2),
          height: Math.floor(height / 4),
          channels: 3,
          background: '#202020',
        },
      },
      left: 1,
      top: 1,
    },
  ]);
}

export const pngImage = (width = 120, height = 200) =>
  picture(width, height, '#e8f4ff').png().toBuffer();
export const webpImage = (width = 120, height = 200) =>
  picture(width, height, '#fff4e8').webp().toBuffer();
export const jpegImage = (width = 120, height = 200) =>
  picture(width, height, '#e8ffe8').jpeg().toBuffer();

/** A marker written into the EXIF of the test photo; it must not survive the upload. */
export const EXIF_MARKER = 'UnbanTestCameraModel';

/** A JPEG as a phone camera writes it: make, model, GPS position, rotated by its tag. */
export async function jpegWithExifAndGps(width = 160, height = 90): Promise<Buffer> {
  return (
    picture(width, height, '#ffe8e8')
      .jpeg()
      .withExif({
        IFD0: { Make: 'UnbanTestPhone', Model: EXIF_MARKER },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '48/1 51/1 2400/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '2/1 17/1 4000/100',
        },
      })
      // The orientation tag is written apart from the other tags.
      .withMetadata({ orientation: 6 })
      .toBuffer()
  );
}

/** A 64×48 HEIC (HEVC) made with libheif's heif-enc: red, with a green top-left quarter. */
export function heicImage(): Promise<Buffer> {
  return readFile(fileURLToPath(new URL('./fixtures/ban-screenshot-64x48.heic', import.meta.url)));
}

/** A private evidence folder for one test app; `remove()` deletes it. */
export async function evidenceFolder(): Promise<{
  storage: EvidenceStorageConfig;
  dir: string;
  remove: () => Promise<void>;
}> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'unban-evidence-test-'));
  return {
    storage: { kind: 'files', dir },
    dir,
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

export const TEST_BUCKET = 'unban-evidence-test';

/**
 * s3rver (an S3-compatible server in Node) on an ephemeral port of 127.0.0.1, its files in a
 * temporary folder, with the test bucket created; `stop()` closes it and removes the folder.
 */
export async function startS3Server(): Promise<{
  storage: Extract<EvidenceStorageConfig, { kind: 's3' }>;
  directory: string;
  stop: () => Promise<void>;
}> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'unban-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const { port } = await server.run();
  return {
    storage: {
      kind: 's3',
      bucket: TEST_BUCKET,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      // s3rver's fixed development keys.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    },
    directory,
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
