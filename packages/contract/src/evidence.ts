import { z } from 'zod';

/*
 * Ban evidence: screenshots of the ban message a customer attaches to their request, on the
 * order form or later on the case page. The server decides what a file is from its bytes
 * (never its name or declared type), re-encodes it without metadata, and serves it only to
 * the request's owner (or the holder of its status link) and to staff.
 */

/** At most this many screenshots per request, over all uploads together. */
export const MAX_EVIDENCE_FILES = 3;

/** Largest accepted file, in bytes (10 MB), as uploaded (before re-encoding). */
export const MAX_EVIDENCE_BYTES = 10 * 1024 * 1024;

/**
 * Larger images are refused before they are decoded. A phone screenshot is 3-4 million
 * pixels; this leaves room for tablets and desktop screens while keeping one decode's
 * memory bounded (4 bytes a pixel).
 */
export const MAX_EVIDENCE_PIXELS = 40_000_000;

/**
 * The figures the customer's words about a refused upload name (`apiError.EVIDENCE_*` in the
 * web catalogs), so the server's limits and the words cannot drift apart.
 */
export const evidenceLimitWords = {
  maxFiles: MAX_EVIDENCE_FILES,
  maxMegabytes: MAX_EVIDENCE_BYTES / 1024 / 1024,
  maxMegapixels: MAX_EVIDENCE_PIXELS / 1_000_000,
} as const;

/** What the customer may upload, as recognised from the file's content. */
export const evidenceUploadTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/heic'] as const;
export type EvidenceUploadType = (typeof evidenceUploadTypes)[number];

/**
 * What the server stores and serves: the same format for PNG, JPEG and WebP; HEIC becomes
 * JPEG, since most browsers cannot show HEIC.
 */
export const evidenceStoredTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const evidenceStoredTypeSchema = z.enum(evidenceStoredTypes);
export type EvidenceStoredType = z.infer<typeof evidenceStoredTypeSchema>;

/**
 * For the browser's file picker (`accept`) and its early checks only: a hint of what to
 * choose, never the server's test.
 */
export const evidenceAccept =
  '.png,.jpg,.jpeg,.webp,.heic,.heif,image/png,image/jpeg,image/webp,image/heic,image/heif';

/** The multipart field the files are sent in. */
export const EVIDENCE_FIELD = 'files';

/** One stored screenshot, as the owner and staff see it listed. */
export const evidenceItemSchema = z.object({
  id: z.uuid(),
  contentType: evidenceStoredTypeSchema,
  /** Bytes of the stored (re-encoded) image. */
  byteSize: z.number().int().positive(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type EvidenceItem = z.infer<typeof evidenceItemSchema>;

/** `GET /api/requests/:id/evidence`, `GET /api/admin/requests/:id/evidence` and the upload's answer. */
export const evidenceListSchema = z.object({
  items: z.array(evidenceItemSchema).max(MAX_EVIDENCE_FILES),
  /** How many more the request can take. */
  remaining: z.number().int().min(0).max(MAX_EVIDENCE_FILES),
});
export type EvidenceList = z.infer<typeof evidenceListSchema>;

/** `…/requests/:id/evidence/:evidenceId` */
export const evidenceParamsSchema = z.object({
  id: z.string().max(100),
  evidenceId: z.string().max(100),
});

/** The status token from the order's link, for a reader who is not signed in as the owner. */
export const evidenceQuerySchema = z.object({ token: z.string().max(256).optional() });

/** The API path of one screenshot's image (owner or status-token holder). */
export function evidenceContentPath(requestId: string, evidenceId: string): string {
  return `/api/requests/${encodeURIComponent(requestId)}/evidence/${encodeURIComponent(evidenceId)}`;
}

/** The API path of one screenshot's image for staff. */
export function adminEvidenceContentPath(requestId: string, evidenceId: string): string {
  return `/api/admin/requests/${encodeURIComponent(requestId)}/evidence/${encodeURIComponent(evidenceId)}`;
}
