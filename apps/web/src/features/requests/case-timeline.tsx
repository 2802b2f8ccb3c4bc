import { FormattedMessage } from 'react-intl';
import type { CaseState } from '@unban/contract/case-states';
import { useCaseStateInfo } from '../../lib/i18n/case-state-words';
import type { TimelineActor, TimelineEntry } from '@unban/contract/requests';
import type { PlanId } from '@unban/contract/plans';
import { LocalTime } from '../../components/ui/local-time';
import { useTimelineMessage } from './timeline-notice-text';

/** What the entry changed, as a message and its values; null when it changed no state. */
function whatHappened(
  entry: TimelineEntry,
): { id: 'timeline.created' } | { id: 'timeline.changed'; state: CaseState } | null {
  if (entry.fromState === null) return { id: 'timeline.created' };
  if (entry.fromState === entry.toState) return null;
  return { id: 'timeline.changed', state: entry.toState };
}

/**
 * Whether the entry says anything to the customer. Rows that only carry an internal note (an
 * assignment, the note that screenshots were added) reach this view without their note, and
 * would show as a time with nothing under it.
 */
function saysSomething(entry: TimelineEntry): boolean {
  return whatHappened(entry) !== null || Boolean(entry.messageToCustomer || entry.customerReply);
}

/** Oldest first, as the case happened; the API sends it that way, this keeps it so. */
function inOrder(entries: readonly TimelineEntry[]): TimelineEntry[] {
  return entries
    .filter(saysSomething)
    .map((entry, index) => ({ entry, index, at: Date.parse(entry.at) }))
    .sort((a, b) => a.at - b.at || a.index - b.index)
    .map(({ entry }) => entry);
}

/** `plan`: the request's, whose reply time the "payment received" line names. */
export function CaseTimeline({
  entries,
  plan,
}: {
  entries: readonly TimelineEntry[];
  plan: PlanId;
}) {
  const shown = inOrder(entries);
  const states = useCaseStateInfo();
  const messageOf = useTimelineMessage(plan);
  return (
    <section aria-labelledby="case-timeline">
      <h2 id="case-timeline">
        <FormattedMessage id="timeline.title" />
      </h2>
      {shown.length === 0 ? (
        <p>
          <FormattedMessage id="timeline.empty" />
        </p>
      ) : (
        <ol className="timeline">
          {shown.map((entry, index) => {
            const happened = whatHappened(entry);
            return (
              <li key={`${entry.at}-${index}`} className="timeline__entry">
                <p className="timeline__meta">
                  <FormattedMessage
                    id="timeline.meta"
                    values={{
                      time: <LocalTime value={entry.at} />,
                      actor: (
                        <span>
                          <FormattedMessage
                            id={`timeline.actor.${entry.actor satisfies TimelineActor}`}
                          />
                        </span>
                      ),
                    }}
                  />
                </p>
                {happened ? (
                  <p className="timeline__change">
                    {happened.id === 'timeline.created' ? (
                      <FormattedMessage id="timeline.created" />
                    ) : (
                      <FormattedMessage
                        id="timeline.changed"
                        values={{ state: states[happened.state].label }}
                      />
                    )}
                  </p>
                ) : null}
                {entry.messageToCustomer ? (
                  <p className="timeline__message">{messageOf(entry)}</p>
                ) : null}
                {entry.customerReply ? (
                  <p className="timeline__message timeline__message--own">
                    <span className="visually-hidden">
                      <FormattedMessage id="timeline.yourReply" />
                    </span>
                    {entry.customerReply}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
