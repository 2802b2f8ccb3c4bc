import type { FastifyReply } from 'fastify';
import type { StoredObject } from '../evidence/evidence-store';

/**
 * Streams a stored screenshot to a reader the route has already authorized. Private and not
 * stored by caches (it is personal data behind a sign-in or a status link); the policy
 * forbids everything an image never needs, should someone open it as a page.
 */
export function sendEvidenceImage(
  reply: FastifyReply,
  evidenceId: string,
  contentType: string,
  object: StoredObject,
) {
  const extension = contentType.split('/')[1] ?? 'img';
  return reply
    .header('content-type', contentType)
    .header('content-length', String(object.byteSize))
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `inline; filename="evidence-${evidenceId}.${extension}"`)
    .header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
    .header('cross-origin-resource-policy', 'same-origin')
    .send(object.body);
}
