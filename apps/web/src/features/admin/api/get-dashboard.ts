import type { DashboardResponse } from '@unban/contract/admin';
import { dashboardResponseSchema } from '@unban/contract/admin';
import { apiFetch } from '../../../lib/api/api-client';
import type { Resource } from '../../../lib/resource/use-resource';
import { useResource } from '../../../lib/resource/use-resource';
import { adminToken } from './admin-token';

/** `GET /api/admin/dashboard`: counts and money at a glance. */
export async function fetchDashboard(signal?: AbortSignal): Promise<DashboardResponse> {
  return apiFetch('/api/admin/dashboard', {
    schema: dashboardResponseSchema,
    token: await adminToken(),
    signal,
  });
}

/** The dashboard, loaded when shown and again on request. */
export function useDashboard(): Resource<DashboardResponse> {
  return useResource({ key: 'dashboard', load: fetchDashboard });
}
