import { getMessagingApp } from '@unban/contract/messaging-apps';
import type { RequestAnswers } from '@unban/contract/requests';
import { accountTypeLabels, bannedAtLabels, deviceLabels } from '@unban/contract/requests';
import { SupportEmailLink } from '../../components/ui/support-email-link';

/**
 * What the customer told us, with the full number: only the owner sees this page, and it is
 * where they can spot a typo before the appeal goes out.
 */
export function CaseAnswers({ answers }: { answers: RequestAnswers }) {
  const rows: [string, string][] = [
    ['App', getMessagingApp(answers.messagingApp).name],
    ['Phone number', answers.phone],
    ['Account type', accountTypeLabels[answers.accountType]],
    ['Phone', deviceLabels[answers.device]],
    ['Ban message', answers.banMessage],
    ['When it happened', bannedAtLabels[answers.bannedAt]],
    ['What the number was used for', answers.usage],
    ['Contact e-mail', answers.contactEmail],
  ];
  return (
    <section aria-labelledby="case-answers">
      <h2 id="case-answers">Your answers</h2>
      <dl className="facts facts--stacked">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="muted">
        Something wrong? Tell us before the appeal goes out: write to <SupportEmailLink />.
      </p>
    </section>
  );
}
