import { Link } from 'react-router';
import { formatPrice, planList, planPriceFor } from '@unban/contract/plans';
import { useActiveLocale } from '../../lib/locale/use-active-locale';
import { pageTitle } from '@unban/contract/site-config';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/browser/use-document-title';
import { SupportEmailLink } from '../../components/ui/support-email-link';
import { useSiteIdentity } from '../../lib/site-identity/site-identity';
import { homeFaqs, homeSteps } from './home-content';
import './home-screen.css';

export function HomeScreen() {
  const identity = useSiteIdentity();
  const locale = useActiveLocale();
  const { appName: app, appOwner, claims } = identity;
  useDocumentTitle(pageTitle(identity));

  return (
    <div className="home">
      <section className="home__hero" aria-labelledby="home-title">
        <div className="page page--wide">
          <h1 id="home-title">{pageTitle(identity)}</h1>
          <p className="lead">
            Banned on {app}? We get your number unbanned through {app}&apos;s official review
            channels, and you pay once, up front, with a full refund if it cannot be done.
          </p>
          <p>
            <Link to={paths.request.to()} className="button button--primary home__cta">
              Start your unban request
            </Link>
          </p>
          <p>
            Not sure what kind of ban it is?{' '}
            <Link to={paths.banCheck.to()}>Check your ban for free</Link>: a few questions, no
            sign-in, no payment.
          </p>
          <p>
            <Link to={paths.results.to()}>See our results</Link>: cases closed, unbanned and
            refunded, counted from our records.
          </p>
          <ul className="home__claims" aria-label="Our promise">
            <li>{claims.speed}</li>
            <li>{claims.successRate}</li>
            <li>{claims.duration}</li>
            <li>{claims.refund}</li>
          </ul>
        </div>
      </section>

      <div className="page page--wide">
        <section aria-labelledby="home-how">
          <h2 id="home-how">How it works</h2>
          <ol className="home__steps">
            {homeSteps(identity).map((step) => (
              <li key={step.title}>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="home-pledge" className="notice home__pledge">
          <h2 id="home-pledge">We never ask for your codes</h2>
          <p>
            <strong>We never ask for your SMS code, two-step PIN or password.</strong> Unbanning
            goes through {app}&apos;s review process, which does not need them. If someone asks you
            for them in our name, do not share them and tell us at <SupportEmailLink />.
          </p>
        </section>

        <div className="home__facts">
          <section aria-labelledby="home-time">
            <h2 id="home-time">How long it takes</h2>
            <p>{claims.duration}</p>
            <p>{claims.speed} You can follow every step of your case online.</p>
          </section>

          <section aria-labelledby="home-price">
            <h2 id="home-price">One fixed price</h2>
            <p>
              You pay one all-in price before we start. There are no hidden fees and nothing more to
              pay later.
            </p>
            <ul className="home__plans">
              {planList(identity.plans).map((plan) => (
                <li key={plan.id} className="home__plan" aria-labelledby={`plan-${plan.id}`}>
                  <h3 id={`plan-${plan.id}`}>
                    {plan.name}{' '}
                    <span className="home__plan-price">
                      {formatPrice(planPriceFor(plan, locale, identity.localeCurrencies), locale)}
                    </span>
                  </h3>
                  <p>{plan.summary}</p>
                  <ul>
                    {plan.includes.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="home-guarantee">
            <h2 id="home-guarantee">Our guarantee</h2>
            <p>
              {claims.refund} Refunds are issued within 5 business days. Read the{' '}
              <Link to={paths.refunds.to()}>refund policy</Link>.
            </p>
          </section>
        </div>

        <section aria-labelledby="home-faq">
          <h2 id="home-faq">Questions</h2>
          <div className="home__faq">
            {homeFaqs(identity).map((faq) => (
              <details key={faq.question}>
                <summary>{faq.question}</summary>
                <p>{faq.answer}</p>
              </details>
            ))}
          </div>
        </section>

        <section aria-labelledby="home-start" className="home__closing">
          <h2 id="home-start">Ready to get your number back?</h2>
          <p>
            <Link to={paths.request.to()} className="button button--primary">
              Start your unban request
            </Link>
          </p>
          <p className="muted">
            Not affiliated with {app} or {appOwner}. Questions first? E-mail <SupportEmailLink />.
          </p>
        </section>
      </div>
    </div>
  );
}
