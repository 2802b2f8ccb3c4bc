import { siteConfig } from '@unban/contract/site-config';
import { SupportEmailLink } from '../../components/ui/support-email-link';
import { LegalPage } from './legal-page';

const { brand, appName } = siteConfig;

export function PrivacyScreen() {
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
      <p>
        We keep your request while your case is open and afterwards only as long as we need it for
        refunds, accounting and legal obligations.
      </p>

      <h2>Your rights</h2>
      <p>
        You can ask for a copy of your data, its correction or its deletion at any time by e-mailing{' '}
        <SupportEmailLink />.
      </p>
    </LegalPage>
  );
}
