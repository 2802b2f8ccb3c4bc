// No React and no zod here: the app reads the block as it starts, and zod stays out of the
// first load and of the app it starts (docs/decisions/005).
import { planIds } from '@unban/contract/plans';
import type { Plan } from '@unban/contract/plans';
import { SITE_IDENTITY_ELEMENT_ID, defaultSiteIdentity } from '@unban/contract/site-config';
import type { SiteIdentity } from '@unban/contract/site-config';

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

const isRecordOf = (value: unknown, check: (field: unknown) => boolean): boolean =>
  typeof value === 'object' && value !== null && Object.values(value).every(check);

function isPlan(value: unknown, id: string): value is Plan {
  if (typeof value !== 'object' || value === null) return false;
  const plan = value as Record<string, unknown>;
  return (
    plan.id === id &&
    isText(plan.name) &&
    Number.isSafeInteger(plan.priceMinor) &&
    isText(plan.currency) &&
    isRecordOf(plan.prices, Number.isSafeInteger) &&
    isText(plan.summary) &&
    Array.isArray(plan.includes) &&
    plan.includes.every(isText) &&
    isText(plan.operatorReplyWithin) &&
    Number.isSafeInteger(plan.replyWithinBusinessMinutes) &&
    typeof plan.handledFirst === 'boolean'
  );
}

/**
 * The shape the server writes (it validated the operator's file with the contract's schema,
 * site-identity.ts, at start). Checked again here only so that a document edited by hand or
 * by a CDN cannot crash the app: anything else is the default identity.
 */
export function isSiteIdentity(value: unknown): value is SiteIdentity {
  if (typeof value !== 'object' || value === null) return false;
  const identity = value as Record<string, unknown>;
  const claims = identity.claims as Record<string, unknown> | null | undefined;
  const plans = identity.plans as Record<string, unknown> | null | undefined;
  const legal = identity.legalEntity as Record<string, unknown> | null | undefined;
  return (
    isText(identity.brand) &&
    isText(identity.appName) &&
    isText(identity.appOwner) &&
    isText(identity.supportEmail) &&
    (legal === null ||
      (typeof legal === 'object' && isText(legal.name) && isText(legal.address))) &&
    typeof claims === 'object' &&
    claims !== null &&
    ['speed', 'successRate', 'duration', 'refund'].every((key) => isText(claims[key])) &&
    typeof plans === 'object' &&
    plans !== null &&
    planIds.every((id) => isPlan(plans[id], id)) &&
    isRecordOf(identity.localeCurrencies, isText) &&
    // Every shipped language, named by the default identity (the locale list loads zod).
    Object.keys(defaultSiteIdentity.localeCurrencies).every((locale) =>
      isText((identity.localeCurrencies as Record<string, unknown>)[locale]),
    )
  );
}

/**
 * The site identity the document carries (`<script type="application/json" id="site-identity">`,
 * written by the server at start); the default identity when it has none, as a build served
 * by a static host or the Vite dev server.
 */
export function readSiteIdentity(doc: Document): SiteIdentity {
  const text = doc.getElementById(SITE_IDENTITY_ELEMENT_ID)?.textContent;
  if (!text) return defaultSiteIdentity;
  try {
    const parsed: unknown = JSON.parse(text);
    return isSiteIdentity(parsed) ? parsed : defaultSiteIdentity;
  } catch {
    return defaultSiteIdentity;
  }
}
