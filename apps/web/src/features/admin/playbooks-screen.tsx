import type { FormEvent, ReactElement } from 'react';
import { cloneElement, useId, useState } from 'react';
import { messagingAppIds, messagingApps } from '@unban/contract/messaging-apps';
import type { Playbook, PlaybookKey, PlaybookTemplate } from '@unban/contract/playbooks';
import {
  channelKindLabels,
  placeholderNames,
  placeholders,
  playbookBanTypeLabels,
  playbookBanTypes,
} from '@unban/contract/playbooks';
import { ApiError } from '../../lib/api/api-client';
import { useEnglishScreenTitle } from '../../lib/browser/use-document-title';
import { useAdminContext } from './admin-layout';
import { savePlaybook, usePlaybook } from './api/playbooks';
import type { ChannelDraft, PlaybookDraft } from './playbook-draft';
import { toContent, toDraft } from './playbook-draft';

const keys: PlaybookKey[] = messagingAppIds.flatMap((app) =>
  playbookBanTypes.map((banType) => ({ app, banType })),
);
const keyId = ({ app, banType }: PlaybookKey) => `${app}/${banType}`;
const keyLabel = ({ app, banType }: PlaybookKey) =>
  `${messagingApps[app].name}: ${playbookBanTypeLabels[banType]}`;

/**
 * `#/admin/playbooks`: the appeal playbooks. Every staff member reads them; admins save a new
 * version (old versions stay, and cases keep the one they started with).
 */
export function PlaybooksScreen() {
  useEnglishScreenTitle('Playbooks');
  const session = useAdminContext();
  const [key, setKey] = useState<PlaybookKey>(
    keys[0] ?? { app: 'whatsapp', banType: 'permanent_ban' },
  );
  const { data, error, replace } = usePlaybook(key);
  const [saved, setSaved] = useState<string | null>(null);
  const pickerId = useId();
  const canEdit = session.role === 'admin';

  return (
    <>
      <h1>Playbooks</h1>
      <p>
        For each app and ban type: the official channels in the order to try them, their steps, the
        evidence that helps, when to look again and follow up, and the templates of the channels we
        write to. {canEdit ? null : 'Only admins can change them.'}
      </p>
      <p>
        <label htmlFor={pickerId}>Playbook</label>{' '}
        <select
          id={pickerId}
          name="playbook"
          value={keyId(key)}
          onChange={(event) => {
            const next = keys.find((candidate) => keyId(candidate) === event.target.value);
            if (next) setKey(next);
            setSaved(null);
          }}
        >
          {keys.map((candidate) => (
            <option key={keyId(candidate)} value={keyId(candidate)}>
              {keyLabel(candidate)}
            </option>
          ))}
        </select>
      </p>
      {data === undefined || keyId(data) !== keyId(key) ? (
        <div role="status">
          {error === undefined ? (
            <p>Loading the playbook…</p>
          ) : (
            <p className="admin-error">We couldn&apos;t load the playbook.</p>
          )}
        </div>
      ) : (
        <PlaybookForm
          key={data.id}
          playbook={data}
          canEdit={canEdit}
          onSaved={(next) => {
            replace(next);
            setSaved(`Saved as version ${next.version}.`);
          }}
        />
      )}
      <div role="status">{saved ? <p>{saved}</p> : null}</div>
      <details>
        <summary>Placeholders the templates may use</summary>
        <dl>
          {placeholderNames.map((name) => (
            <div key={name}>
              <dt>
                <code>{`{{${name}}}`}</code>
              </dt>
              <dd>{placeholders[name]}</dd>
            </div>
          ))}
        </dl>
      </details>
    </>
  );
}

function PlaybookForm(props: {
  playbook: Playbook;
  canEdit: boolean;
  onSaved: (saved: Playbook) => void;
}) {
  const { playbook, canEdit } = props;
  const [draft, setDraft] = useState<PlaybookDraft>(() => toDraft(playbook.content));
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const summaryId = useId();

  const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
  const setChannel = (index: number, change: Partial<ChannelDraft>) =>
    setDraft((current) => ({
      ...current,
      channels: current.channels.map((channel, i) =>
        i === index ? { ...channel, ...change } : channel,
      ),
    }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const next = await savePlaybook(
        { app: playbook.app, banType: playbook.banType },
        { expectedVersion: playbook.version, content: toContent(draft) },
      );
      // The screen shows the new version, which remounts this form with it.
      props.onSaved(next);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="admin-form admin-playbook"
      aria-label={`Playbook ${keyLabel(playbook)}`}
      onSubmit={(event) => void onSubmit(event)}
    >
      <p>
        <strong>Version {playbook.version}</strong>, saved{' '}
        {new Date(playbook.savedAt).toLocaleString()}
        {playbook.savedByUid === null ? ' (the default)' : null}
      </p>
      <fieldset disabled={!canEdit || busy} className="admin-playbook__fields">
        <Field label="Summary" id={summaryId} problem={fields.summary}>
          <textarea
            value={draft.summary}
            onChange={(event) => setDraft({ ...draft, summary: event.target.value })}
          />
        </Field>
        {draft.channels.length === 0 ? <p>No channels: this ban needs no appeal.</p> : null}
        {draft.channels.map((channel, index) => (
          <ChannelFields
            key={index}
            index={index}
            channel={channel}
            fields={fields}
            onChange={(change) => setChannel(index, change)}
          />
        ))}
      </fieldset>
      {canEdit ? (
        <p>
          <button type="submit" className="button button--primary" disabled={busy}>
            Save as version {playbook.version + 1}
          </button>
        </p>
      ) : null}
      {error !== null ? (
        <div role="alert" className="admin-error">
          <p>
            {error instanceof ApiError && error.status !== 0
              ? error.message
              : 'We couldn’t reach the server. Check your connection and try again.'}
          </p>
        </div>
      ) : null}
    </form>
  );
}

interface ControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** A label, its control and, when the server refused it, the reason, tied to the control. */
function Field(props: {
  label: string;
  id: string;
  problem?: string | undefined;
  children: ReactElement<ControlProps>;
}) {
  const problemId = `${props.id}-problem`;
  return (
    <div className="admin-playbook__field">
      <label htmlFor={props.id}>{props.label}</label>
      {cloneElement(props.children, {
        id: props.id,
        'aria-invalid': props.problem ? true : undefined,
        'aria-describedby': props.problem ? problemId : undefined,
      })}
      {props.problem ? (
        <p id={problemId} className="admin-error">
          {props.problem}
        </p>
      ) : null}
    </div>
  );
}

function ChannelFields(props: {
  index: number;
  channel: ChannelDraft;
  fields: Record<string, string>;
  onChange: (change: Partial<ChannelDraft>) => void;
}) {
  const { index, channel, fields, onChange } = props;
  const prefix = `channels.${index}`;
  const baseId = useId();
  const idFor = (name: string) => `${baseId}-${name}`;
  const setTemplate = (
    which: 'appeal' | 'followUp',
    part: keyof PlaybookTemplate,
    value: string,
  ) => {
    if (!channel.templates) return;
    onChange({
      templates: {
        ...channel.templates,
        [which]: { ...channel.templates[which], [part]: value },
      },
    });
  };

  return (
    <fieldset className="admin-playbook__channel">
      <legend>
        Channel {index + 1}: {channelKindLabels[channel.kind]}
      </legend>
      {channel.kind === 'support-email' ? (
        <Field label="Support address" id={idFor('address')} problem={fields[`${prefix}.address`]}>
          <input
            type="email"
            value={channel.address}
            onChange={(event) => onChange({ address: event.target.value })}
          />
        </Field>
      ) : null}
      {channel.kind === 'web-form' || channel.kind === 'business-manager' ? (
        <Field label="Page address" id={idFor('url')} problem={fields[`${prefix}.url`]}>
          <input
            type="url"
            value={channel.url}
            onChange={(event) => onChange({ url: event.target.value })}
          />
        </Field>
      ) : null}
      <Field label="Steps (one per line)" id={idFor('steps')} problem={fields[`${prefix}.steps`]}>
        <textarea
          value={channel.steps}
          onChange={(event) => onChange({ steps: event.target.value })}
        />
      </Field>
      <Field
        label="Evidence that helps (one per line)"
        id={idFor('evidence')}
        problem={fields[`${prefix}.evidence`]}
      >
        <textarea
          value={channel.evidence}
          onChange={(event) => onChange({ evidence: event.target.value })}
        />
      </Field>
      <Field
        label="Look again after (days)"
        id={idFor('check')}
        problem={fields[`${prefix}.followUp.checkAfterDays`]}
      >
        <input
          type="number"
          min={1}
          step={1}
          value={channel.checkAfterDays}
          onChange={(event) => onChange({ checkAfterDays: event.target.value })}
        />
      </Field>
      <Field
        label="Send a follow-up after (days)"
        id={idFor('follow-up')}
        problem={fields[`${prefix}.followUp.followUpAfterDays`]}
      >
        <input
          type="number"
          min={1}
          step={1}
          value={channel.followUpAfterDays}
          onChange={(event) => onChange({ followUpAfterDays: event.target.value })}
        />
      </Field>
      {channel.templates
        ? (['appeal', 'followUp'] as const).map((which) => {
            const name = which === 'appeal' ? 'Appeal' : 'Follow-up';
            const templates = channel.templates;
            if (!templates) return null;
            return (
              <div key={which}>
                <Field
                  label={`${name} subject`}
                  id={idFor(`${which}-subject`)}
                  problem={fields[`${prefix}.templates.${which}.subject`]}
                >
                  <input
                    type="text"
                    value={templates[which].subject}
                    onChange={(event) => setTemplate(which, 'subject', event.target.value)}
                  />
                </Field>
                <Field
                  label={`${name} text`}
                  id={idFor(`${which}-body`)}
                  problem={fields[`${prefix}.templates.${which}.body`]}
                >
                  <textarea
                    rows={8}
                    value={templates[which].body}
                    onChange={(event) => setTemplate(which, 'body', event.target.value)}
                  />
                </Field>
              </div>
            );
          })
        : null}
    </fieldset>
  );
}
