import type { ResultsResponse } from '@unban/contract/results';
import { resultsResponseSchema } from '@unban/contract/results';
import { apiFetch } from '../../../lib/api/api-client';
import type { Resource } from '../../../lib/resource/use-resource';
import { useResource } from '../../../lib/resource/use-resource';

/** `GET /api/results`: the public outcome figures (no sign-in). */
export async function fetchResults(signal?: AbortSignal): Promise<ResultsResponse> {
  return apiFetch('/api/results', { schema: resultsResponseSchema, signal });
}

/** The figures, loaded when the screen is shown and again on request. */
export function useResults(): Resource<ResultsResponse> {
  return useResource({ key: 'results', load: fetchResults });
}
