import { getMessagingApp } from '@unban/contract/messaging-apps';
import { useIntl, FormattedMessage } from 'react-intl';
import type { MessageId } from '../../lib/i18n/catalog';
import type { RequestAnswers } from '@unban/contract/requests';
import { SupportEmailLink } from '../../components/ui/support-email-link';

/**
 * What the customer told us, with the full number: only the owner sees this page, and it is
 * where they can spot a typo before the appeal goes out.
 */
export function CaseAnswers({ answers }: { answers: RequestAnswers }) {
  const intl = useIntl();
  const say = (id: MessageId) => intl.formatMessage({ id });
  const rows: [string, string][] = [
    [say('answers.app'), getMessagingApp(answers.messagingApp).name],
    [say('answers.phone'), answers.phone],
    [say('answers.accountType'), say(`accountType.${answers.accountType}`)],
    [say('answers.device'), say(`device.${answers.device}`)],
    [say('answers.banMessage'), answers.banMessage],
    [say('answers.bannedAt'), say(`bannedAt.${answers.bannedAt}`)],
    [say('answers.usage'), answers.usage],
    [say('answers.email'), answers.contactEmail],
  ];
  return (
    <section aria-labelledby="case-answers">
      <h2 id="case-answers">
        <FormattedMessage id="answers.title" />
      </h2>
      <dl className="facts facts--stacked">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="muted">
        <FormattedMessage id="answers.wrong" values={{ email: <SupportEmailLink /> }} />
      </p>
    </section>
  );
}
