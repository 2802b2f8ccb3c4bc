import type { EvidenceList } from '@unban/contract/evidence';
import { EVIDENCE_FIELD, evidenceListSchema } from '@unban/contract/evidence';
import { ApiError, apiFetch } from '../api/api-client';
import { fetchFailure, readJson } from '../api/api-error';

/*
 * Ban evidence in the browser: upload screenshots to a request, list them, and fetch one
 * image with the caller's credentials. In lib because the order form, the case page and the
 * back office all use it, and features may not import each other.
 */

/** Who is asking: the signed-in user's ID token and/or the order's status token. */
export interface EvidenceCredentials {
  idToken?: string | null;
  statusToken?: string | null;
}

function withToken(path: string, statusToken: string | null | undefined): string {
  return statusToken ? `${path}?token=${encodeURIComponent(statusToken)}` : path;
}

export function evidencePath(requestId: string): string {
  return `/api/requests/${encodeURIComponent(requestId)}/evidence`;
}

export function adminEvidencePath(requestId: string): string {
  return `/api/admin/requests/${encodeURIComponent(requestId)}/evidence`;
}

/** `POST /api/requests/:id/evidence`: all the files or none; answers with the request's list. */
export async function uploadEvidence(
  requestId: string,
  files: readonly File[],
  credentials: EvidenceCredentials,
  signal?: AbortSignal,
): Promise<EvidenceList> {
  const form = new FormData();
  for (const file of files) form.append(EVIDENCE_FIELD, file, file.name);
  return apiFetch(withToken(evidencePath(requestId), credentials.statusToken), {
    method: 'POST',
    form,
    schema: evidenceListSchema,
    token: credentials.idToken ?? null,
    signal,
  });
}

/** The list at `listPath` (the customer's or the back office's). */
export async function fetchEvidenceList(
  listPath: string,
  credentials: EvidenceCredentials,
  signal?: AbortSignal,
): Promise<EvidenceList> {
  return apiFetch(withToken(listPath, credentials.statusToken), {
    schema: evidenceListSchema,
    token: credentials.idToken ?? null,
    signal,
  });
}

/**
 * One image as a Blob. An <img> cannot send the sign-in token, so the page fetches the image
 * itself and shows it from an object URL (the CSP allows blob: images for this).
 */
export async function fetchEvidenceImage(
  imagePath: string,
  credentials: EvidenceCredentials,
  signal?: AbortSignal,
): Promise<Blob> {
  const headers: Record<string, string> = {};
  if (credentials.idToken) headers.Authorization = `Bearer ${credentials.idToken}`;
  let response: Response;
  try {
    response = await fetch(withToken(imagePath, credentials.statusToken), {
      headers,
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    throw fetchFailure(error, signal);
  }
  if (!response.ok) {
    const body = (await readJson(response)) as { error?: { code?: string; message?: string } };
    throw new ApiError({
      status: response.status,
      code: response.status === 404 ? 'NOT_FOUND' : 'INTERNAL',
      message: body?.error?.message ?? `The server answered with HTTP ${response.status}.`,
    });
  }
  return response.blob();
}
