import { describe, expect, it } from 'vitest';
import {
  appealTimelineLine,
  defaultAppealTemplates,
  draftFor,
  fillTemplate,
  suggestReplyOutcome,
  templateFor,
} from './appeals';
import type { CaseFacts } from './appeals';
import { defaultPlaybooks } from './playbook-defaults';
import { placeholderNames, unknownPlaceholders } from './playbooks';

const facts: CaseFacts = {
  phone_e164: '+4915112345678',
  app: 'WhatsApp',
  device: 'Android',
  ban_message: 'This account is not allowed to use WhatsApp.',
  usage: 'Family chats',
  banned_at: 'on November 20, 2026',
  requested_at: 'November 21, 2026',
  customer_words: 'I only use the official app.',
  reference: 'UB-7K3Q9XQ2',
};

describe('fillTemplate', () => {
  it('fills every placeholder of the vocabulary, spaces inside the braces allowed', () => {
    const text = placeholderNames.map((name) => `{{ ${name} }}`).join('|');
    expect(fillTemplate(text, facts)).toBe(placeholderNames.map((name) => facts[name]).join('|'));
  });

  it('leaves an unknown placeholder as written, so the operator sees it', () => {
    expect(fillTemplate('Hi {{name}}, {{reference}}', facts)).toBe('Hi {{name}}, UB-7K3Q9XQ2');
  });
});

describe('drafts', () => {
  it('default templates use only the vocabulary', () => {
    for (const template of Object.values(defaultAppealTemplates)) {
      expect(unknownPlaceholders(template.subject + template.body)).toEqual([]);
    }
  });

  it('uses the channel’s own templates, else the defaults', () => {
    const [inApp, email] = defaultPlaybooks.whatsapp.permanent_ban.channels;
    if (!inApp || !email) throw new Error('default playbook changed');
    expect(templateFor(email, 'follow_up')).toBe(email.templates?.followUp);
    expect(templateFor(inApp, 'appeal')).toBe(defaultAppealTemplates.appeal);
    const draft = draftFor(email, 'appeal', facts);
    expect(draft.subject).toBe('Request for review: +4915112345678 (WhatsApp)');
    expect(draft.body).toContain('"This account is not allowed to use WhatsApp."');
    expect(draft.body).not.toContain('{{');
  });
});

describe('suggestReplyOutcome', () => {
  it.each([
    ['Your account has been restored. You can now use WhatsApp again.', 'restored'],
    ['We have reviewed your request and your account is no longer banned.', 'restored'],
    ['After review, your account will remain banned.', 'ban_kept'],
    ['We are not able to reinstate this account as it violated our Terms of Service.', 'ban_kept'],
    ['Thanks for your message. We will get back to you.', null],
  ] as const)('%s → %s', (text, outcome) => {
    expect(suggestReplyOutcome(text)).toBe(outcome);
  });
});

describe('appealTimelineLine', () => {
  it('says where it went and how, not what it said', () => {
    const line = (kind: 'appeal' | 'follow_up', channelKind: 'support-email' | 'web-form') =>
      appealTimelineLine({ kind, delivery: 'email', channelKind, appName: 'WhatsApp' });
    expect(line('appeal', 'support-email')).toBe('Appeal sent to WhatsApp support by e-mail.');
    expect(line('follow_up', 'web-form')).toBe("Follow-up sent to WhatsApp's contact form.");
  });
});
