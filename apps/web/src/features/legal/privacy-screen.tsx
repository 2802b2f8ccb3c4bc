import { FormattedMessage, useIntl } from 'react-intl';
import { customerCancelableStates, dataRetention } from '@unban/contract/data-rules';
import { useSiteIdentity } from '../../lib/site-identity/site-identity';
import { SupportEmailLink } from '../../components/ui/support-email-link';
import type { MessageId } from '../../lib/i18n/catalog';
import { useCaseStateInfo } from '../../lib/i18n/case-state-words';
import { richText } from '../../lib/i18n/rich-text';
import { LegalPage } from './legal-page';

export function PrivacyScreen() {
  const { brand, appName: app } = useSiteIdentity();
  const intl = useIntl();
  const states = useCaseStateInfo();
  /** "“Awaiting payment” or “Queued”": the states the customer may cancel from. */
  const cancelable = intl.formatList(
    customerCancelableStates.map((state) =>
      intl.formatMessage({ id: 'privacy.stateQuoted' }, { state: states[state].label }),
    ),
    { type: 'disjunction' },
  );
  const item = (id: MessageId, values: Record<string, string | number> = {}) => (
    <li>
      <FormattedMessage id={id} values={{ ...values, ...richText }} />
    </li>
  );
  return (
    <LegalPage titleId="pages.privacy.title">
      <p>
        <FormattedMessage id="privacy.intro" values={{ brand }} />
      </p>

      <h2>
        <FormattedMessage id="privacy.store.title" />
      </h2>
      <ul>
        {item('privacy.store.request')}
        {item('privacy.store.email')}
        {item('privacy.store.payments')}
        {item('privacy.store.history')}
        {item('privacy.store.signIn')}
      </ul>

      <h2>
        <FormattedMessage id="privacy.never.title" />
      </h2>
      <p>
        <FormattedMessage id="privacy.never.text" values={{ app }} />
      </p>

      <h2>
        <FormattedMessage id="privacy.stats.title" />
      </h2>
      <p>
        <FormattedMessage id="privacy.stats.text" />
      </p>

      <h2>
        <FormattedMessage id="privacy.others.title" />
      </h2>
      <ul>
        {item('privacy.others.app', { app })}
        {item('privacy.others.payment')}
        {item('privacy.others.hosting')}
        {item('privacy.others.chat')}
      </ul>
      <p>
        <FormattedMessage id="privacy.others.noSale" />
      </p>

      <h2>
        <FormattedMessage id="privacy.keep.title" />
      </h2>
      <ul>
        {item('privacy.keep.unpaid', { days: dataRetention.unpaidRequestMaxDays })}
        {item('privacy.keep.paid')}
        {item('privacy.keep.payments', { years: dataRetention.paymentRecordYears })}
      </ul>

      <h2>
        <FormattedMessage id="privacy.rights.title" />
      </h2>
      <ul>
        {item('privacy.rights.cancel', { states: cancelable })}
        {item('privacy.rights.download')}
        {item('privacy.rights.erase')}
      </ul>
      <p>
        <FormattedMessage id="privacy.rights.other" values={{ email: <SupportEmailLink /> }} />
      </p>
    </LegalPage>
  );
}
