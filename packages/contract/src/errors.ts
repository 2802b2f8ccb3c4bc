import { z } from 'zod';

/**
 * Stable error codes of the API, each with its HTTP status. Clients branch on the
 * code, never on the message; add codes, never rename them.
 */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  /** A staff role was asked for an account whose e-mail address Firebase has not verified. */
  EMAIL_NOT_VERIFIED: 409,
  /** The case or payment state machine has no such edge. */
  INVALID_TRANSITION: 409,
  /** The edge exists but this actor may not take it. */
  FORBIDDEN_TRANSITION: 403,
  PAYLOAD_TOO_LARGE: 413,
  /** The request's head (line and headers) is over the server's limit; refused before routing. */
  HEADERS_TOO_LARGE: 431,
  /** The request was not received in full within the server's time limit. */
  REQUEST_TIMEOUT: 408,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** An attached file is not a PNG, JPEG, WebP or HEIC image by its content (name and type aside). */
  EVIDENCE_TYPE_NOT_ALLOWED: 415,
  /** An attached file is over the size limit (evidence.ts, MAX_EVIDENCE_BYTES). */
  EVIDENCE_TOO_LARGE: 413,
  /** The request would hold more screenshots than allowed (MAX_EVIDENCE_FILES). */
  EVIDENCE_LIMIT_REACHED: 409,
  /** The file looks like an image but could not be decoded (damaged or truncated). */
  EVIDENCE_UNREADABLE: 422,
  /** The image has more pixels than allowed (MAX_EVIDENCE_PIXELS): a photo or a scan. */
  EVIDENCE_TOO_MANY_PIXELS: 422,
  /** The case is closed: screenshots can no longer be added to it. */
  EVIDENCE_CASE_CLOSED: 409,
  /** The upload was cut off or malformed on its way (a dropped connection). */
  EVIDENCE_UPLOAD_INCOMPLETE: 400,
  /** The upload held no file at all. */
  EVIDENCE_MISSING: 400,
  /** The upload held something other than files in the screenshots' field. */
  EVIDENCE_UNEXPECTED_FIELD: 400,
  /** The customer may cancel only before an operator starts work (data-rights.ts). */
  CASE_NOT_CANCELABLE: 409,
  /** Erasure waits until none of the caller's cases is open (data-rights.ts). */
  CASE_STILL_OPEN: 409,
  /** A playbook template uses a `{{placeholder}}` outside the vocabulary (playbooks.ts); the message names it. */
  UNKNOWN_PLACEHOLDER: 422,
  /** A case may enter "appeal submitted" only with an appeal sent or recorded (appeals.ts). */
  APPEAL_REQUIRED: 409,
  /** The owner was already asked for the in-app review and has not confirmed yet (owner-review.ts). */
  OWNER_REVIEW_OPEN: 409,
  /** The owner confirms an in-app review nobody asked them for, or on a closed case. */
  OWNER_REVIEW_NOT_REQUESTED: 409,
  /** The inbound e-mail webhook is off: reply routing is not configured (APPEAL_REPLY_*). */
  INBOUND_EMAIL_DISABLED: 404,
  /** An inbound e-mail post whose signature, timestamp or token does not verify. */
  INBOUND_SIGNATURE_INVALID: 401,
  /**
   * An inbound e-mail post whose token was already accepted (a replay). 406 is what tells
   * Mailgun not to deliver it again.
   */
  INBOUND_REPLAYED: 406,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    /** Per-field problems for VALIDATION_FAILED: path → message. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
