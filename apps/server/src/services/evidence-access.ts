import { statusTokenSchema } from '@unban/contract/requests';
import type { RequestRow } from '../db/schema';
import { statusTokenMatches } from '../domain/status-token';
import { AppError } from '../errors';
import { findRequestById } from './request-queries';

/**
 * The request behind `…/requests/:id/evidence…` for a caller who owns it (signed in as its
 * owner) or holds its status link's token. Anyone else is told it does not exist, as for an
 * id that does not, so ids cannot be probed.
 * @throws AppError NOT_FOUND
 */
export async function requestForOwnerOrToken(
  db: Parameters<typeof findRequestById>[0],
  id: string,
  callerUid: string | null,
  token: string | undefined,
): Promise<RequestRow> {
  const row = await findRequestById(db, id);
  if (row) {
    const isOwner = callerUid !== null && callerUid === row.ownerUid;
    const validToken =
      token !== undefined &&
      statusTokenSchema.safeParse(token).success &&
      statusTokenMatches(token, row.statusTokenHash);
    if (isOwner || validToken) return row;
  }
  throw new AppError('NOT_FOUND', 'We could not find this request.');
}
