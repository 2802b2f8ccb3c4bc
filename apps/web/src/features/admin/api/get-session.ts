import { z } from 'zod';
import { apiFetch } from '../../../lib/api/api-client';
import { adminToken } from './admin-token';

// The server keeps this answer's type local to its route file (admin-routes.ts AdminSession).
export const adminSessionSchema = z.object({
  uid: z.string(),
  email: z.string().nullable(),
  role: z.enum(['operator', 'admin']),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

/** `GET /api/admin/session`: 401 signed out, 403 not staff, otherwise who is working. */
export async function fetchAdminSession(signal?: AbortSignal): Promise<AdminSession> {
  return apiFetch('/api/admin/session', {
    schema: adminSessionSchema,
    token: await adminToken(),
    signal,
  });
}
