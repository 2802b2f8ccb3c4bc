import { SupportEmailLink } from '../../components/ui/support-email-link';
import { useSiteIdentity } from '../../lib/site-identity/site-identity';
import { LegalPage } from './legal-page';

export function RefundsScreen() {
  const { appName, claims } = useSiteIdentity();
  return (
    <LegalPage title="Refund policy">
      <p className="lead">{claims.refund}</p>

      <h2>When you get a refund</h2>
      <p>
        You get a <strong>full refund</strong> of what you paid when your number cannot be unbanned:
        when {appName} turns down the appeal, or when we find that the ban is one its review process
        cannot lift. You do not need to ask; we start the refund ourselves.
      </p>

      <h2>How long it takes</h2>
      <ul>
        <li>We issue the refund within 5 business days of the outcome.</li>
        <li>
          It then reaches your card or account within 5–10 business days, depending on your bank.
        </li>
      </ul>
      <p>We e-mail you when the refund is issued, with your case reference.</p>

      <h2>How it is paid</h2>
      <p>
        The refund goes back to the card or payment method you paid with, for the full amount. We
        keep no fees.
      </p>

      <h2>Questions</h2>
      <p>
        If a refund has not arrived in the time above, or something else is unclear, e-mail{' '}
        <SupportEmailLink /> with your case reference.
      </p>
    </LegalPage>
  );
}
