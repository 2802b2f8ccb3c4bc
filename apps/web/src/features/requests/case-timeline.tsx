import { caseStateInfo } from '@unban/contract/case-states';
import type { TimelineActor, TimelineEntry } from '@unban/contract/requests';
import { LocalTime } from '../../components/ui/local-time';

const actorNames: Readonly<Record<TimelineActor, string>> = {
  customer: 'You',
  operator: 'Our team',
  system: 'System',
};

function whatHappened(entry: TimelineEntry): string | null {
  if (entry.fromState === null) return 'Request created';
  if (entry.fromState === entry.toState) return null;
  return `Status changed to ${caseStateInfo[entry.toState].label}`;
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

export function CaseTimeline({ entries }: { entries: readonly TimelineEntry[] }) {
  const shown = inOrder(entries);
  return (
    <section aria-labelledby="case-timeline">
      <h2 id="case-timeline">Timeline</h2>
      {shown.length === 0 ? (
        <p>Nothing has happened yet.</p>
      ) : (
        <ol className="timeline">
          {shown.map((entry, index) => {
            const happened = whatHappened(entry);
            return (
              <li key={`${entry.at}-${index}`} className="timeline__entry">
                <p className="timeline__meta">
                  <LocalTime value={entry.at} /> · <span>{actorNames[entry.actor]}</span>
                </p>
                {happened ? <p className="timeline__change">{happened}</p> : null}
                {entry.messageToCustomer ? (
                  <p className="timeline__message">{entry.messageToCustomer}</p>
                ) : null}
                {entry.customerReply ? (
                  <p className="timeline__message timeline__message--own">
                    <span className="visually-hidden">Your reply: </span>
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
