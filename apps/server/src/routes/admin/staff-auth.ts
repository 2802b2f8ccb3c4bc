import type { FastifyRequest } from 'fastify';
import type { AuthContext, StaffRole } from '../../auth/auth-context';
import { AppError } from '../../errors';

/**
 * The acting staff member. The route's guard has already refused everyone else; the check
 * keeps the types honest.
 */
export function staffAuth(request: FastifyRequest): AuthContext & { role: StaffRole } {
  const { auth } = request;
  if (auth === null || auth.role === 'customer') {
    throw new AppError('FORBIDDEN', 'Your account does not have access to this.');
  }
  return { ...auth, role: auth.role };
}
