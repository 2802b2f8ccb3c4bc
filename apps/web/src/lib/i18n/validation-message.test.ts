import { describe, expect, it } from 'vitest';
import { createRequestBodySchema } from '@unban/contract/requests';
import { supportedLocales } from '@unban/contract/locale-tags';
import { createAppIntl } from './app-intl';
import { loadMessages } from './catalog';
import { validationText } from './validation-message';

/** What the contract (and so the server's VALIDATION_FAILED answer) says about an unknown app. */
function messagingAppProblem(): string {
  const parsed = createRequestBodySchema.safeParse({ messagingApp: 'telegram' });
  const issue = parsed.error?.issues.find((entry) => entry.path[0] === 'messagingApp');
  if (!issue) throw new Error('the contract took an unknown messaging app');
  return issue.message;
}

describe("the order form's app-choice message", () => {
  it('is a code, not English words', () => {
    expect(messagingAppProblem()).toBe('validation.request.messagingApp');
  });

  it('reads in English as it always did', async () => {
    const intl = createAppIntl('en', await loadMessages('en'));
    expect(validationText(intl, messagingAppProblem())).toBe(
      'Choose the app that shows the ban: WhatsApp or WhatsApp Business.',
    );
  });

  it.each(supportedLocales.filter((locale) => locale !== 'en'))(
    'is worded in %s, naming both apps',
    async (locale) => {
      const intl = createAppIntl(locale, await loadMessages(locale));
      const text = validationText(intl, messagingAppProblem());
      expect(text).not.toContain('Choose the app');
      expect(text).toContain('WhatsApp Business');
    },
  );
});
