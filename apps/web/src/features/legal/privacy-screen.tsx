import { caseStateInfo } from '@unban/contract/case-states';
import { customerCancelableStates, dataRetention } from '@unban/contract/data-rules';
import { useSiteIdentity } from '../../lib/site-identity/site-identity';
import { SupportEmailLink } from '../../components/ui/support-email-link';
import { LegalPage } from './legal-page';

/** "Awaiting payment or Queued": the states the customer may cancel from, by their labels. */
const cancelableLabels = customerCancelableStates
  .map((state) => `“${caseStateInfo[state].label}”`)
  .join(' or ');

export function PrivacyScreen() {
  const { brand, appName } = useSiteIdentity();
  return (
    <LegalPage title="Privacy policy">
      <p>
        {brand} collects only what it needs to appeal a ban and to run the service. This page says
        what that is, why we keep it and who else sees it.
      </p>

      <h2>What we store and why</h2>
      <ul>
        <li>
          <strong>Your request:</strong> the banned number, account type, phone model, the ban
          message, when it happened and what the number is used for. We need these to write and
          follow up the appeal.
        </li>
        <li>
          <strong>Your e-mail address:</strong> to send you the case updates, the receipt and the
          outcome.
        </li>
        <li>
          <strong>Payment records:</strong> amount, status and the payment provider&apos;s
          reference, to confirm payment and issue refunds. Card details go straight to the payment
          provider. Of the provider&apos;s payment notices we keep only their reference, type,
          amounts and status, never card or billing details.
        </li>
        <li>
          <strong>The case history:</strong> each step of your case and the messages between you and
          our team, so you and we can see what happened and when.
        </li>
        <li>
          <strong>Sign-in data:</strong> if you sign in, the account identifier and e-mail address
          from our sign-in provider, so you can see your requests on any device.
        </li>
      </ul>

      <h2>What we never collect</h2>
      <p>
        We never ask for, store or forward your SMS verification code, your two-step verification
        PIN or any password for {appName} or any other account.
      </p>

      <h2>Usage statistics</h2>
      <p>
        With your consent we count page views and sign-ins through an analytics service to improve
        the site. These events never contain your phone number, your e-mail address or anything you
        write to us.
      </p>

      <h2>Who else sees your data</h2>
      <ul>
        <li>{appName}, when we submit your appeal, receives the details the appeal needs.</li>
        <li>Our payment provider processes your payment.</li>
        <li>Our hosting, e-mail and sign-in providers process data on our behalf.</li>
        <li>
          If you use the live chat, the chat provider processes your messages under its own privacy
          policy.
        </li>
      </ul>
      <p>We do not sell your data or use it for advertising.</p>

      <h2>How long we keep it</h2>
      <ul>
        <li>
          <strong>Requests that are never paid</strong> are deleted with everything attached to them
          (answers, screenshots, case history, e-mails) at most {dataRetention.unpaidRequestMaxDays}{' '}
          days after they were last changed, by a scheduled job.
        </li>
        <li>
          <strong>Paid requests</strong> are kept while the case is open and afterwards until you
          erase them (see below).
        </li>
        <li>
          <strong>Payment records</strong> are kept for {dataRetention.paymentRecordYears} years, as
          tax and accounting law requires, even after you erase your data; they are then anonymized
          (see below).
        </li>
      </ul>

      <h2>Your rights</h2>
      <ul>
        <li>
          <strong>Cancel:</strong> on the case page you can cancel a request until an operator
          starts work on it, that is while its status is {cancelableLabels}. If you have paid, the
          full amount is refunded automatically and we e-mail you.
        </li>
        <li>
          <strong>Download your data:</strong> on My requests, &ldquo;Download my data&rdquo; gives
          you a JSON file with everything we hold about you: your requests and their answers, the
          case history and messages, your payments (amounts and status; we never hold card details),
          the details of your screenshots and the e-mails we sent you.
        </li>
        <li>
          <strong>Erase your data:</strong> on My requests, once none of your cases is open,
          &ldquo;Erase my data&rdquo; deletes your answers (number, e-mail address, ban message,
          usage), screenshots, messages and the e-mails we sent you, and your sign-in account. We
          keep only the anonymized payment record the law requires: the reference, plan, price,
          status and dates of each request, and the amounts, status, dates and payment
          provider&apos;s reference of each payment, with nothing that identifies you.
        </li>
      </ul>
      <p>
        For anything else, such as a correction, e-mail <SupportEmailLink />.
      </p>
    </LegalPage>
  );
}
