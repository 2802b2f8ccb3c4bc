import { describe, expect, it } from 'vitest';
import { banCheckOutcomes } from './ban-check';
import { messagingAppIds } from './messaging-apps';
import { defaultPlaybooks } from './playbook-defaults';
import type { PlaybookChannel, PlaybookContent } from './playbooks';
import {
  placeholderNames,
  placeholderProblems,
  placeholdersIn,
  playbookBanTypes,
  playbookContentSchema,
  unknownPlaceholders,
} from './playbooks';

describe('placeholders', () => {
  it.each([
    ['no placeholders at all', [], []],
    ['Number {{phone_e164}} on {{app}}', ['phone_e164', 'app'], []],
    ['spaces inside {{ ban_message }}', ['ban_message'], []],
    ['{{app}} twice: {{app}}', ['app'], []],
    ['a typo {{phone}} and {{usage}}', ['phone', 'usage'], ['phone']],
    ['case matters: {{App}}', ['App'], ['App']],
    ['empty braces {{}}', [''], ['']],
    ['two unknown {{foo}} then {{bar}}', ['foo', 'bar'], ['foo', 'bar']],
    ['single braces {app} are plain text', [], []],
  ])('%s', (text, used, unknown) => {
    expect(placeholdersIn(text)).toEqual(used);
    expect(unknownPlaceholders(text)).toEqual(unknown);
  });

  it('knows every field the case fills in', () => {
    expect(placeholderNames).toEqual(
      expect.arrayContaining([
        'phone_e164',
        'app',
        'device',
        'ban_message',
        'usage',
        'banned_at',
        'requested_at',
        'customer_words',
      ]),
    );
  });
});

const emailChannel: PlaybookChannel = {
  kind: 'support-email',
  address: 'support@example.com',
  steps: ['Write'],
  evidence: [],
  followUp: { checkAfterDays: 2, followUpAfterDays: 7 },
  templates: {
    appeal: { subject: 'Review {{phone_e164}}', body: 'Hello {{app}}' },
    followUp: { subject: 'Again', body: 'Still {{ban_message}}' },
  },
};

function withTemplates(
  templates: NonNullable<PlaybookChannel['templates']>,
  kind: PlaybookChannel['kind'] = 'support-email',
): PlaybookContent {
  return { summary: 's', channels: [{ ...emailChannel, kind, templates }] };
}

describe('placeholderProblems', () => {
  it('finds none in good templates', () => {
    expect(placeholderProblems(withTemplates(emailChannel.templates!))).toEqual([]);
  });

  it('names each unknown placeholder and where it is', () => {
    const problems = placeholderProblems(
      withTemplates({
        appeal: { subject: 'Review {{numbr}}', body: 'ok' },
        followUp: { subject: 'ok', body: 'Hi {{name}}' },
      }),
    );
    expect(problems.map(({ path, placeholder }) => ({ path, placeholder }))).toEqual([
      { path: 'channels.0.templates.appeal.subject', placeholder: 'numbr' },
      { path: 'channels.0.templates.followUp.body', placeholder: 'name' },
    ]);
    expect(problems[0]?.message).toContain('{{numbr}}');
    expect(problems[0]?.message).toContain('channel 1 (Support e-mail)');
    expect(problems[1]?.message).toContain('follow-up template’s text');
  });
});

describe('playbookContentSchema', () => {
  const ok = (channel: Partial<PlaybookChannel>) =>
    playbookContentSchema.safeParse({ summary: 's', channels: [{ ...emailChannel, ...channel }] });

  it.each<[string, Partial<PlaybookChannel>, string | null]>([
    ['a complete support e-mail channel', {}, null],
    ['a support e-mail without address', { address: undefined }, 'channels.0.address'],
    ['a channel we send without templates', { templates: undefined }, 'channels.0.templates'],
    [
      'the owner’s in-app review with templates',
      { kind: 'in-app-review-by-owner', address: undefined },
      'channels.0.templates',
    ],
    ['a web form without its address', { kind: 'web-form' }, 'channels.0.url'],
    ['a plain-http page', { kind: 'web-form', url: 'http://example.com' }, 'channels.0.url'],
    ['no steps', { steps: [] }, 'channels.0.steps'],
    [
      'zero days',
      { followUp: { checkAfterDays: 0, followUpAfterDays: 7 } },
      'channels.0.followUp.checkAfterDays',
    ],
    [
      'a follow-up before looking again',
      { followUp: { checkAfterDays: 7, followUpAfterDays: 2 } },
      'channels.0.followUp.followUpAfterDays',
    ],
  ])('%s', (_name, channel, failingPath) => {
    const result = ok(channel);
    if (failingPath === null) {
      expect(result.success).toBe(true);
    } else {
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain(failingPath);
    }
  });
});

describe('defaultPlaybooks', () => {
  const all = messagingAppIds.flatMap((app) =>
    playbookBanTypes.map((banType) => ({ app, banType, content: defaultPlaybooks[app][banType] })),
  );

  it('speak the ban check’s vocabulary', () => {
    for (const banType of playbookBanTypes) expect(banCheckOutcomes).toContain(banType);
  });

  it.each(all)('$app $banType is valid and uses only known placeholders', ({ content }) => {
    expect(playbookContentSchema.parse(content)).toEqual(content);
    expect(placeholderProblems(content)).toEqual([]);
  });

  it('start a permanent ban with the owner’s in-app review and Business Platform in Business Manager', () => {
    for (const app of messagingAppIds) {
      expect(defaultPlaybooks[app].permanent_ban.channels.map((c) => c.kind)).toEqual([
        'in-app-review-by-owner',
        'support-email',
        'web-form',
      ]);
      expect(
        defaultPlaybooks[app].permanent_ban_business_platform.channels.map((c) => c.kind),
      ).toEqual(['business-manager']);
      expect(defaultPlaybooks[app].temporary_ban.channels).toEqual([]);
    }
  });
});
