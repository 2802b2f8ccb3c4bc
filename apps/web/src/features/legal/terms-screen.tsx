import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { SupportEmailLink } from '../../components/ui/support-email-link';
import { useSiteIdentity } from '../../lib/site-identity/site-identity';
import { LegalPage } from './legal-page';

export function TermsScreen() {
  const { brand, appName, appOwner, claims } = useSiteIdentity();
  return (
    <LegalPage title="Terms of service">
      <p>
        These terms apply when you use {brand} (&ldquo;we&rdquo;, &ldquo;us&rdquo;) to ask for a
        banned {appName} number to be reinstated. By sending a request you accept them.
      </p>

      <h2>What we do</h2>
      <p>
        We prepare and submit an appeal for your number through {appName}&apos;s official review
        channels (the in-app review request, support e-mail and business support) and follow it up
        until {appName} decides. We are an independent service,{' '}
        <strong>
          not affiliated with {appName} or {appOwner}
        </strong>
        . The decision to lift a ban is always {appName}&apos;s; what we promise is the work and the
        refund below.
      </p>

      <h2>What you agree to</h2>
      <ul>
        <li>The number is yours, or you are authorised by its owner to ask for its review.</li>
        <li>What you tell us about the ban is true and complete to the best of your knowledge.</li>
        <li>
          You do not use the service to get around a ban for spam, fraud, harassment or other
          unlawful use.
        </li>
      </ul>

      <h2>What we never do</h2>
      <p>
        We never ask for, store or forward your SMS verification code, your two-step verification
        PIN or any password. We do not use unofficial tools, and we do not log in to your account.
      </p>

      <h2>Price and payment</h2>
      <p>
        The price is fixed and shown before you pay. You pay once, up front, through our payment
        provider; we start work when the payment is confirmed.
      </p>

      <h2>Guarantee and refunds</h2>
      <p>
        If your number cannot be unbanned, you get a full refund, as set out in our{' '}
        <Link to={paths.refunds.to()}>refund policy</Link>.
      </p>

      <h2>Time frame</h2>
      <p>{claims.duration}</p>

      <h2>Liability</h2>
      <p>
        Our liability for any request is limited to the amount you paid for it. We are not
        responsible for {appName}&apos;s decisions or for messages or data lost while the number was
        banned.
      </p>

      <h2>Your data</h2>
      <p>
        How we handle what you tell us is described in our{' '}
        <Link to={paths.privacy.to()}>privacy policy</Link>.
      </p>

      <h2>Changes and contact</h2>
      <p>
        We may update these terms; the version shown when you paid applies to your request.
        Questions: <SupportEmailLink />.
      </p>
    </LegalPage>
  );
}
