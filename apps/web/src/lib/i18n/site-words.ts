import type { IntlShape } from 'react-intl';
import { defaultPlans, planIds } from '@unban/contract/plans';
import type { Plan, Plans } from '@unban/contract/plans';
import { defaultClaims } from '@unban/contract/site-config';
import type { SiteClaims, SiteIdentity } from '@unban/contract/site-config';
import type { MessageId } from './catalog';

/** "Unban your WhatsApp" in the active language: the site's title (SPEC section 1). */
export function siteTitle(intl: IntlShape, identity: Pick<SiteIdentity, 'appName'>): string {
  return intl.formatMessage({ id: 'site.title' }, { app: identity.appName });
}

/** "Payment status · Unban your WhatsApp": the screen first, so tabs stay tellable apart. */
export function screenTitle(
  intl: IntlShape,
  screen: MessageId,
  identity: Pick<SiteIdentity, 'appName'>,
): string {
  return `${intl.formatMessage({ id: screen })} · ${siteTitle(intl, identity)}`;
}

/** The meta description: the offer and the four claims (SPEC section 1). */
export function siteDescription(intl: IntlShape, identity: SiteIdentity): string {
  const { speed, successRate, duration, refund } = localizeIdentity(identity, intl).claims;
  const offer = intl.formatMessage({ id: 'site.description' }, { app: identity.appName });
  return `${offer} ${speed} ${successRate} ${duration} ${refund}`;
}

const claimKeys = ['speed', 'successRate', 'duration', 'refund'] as const;

/**
 * The site identity in the active language. The identity is an operator's configuration in
 * English (decision 023); where a text is still the default one, the catalog's translation of
 * it is shown instead, and a text the operator wrote is shown as written. In English the
 * catalog holds the default texts themselves, so nothing changes there.
 */
export function localizeIdentity(identity: SiteIdentity, intl: IntlShape): SiteIdentity {
  const claims = { ...identity.claims };
  for (const key of claimKeys) {
    if (claims[key] === defaultClaims[key]) {
      claims[key] = intl.formatMessage({ id: `claims.${key}` satisfies MessageId });
    }
  }
  const app = identity.appName;
  const defaults = defaultPlans(app);
  const plans = Object.fromEntries(
    planIds.map((id) => [id, localizePlan(identity.plans[id], defaults[id], intl, app)]),
  ) as unknown as Plans;
  return { ...identity, claims: claims as SiteClaims, plans };
}

function localizePlan(plan: Plan, byDefault: Plan, intl: IntlShape, app: string): Plan {
  const say = (field: string) =>
    intl.formatMessage({ id: `plans.${plan.id}.${field}` as MessageId }, { app });
  const same = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && a.every((line, index) => line === b[index]);
  return {
    ...plan,
    name: plan.name === byDefault.name ? say('name') : plan.name,
    summary: plan.summary === byDefault.summary ? say('summary') : plan.summary,
    includes: same(plan.includes, byDefault.includes)
      ? plan.includes.map((_line, index) => say(`includes.${index}`))
      : plan.includes,
    operatorReplyWithin:
      plan.operatorReplyWithin === byDefault.operatorReplyWithin
        ? say('replyWithin')
        : plan.operatorReplyWithin,
  };
}
