import type { PlaybookChannel, PlaybookContent, PlaybookTemplate } from '@unban/contract/playbooks';

/*
 * The playbook form's own shape: lists as one line per item and days as typed, so the inputs
 * hold exactly what the admin wrote until they save. `toContent` turns it back into what the
 * server validates; the server has the last word on every rule.
 */

export interface ChannelDraft {
  kind: PlaybookChannel['kind'];
  address: string;
  url: string;
  steps: string;
  evidence: string;
  checkAfterDays: string;
  followUpAfterDays: string;
  templates: { appeal: PlaybookTemplate; followUp: PlaybookTemplate } | null;
}

export interface PlaybookDraft {
  summary: string;
  channels: ChannelDraft[];
}

export function toDraft(content: PlaybookContent): PlaybookDraft {
  return {
    summary: content.summary,
    channels: content.channels.map((channel) => ({
      kind: channel.kind,
      address: channel.address ?? '',
      url: channel.url ?? '',
      steps: channel.steps.join('\n'),
      evidence: channel.evidence.join('\n'),
      checkAfterDays: String(channel.followUp.checkAfterDays),
      followUpAfterDays: String(channel.followUp.followUpAfterDays),
      templates: channel.templates ? structuredClone(channel.templates) : null,
    })),
  };
}

function lines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Empty or not a whole number becomes NaN, which the server refuses with a clear message. */
function days(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

export function toContent(draft: PlaybookDraft): PlaybookContent {
  return {
    summary: draft.summary,
    channels: draft.channels.map((channel) => ({
      kind: channel.kind,
      ...(channel.address.trim() === '' ? {} : { address: channel.address.trim() }),
      ...(channel.url.trim() === '' ? {} : { url: channel.url.trim() }),
      steps: lines(channel.steps),
      evidence: lines(channel.evidence),
      followUp: {
        checkAfterDays: days(channel.checkAfterDays),
        followUpAfterDays: days(channel.followUpAfterDays),
      },
      ...(channel.templates ? { templates: channel.templates } : {}),
    })),
  };
}
