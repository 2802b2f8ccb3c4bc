import type { FastifyReply, FastifyRequest } from 'fastify';
import { EVIDENCE_FIELD, MAX_EVIDENCE_BYTES, MAX_EVIDENCE_FILES } from '@unban/contract/evidence';
import { AppError } from '../../errors';
import { notAnImage, sniffEvidenceType, SNIFF_BYTES } from '../../evidence/sanitize-image';
import { limitReached } from '../../services/evidence';

/*
 * Reads the screenshots of one multipart upload with every limit enforced while the bytes
 * arrive: a file stops being read at 10 MB, the first bytes of each are checked before the
 * rest is read, and a file beyond the number the request can still take ends the upload.
 * At most one file's worth of bytes is held at a time beyond those already accepted.
 */

/** Room for the multipart boundaries and part headers around the files. */
const ENVELOPE_BYTES = 64 * 1024;

/** The most an upload may send in all; also what is read and dropped after a refusal. */
const MAX_UPLOAD_BYTES = MAX_EVIDENCE_FILES * MAX_EVIDENCE_BYTES + ENVELOPE_BYTES;

/**
 * After refusing an upload whose body is still arriving: read and drop the rest, so the
 * client (still sending) receives our answer instead of a stalled or reset connection, but
 * no more than a whole upload could hold; beyond that, hang up. The connection is not reused.
 */
function discardRest(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('connection', 'close');
  const raw = request.raw;
  if (raw.readableEnded) return;
  raw.unpipe();
  let discarded = 0;
  raw.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > MAX_UPLOAD_BYTES) raw.socket.destroy();
  });
  raw.resume();
}

function unexpectedField(): AppError {
  return new AppError(
    'EVIDENCE_UNEXPECTED_FIELD',
    `Send only files, in the field "${EVIDENCE_FIELD}".`,
  );
}

function tooLarge(): AppError {
  return new AppError(
    'EVIDENCE_TOO_LARGE',
    `Each screenshot may be at most ${MAX_EVIDENCE_BYTES / 1024 / 1024} MB. Nothing was added; attach a smaller one.`,
  );
}

function errorCodeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;
}

async function readFile(file: AsyncIterable<Buffer> & { truncated: boolean }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  let checked = false;
  for await (const chunk of file) {
    chunks.push(chunk);
    size += chunk.length;
    if (!checked && size >= SNIFF_BYTES) {
      checked = true;
      // Not an image: stop here instead of reading up to 10 MB of it.
      if ((await sniffEvidenceType(Buffer.concat(chunks))) === null) throw notAnImage();
    }
  }
  if (file.truncated) throw tooLarge();
  const bytes = Buffer.concat(chunks, size);
  if (!checked && (await sniffEvidenceType(bytes)) === null) throw notAnImage();
  return bytes;
}

/**
 * The uploaded files, each within the size limit and starting like an image; the full check
 * (decoding) comes after. `maxFiles` is what the request can still take.
 * @throws AppError UNSUPPORTED_MEDIA_TYPE, EVIDENCE_UNEXPECTED_FIELD, EVIDENCE_UPLOAD_INCOMPLETE,
 *   EVIDENCE_MISSING, EVIDENCE_TOO_LARGE, EVIDENCE_TYPE_NOT_ALLOWED, EVIDENCE_LIMIT_REACHED
 */
export async function readEvidenceUploads(
  request: FastifyRequest,
  reply: FastifyReply,
  maxFiles: number,
): Promise<Buffer[]> {
  if (!request.isMultipart()) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Send the screenshots as multipart/form-data, in the field "${EVIDENCE_FIELD}".`,
    );
  }
  // An upload announced as bigger than the most it could hold is refused before any of it is read.
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES) {
    reply.header('connection', 'close');
    throw tooLarge();
  }
  const uploads: Buffer[] = [];
  try {
    const parts = request.parts({
      limits: { fileSize: MAX_EVIDENCE_BYTES, files: maxFiles, fields: 0, headerPairs: 50 },
    });
    for await (const part of parts) {
      if (part.type !== 'file' || part.fieldname !== EVIDENCE_FIELD) {
        throw unexpectedField();
      }
      uploads.push(await readFile(part.file));
    }
  } catch (error) {
    discardRest(request, reply);
    if (error instanceof AppError) throw error;
    const code = errorCodeOf(error);
    if (code === 'FST_FILES_LIMIT') throw limitReached();
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw unexpectedField();
    }
    throw new AppError(
      'EVIDENCE_UPLOAD_INCOMPLETE',
      'The upload was cut off or malformed. Please try again.',
      { cause: error },
    );
  }
  if (uploads.length === 0) {
    throw new AppError('EVIDENCE_MISSING', 'Attach at least one screenshot.');
  }
  return uploads;
}
