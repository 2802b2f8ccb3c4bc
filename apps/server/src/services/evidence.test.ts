import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evidenceFiles } from '../db/schema';
import { FileEvidenceStore } from '../evidence/file-evidence-store';
import { authEmulator } from '../test/auth-emulator';
import { evidenceFolder, jpegImage, pngImage } from '../test/evidence-fixtures';
import { createdRequest, newCustomer } from '../test/request-fixtures';
import { createTestApp, testCalendar, testConfig } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { addEvidence, deleteRequestsEvidence, listEvidence } from './evidence';

let subject: TestApp;
let folder: Awaited<ReturnType<typeof evidenceFolder>>;
let store: FileEvidenceStore;

beforeAll(async () => {
  folder = await evidenceFolder();
  store = new FileEvidenceStore(folder.dir);
  const { host, projectId } = authEmulator();
  subject = await createTestApp({
    config: {
      firebase: { ...testConfig().firebase, projectId, authEmulatorHost: host },
      evidenceStorage: folder.storage,
    },
  });
  await subject.app.ready();
});
afterAll(async () => {
  await subject?.close();
  await folder?.remove();
});

async function folderOf(requestId: string): Promise<string[]> {
  return readdir(path.join(folder.dir, 'requests', requestId)).catch(() => []);
}

describe('deleteRequestsEvidence (for erasure and the clean-up of abandoned requests)', () => {
  it("removes the given requests' rows and files and nothing else", async () => {
    const deps = { db: subject.database.db, store, calendar: testCalendar };
    const customer = await newCustomer();
    const [erased, kept] = [
      await createdRequest(subject, customer),
      await createdRequest(subject, customer),
    ];
    await addEvidence(deps, {
      requestId: erased.id,
      uploaderUid: customer.uid,
      uploads: [await pngImage(), await jpegImage()],
    });
    await addEvidence(deps, { requestId: kept.id, uploaderUid: null, uploads: [await pngImage()] });
    expect(await folderOf(erased.id)).toHaveLength(2);

    await deleteRequestsEvidence(deps, [erased.id]);

    expect(await folderOf(erased.id)).toEqual([]);
    expect(
      await subject.database.db
        .select()
        .from(evidenceFiles)
        .where(eq(evidenceFiles.requestId, erased.id)),
    ).toEqual([]);
    expect((await listEvidence(deps.db, kept.id)).items).toHaveLength(1);
    expect(await folderOf(kept.id)).toHaveLength(1);
    // Again, with nothing left: no error.
    await deleteRequestsEvidence(deps, [erased.id]);
  });
});
