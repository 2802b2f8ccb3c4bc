import type { default as SharpFactory, Sharp } from 'sharp';
import type { default as HeicDecode } from 'heic-decode';
import type { fileTypeFromBuffer as FileTypeFromBuffer } from 'file-type';
import type { EvidenceStoredType, EvidenceUploadType } from '@unban/contract/evidence';
import { MAX_EVIDENCE_PIXELS } from '@unban/contract/evidence';
import { AppError } from '../errors';

/*
 * What an uploaded screenshot is, decided from its bytes, and a clean copy of it: decoded
 * and encoded again, so nothing of the original file but its pixels survives (no EXIF, GPS,
 * XMP, comments or trailing data, and no way for a crafted file to reach a browser as is).
 */

// The pixel limit is the contract's, so the web's words name the same figure.
export { MAX_EVIDENCE_PIXELS };

/**
 * The image libraries, loaded on the first upload rather than at start: together they take
 * about half a second to load (sharp's native module, libheif's WebAssembly), which every
 * server start would pay for a feature most requests never touch.
 */
let libraries:
  | Promise<{
      sharp: typeof SharpFactory;
      heicDecode: typeof HeicDecode;
      fileTypeFromBuffer: typeof FileTypeFromBuffer;
    }>
  | undefined;

function imageLibraries() {
  libraries ??= Promise.all([import('sharp'), import('heic-decode'), import('file-type')]).then(
    ([sharp, heic, fileType]) => ({
      sharp: sharp.default,
      heicDecode: heic.default,
      fileTypeFromBuffer: fileType.fileTypeFromBuffer,
    }),
  );
  return libraries;
}

/** How many bytes from the start of a file are enough to tell its type. */
export const SNIFF_BYTES = 4100;

export interface SanitizedImage {
  bytes: Buffer;
  contentType: EvidenceStoredType;
  extension: 'png' | 'jpg' | 'webp';
  /** What the upload was, by its content. */
  uploadedType: EvidenceUploadType;
  width: number;
  height: number;
}

const sniffedTypes: Readonly<Record<string, EvidenceUploadType>> = {
  'image/png': 'image/png',
  'image/jpeg': 'image/jpeg',
  'image/webp': 'image/webp',
  // file-type names the HEIF container by its brand; both hold HEVC-coded images here.
  'image/heic': 'image/heic',
  'image/heif': 'image/heic',
};

/** The upload's type from its first bytes; null for anything we do not take. */
export async function sniffEvidenceType(head: Uint8Array): Promise<EvidenceUploadType | null> {
  const { fileTypeFromBuffer } = await imageLibraries();
  const detected = await fileTypeFromBuffer(head);
  return (detected && sniffedTypes[detected.mime]) ?? null;
}

export function notAnImage(): AppError {
  return new AppError(
    'EVIDENCE_TYPE_NOT_ALLOWED',
    'Attach screenshots as PNG, JPEG, WebP or HEIC images. This file is not one of them, whatever its name says.',
  );
}

function unreadable(cause: unknown): AppError {
  return new AppError(
    'EVIDENCE_UNREADABLE',
    'This image could not be read; it may be damaged or incomplete. Take the screenshot again and attach the new one.',
    { cause },
  );
}

function tooManyPixels(): AppError {
  return new AppError(
    'EVIDENCE_TOO_MANY_PIXELS',
    `This image has too many pixels (at most ${MAX_EVIDENCE_PIXELS / 1_000_000} million). Attach a screenshot rather than a photo or a scan.`,
  );
}

/** What sharp must find in a PNG, JPEG or WebP upload (a polyglot that decodes as something else is refused). */
const sharpFormat: Readonly<Record<Exclude<EvidenceUploadType, 'image/heic'>, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
};

/**
 * sharp's prebuilt libvips reads HEIF only with AV1 inside (AVIF): HEVC is patent-encumbered
 * and left out. libheif compiled to WebAssembly (heic-decode) decodes it to pixels instead.
 */
async function heicPipeline(input: Buffer): Promise<Sharp> {
  const { sharp, heicDecode } = await imageLibraries();
  let images;
  try {
    images = await heicDecode.all({ buffer: input });
  } catch (error) {
    throw unreadable(error);
  }
  try {
    const [primary] = images;
    if (!primary) throw unreadable(new Error('HEIC file without an image'));
    if (primary.width * primary.height > MAX_EVIDENCE_PIXELS) throw tooManyPixels();
    const { data, width, height } = await primary.decode();
    return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
      raw: { width, height, channels: 4 },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable(error);
  } finally {
    images.dispose();
  }
}

async function plainPipeline(
  input: Buffer,
  type: Exclude<EvidenceUploadType, 'image/heic'>,
): Promise<Sharp> {
  const { sharp } = await imageLibraries();
  // The header alone says the size: read it without the pixel limit, which sharp would
  // otherwise report as an unreadable file rather than as an image too big to take.
  let metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch (error) {
    throw unreadable(error);
  }
  if (metadata.format !== sharpFormat[type]) throw notAnImage();
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_EVIDENCE_PIXELS) throw tooManyPixels();
  // The decode keeps the limit. Turn the pixels upright first: the orientation tag goes with
  // the rest of the metadata.
  return sharp(input, { limitInputPixels: MAX_EVIDENCE_PIXELS, failOn: 'error' }).rotate();
}

/**
 * Decodes the upload and encodes a copy without metadata: PNG, JPEG and WebP stay in their
 * format, HEIC becomes JPEG (most browsers cannot show HEIC).
 * @throws AppError EVIDENCE_TYPE_NOT_ALLOWED, EVIDENCE_UNREADABLE, EVIDENCE_TOO_MANY_PIXELS
 */
export async function sanitizeEvidenceImage(input: Buffer): Promise<SanitizedImage> {
  const uploadedType = await sniffEvidenceType(input.subarray(0, SNIFF_BYTES));
  if (uploadedType === null) throw notAnImage();
  const pipeline =
    uploadedType === 'image/heic'
      ? await heicPipeline(input)
      : await plainPipeline(input, uploadedType);

  // sharp writes no metadata unless asked to (withMetadata/keepExif are not called), and
  // converts to sRGB, dropping the ICC profile too.
  let encoded;
  let contentType: EvidenceStoredType;
  let extension: SanitizedImage['extension'];
  if (uploadedType === 'image/png') {
    encoded = pipeline.png();
    contentType = 'image/png';
    extension = 'png';
  } else if (uploadedType === 'image/webp') {
    encoded = pipeline.webp({ quality: 90 });
    contentType = 'image/webp';
    extension = 'webp';
  } else {
    encoded = pipeline.jpeg({ quality: 90 });
    contentType = 'image/jpeg';
    extension = 'jpg';
  }
  try {
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      contentType,
      extension,
      uploadedType,
      width: info.width,
      height: info.height,
    };
  } catch (error) {
    throw unreadable(error);
  }
}
