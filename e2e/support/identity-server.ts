import { readFileSync } from 'node:fs';
import { planList } from '@unban/contract/plans';
import type { Plan } from '@unban/contract/plans';
import { parseSiteIdentity } from '@unban/contract/site-identity';
import type { SiteIdentity } from '@unban/contract/site-config';
import { identityServer } from '../test-servers';

/** The site identity the second identity's server runs with, read as the server reads it. */
function readIdentity(): SiteIdentity {
  const parsed = parseSiteIdentity(JSON.parse(readFileSync(identityServer.siteConfigFile, 'utf8')));
  if (!parsed.success) throw new Error(parsed.problems.join('\n'));
  return parsed.identity;
}

export const serverIdentity = readIdentity();

const [standard, priority] = planList(serverIdentity.plans);
if (!standard || !priority) throw new Error('the identity has two plans');

/** Its plans in display order: the first is the one the order form chooses by default. */
export const identityPlans: readonly [Plan, Plan] = [standard, priority];
