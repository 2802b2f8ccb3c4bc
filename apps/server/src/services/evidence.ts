import { createHash } from 'node:crypto';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { newId } from '../domain/random-pool';
import { z } from 'zod';
import { isFinalCaseState } from '@unban/contract/case-states';
import { MAX_EVIDENCE_FILES, evidenceListSchema } from '@unban/contract/evidence';
import type { EvidenceList } from '@unban/contract/evidence';
import { addCaseNote } from '../cases/case-transitions';
import type { Database } from '../db/client';
import type { ReplyCalendar } from '../domain/reply-deadline';
import { evidenceFiles, requests } from '../db/schema';
import type { EvidenceFileRow } from '../db/schema';
import { evidenceKey, requestEvidencePrefix } from '../evidence/evidence-store';
import type { EvidenceStore, StoredObject } from '../evidence/evidence-store';
import { sanitizeEvidenceImage } from '../evidence/sanitize-image';
import type { SanitizedImage } from '../evidence/sanitize-image';
import { AppError } from '../errors';

/*
 * Ban evidence use cases: attach screenshots to a request, list them, read one, erase all of
 * a request's. Who may call them is the routes' business (owner, status link, staff); these
 * only know requests by id.
 */

export interface EvidenceDeps {
  db: Database;
  store: EvidenceStore;
}

const uuidSchema = z.uuid();

const notFound = () => new AppError('NOT_FOUND', 'We could not find this screenshot.');

export function limitReached(): AppError {
  return new AppError(
    'EVIDENCE_LIMIT_REACHED',
    `A request can hold ${MAX_EVIDENCE_FILES} screenshots at most. Nothing was added; send fewer.`,
  );
}

function toList(rows: readonly EvidenceFileRow[]): EvidenceList {
  return evidenceListSchema.parse({
    items: rows.map((row) => ({
      id: row.id,
      contentType: row.contentType,
      byteSize: row.byteSize,
      width: row.width,
      height: row.height,
      createdAt: row.createdAt.toISOString(),
    })),
    remaining: Math.max(0, MAX_EVIDENCE_FILES - rows.length),
  });
}

async function rowsOf(db: Database, requestId: string): Promise<EvidenceFileRow[]> {
  return (
    db
      .select()
      .from(evidenceFiles)
      .where(eq(evidenceFiles.requestId, requestId))
      // UUIDv7: the order they were added in.
      .orderBy(asc(evidenceFiles.createdAt), asc(evidenceFiles.id))
  );
}

/** The request's screenshots, oldest first, and how many more it can take. */
export async function listEvidence(db: Database, requestId: string): Promise<EvidenceList> {
  return toList(await rowsOf(db, requestId));
}

/** How many more screenshots the request can take now (a cheap check before reading uploads). */
export async function remainingEvidence(db: Database, requestId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(evidenceFiles)
    .where(eq(evidenceFiles.requestId, requestId));
  return Math.max(0, MAX_EVIDENCE_FILES - (row?.n ?? 0));
}

export interface AddEvidenceInput {
  requestId: string;
  /** The signed-in uploader; null when only the status link was shown. */
  uploaderUid: string | null;
  /** The uploaded files as received (each already within the size limit). */
  uploads: readonly Buffer[];
}

interface Prepared {
  id: string;
  key: string;
  sha256: string;
  image: SanitizedImage;
}

function closedCase(): AppError {
  return new AppError(
    'EVIDENCE_CASE_CLOSED',
    'This case is closed, so screenshots can no longer be added. Write to us if something is missing.',
  );
}

/**
 * Checks and cleans every upload, stores the clean copies, then records them in one
 * transaction with a timeline note: all or nothing. A file sent again (same bytes) is not
 * added twice, so a retried upload is harmless.
 * @throws AppError NOT_FOUND, EVIDENCE_CASE_CLOSED, EVIDENCE_LIMIT_REACHED and the
 *   image errors of sanitizeEvidenceImage
 */
export async function addEvidence(
  /** `calendar`: the plans' reply deadlines' business hours, for the timeline entry. */
  deps: EvidenceDeps & { calendar: ReplyCalendar },
  input: AddEvidenceInput,
): Promise<EvidenceList> {
  const { db, store } = deps;
  const prepared: Prepared[] = [];
  const seen = new Set<string>();
  // One at a time: each decode takes a core and up to 160 MB; uploads are rare, latency is not.
  for (const upload of input.uploads) {
    const sha256 = createHash('sha256').update(upload).digest('hex');
    if (seen.has(sha256)) continue;
    seen.add(sha256);
    const image = await sanitizeEvidenceImage(upload);
    const id = newId();
    prepared.push({ id, key: evidenceKey(input.requestId, id, image.extension), sha256, image });
  }

  // The objects first, outside the transaction (no row lock held over a network call); the
  // rows decide what exists, and objects without a row are removed below.
  for (const item of prepared) {
    await store.put(item.key, item.image.bytes, item.image.contentType);
  }
  let kept: Prepared[] = [];
  try {
    kept = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ caseState: requests.caseState })
        .from(requests)
        .where(eq(requests.id, input.requestId))
        .for('update');
      if (!current) throw new AppError('NOT_FOUND', 'We could not find this request.');
      if (isFinalCaseState(current.caseState)) throw closedCase();
      const existing = await tx
        .select({ sha256: evidenceFiles.uploadSha256 })
        .from(evidenceFiles)
        .where(eq(evidenceFiles.requestId, input.requestId));
      const known = new Set(existing.map((row) => row.sha256));
      const fresh = prepared.filter((item) => !known.has(item.sha256));
      if (existing.length + fresh.length > MAX_EVIDENCE_FILES) throw limitReached();
      if (fresh.length === 0) return fresh;
      await tx.insert(evidenceFiles).values(
        fresh.map((item) => ({
          id: item.id,
          requestId: input.requestId,
          storageKey: item.key,
          contentType: item.image.contentType,
          uploadedType: item.image.uploadedType,
          byteSize: item.image.bytes.length,
          width: item.image.width,
          height: item.image.height,
          uploadSha256: item.sha256,
          uploaderUid: input.uploaderUid,
        })),
      );
      await addCaseNote(
        tx,
        {
          requestId: input.requestId,
          actor: 'customer',
          actorUid: input.uploaderUid,
          internalNote:
            fresh.length === 1
              ? 'Evidence added: 1 screenshot of the ban message.'
              : `Evidence added: ${fresh.length} screenshots of the ban message.`,
        },
        deps.calendar,
      );
      return fresh;
    });
  } finally {
    const keptIds = new Set(kept.map((item) => item.id));
    await Promise.all(
      prepared.filter((item) => !keptIds.has(item.id)).map((item) => store.delete(item.key)),
    );
  }
  return listEvidence(db, input.requestId);
}

/** One screenshot's image, streamed from the store. @throws AppError NOT_FOUND */
export async function openEvidence(
  deps: EvidenceDeps,
  requestId: string,
  evidenceId: string,
): Promise<{ contentType: string; object: StoredObject }> {
  if (!uuidSchema.safeParse(evidenceId).success) throw notFound();
  const [row] = await deps.db
    .select()
    .from(evidenceFiles)
    .where(and(eq(evidenceFiles.requestId, requestId), eq(evidenceFiles.id, evidenceId)))
    .limit(1);
  if (!row) throw notFound();
  const object = await deps.store.get(row.storageKey);
  if (!object) {
    throw new AppError('NOT_FOUND', 'This screenshot is no longer available.', {
      cause: new Error(`Evidence ${row.id} has a row but no object at ${row.storageKey}`),
    });
  }
  return { contentType: row.contentType, object };
}

/**
 * Erases every screenshot of the given requests, rows and objects (for data erasure and the
 * deletion of abandoned requests). Objects go first: a row left behind by a crash is
 * retried by the next call, whereas an object without a row would be forgotten.
 */
export async function deleteRequestsEvidence(
  deps: EvidenceDeps,
  requestIds: readonly string[],
): Promise<void> {
  if (requestIds.length === 0) return;
  for (const requestId of requestIds) {
    await deps.store.deletePrefix(requestEvidencePrefix(requestId));
  }
  await deps.db.delete(evidenceFiles).where(inArray(evidenceFiles.requestId, [...requestIds]));
}
