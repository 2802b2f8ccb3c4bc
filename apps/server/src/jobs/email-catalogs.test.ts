import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { caseStateInfoFor, caseStates } from '@unban/contract/case-states';
import { supportedLocales } from '@unban/contract/locales';
import { messagingAppIds } from '@unban/contract/messaging-apps';
import { ownerReviewSteps } from '@unban/contract/owner-review';
import { devices } from '@unban/contract/requests';
import { defaultSiteIdentity } from '@unban/contract/site-config';
import { en } from './email-messages/en';
import type { EmailMessageKey } from './email-messages/en';
import { emailCatalogs, emailText } from './email-text';

/*
 * Every shipped locale's e-mail catalog against the English one: the same keys, messages that
 * parse as ICU, and the same argument names (a translation that drops `{amount}` or invents
 * `{amout}` would send a broken e-mail, found only by a customer).
 */

interface AstNode {
  type: number;
  value?: unknown;
  options?: Record<string, { value: AstNode[] }>;
}

// intl-messageformat's element types that name an argument: argument, number, date, time,
// select, plural (1–6); 0 is literal text, 7 the plural's `#`, 8 a rich-text tag.
const ARGUMENT_TYPES = new Set([1, 2, 3, 4, 5, 6]);

function argumentNames(message: string, locale: string): string[] {
  const names = new Set<string>();
  const walk = (nodes: AstNode[]) => {
    for (const node of nodes) {
      if (ARGUMENT_TYPES.has(node.type) && typeof node.value === 'string') names.add(node.value);
      for (const option of Object.values(node.options ?? {})) walk(option.value);
    }
  };
  walk(new IntlMessageFormat(message, locale).getAst() as unknown as AstNode[]);
  return [...names].sort();
}

const englishKeys = Object.keys(en).sort();

describe.each(supportedLocales)('the %s e-mail catalog', (locale) => {
  const catalog = emailCatalogs[locale];

  it('has every English key and no other', () => {
    expect(Object.keys(catalog).sort()).toEqual(englishKeys);
  });

  it.each(englishKeys)('%s parses as ICU with the English arguments', (key) => {
    const message = catalog[key as EmailMessageKey];
    expect(message.trim()).not.toBe('');
    expect(argumentNames(message, locale)).toEqual(argumentNames(en[key as EmailMessageKey], 'en'));
  });

  if (locale !== 'en') {
    it('is translated, not English left in place', () => {
      const untranslated = englishKeys.filter(
        // Short labels may coincide ("Status" in Portuguese and Indonesian); sentences may not.
        (key) =>
          catalog[key as EmailMessageKey] === en[key as EmailMessageKey] &&
          en[key as EmailMessageKey].length > 12,
      );
      expect(untranslated).toEqual([]);
    });
  }
});

describe('the English e-mail catalog', () => {
  const text = emailText('en');

  it('says the states exactly as the contract does, for any app', () => {
    for (const identity of [defaultSiteIdentity, { ...defaultSiteIdentity, appName: 'Telegram' }]) {
      const table = caseStateInfoFor(identity);
      for (const state of caseStates) {
        expect(text.t(`state.${state}.label`)).toBe(table[state].label);
        expect(text.t(`state.${state}.next`, { app: identity.appName })).toBe(table[state].next);
      }
      expect(text.t('wait.appealReview')).toBe(table.appeal_submitted.usualWait);
      expect(text.t('wait.refund')).toBe(table.denied.usualWait);
    }
  });

  it('writes the owner review steps exactly as the contract does, for each app and phone', () => {
    for (const app of messagingAppIds) {
      for (const device of devices) {
        const steps = ownerReviewSteps(app, device);
        const name = app === 'whatsapp' ? 'WhatsApp' : 'WhatsApp Business';
        expect(
          steps.map((_, index) =>
            text.t(`ownerStep.${index + 1}` as EmailMessageKey, { app: name, device }),
          ),
        ).toEqual(steps);
      }
    }
  });

  it('counts business hours with the locale plural rules', () => {
    expect(text.t('wait.replyHours', { hours: 1 })).toBe('within 1 business hour');
    expect(emailText('es').t('wait.replyHours', { hours: 4 })).toBe('en 4 horas hábiles');
    expect(emailText('ar').t('wait.replyHours', { hours: 2 })).toBe('خلال ساعتَي عمل');
  });
});
