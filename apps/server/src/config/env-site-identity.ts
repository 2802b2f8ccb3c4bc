import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { defaultSiteIdentity } from '@unban/contract/site-config';
import type { SiteIdentity } from '@unban/contract/site-config';
import { parseSiteIdentity } from '@unban/contract/site-identity';

/*
 * The site identity (brand, app, claims, plans: docs/decisions/023) from a JSON file named
 * by SITE_CONFIG_FILE, read once at start. Without the variable the server is today's site.
 */

export const siteIdentityEnvShape = {
  SITE_CONFIG_FILE: z.string().optional(),
};

export type SiteIdentityLoad =
  { identity: SiteIdentity; problems: [] } | { identity: null; problems: string[] };

/** Reads and checks the file; every problem names the variable, the file and the field. */
export function loadSiteIdentity(file: string | undefined, cwd: string): SiteIdentityLoad {
  if (file === undefined) return { identity: defaultSiteIdentity, problems: [] };
  const where = `SITE_CONFIG_FILE (${file})`;
  let text: string;
  try {
    text = readFileSync(path.resolve(cwd, file), 'utf8');
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    return { identity: null, problems: [`${where}: cannot be read (${reason})`] };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'invalid JSON';
    return { identity: null, problems: [`${where}: is not JSON (${reason})`] };
  }
  const result = parseSiteIdentity(json);
  if (!result.success) {
    return { identity: null, problems: result.problems.map((problem) => `${where}: ${problem}`) };
  }
  return { identity: result.identity, problems: [] };
}
