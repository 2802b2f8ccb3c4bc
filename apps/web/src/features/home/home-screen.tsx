import { Link } from 'react-router';
import { formatPrice, planList, planPriceFor } from '@unban/contract/plans';
import { FormattedMessage, useIntl } from 'react-intl';
import { SPACE } from '../../lib/i18n/rich-text';
import { useActiveLocale } from '../../lib/i18n/use-active-locale';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/browser/use-document-title';
import { SupportEmailLink } from '../../components/ui/support-email-link';
import { useSiteIdentity } from '../../lib/site-identity/site-identity';
import { siteTitle } from '../../lib/i18n/site-words';
import { homeFaqs, homeSteps } from './home-content';
import './home-screen.css';

export function HomeScreen() {
  const identity = useSiteIdentity();
  const locale = useActiveLocale();
  const { appName: app, appOwner, claims } = identity;
  const intl = useIntl();
  const title = siteTitle(intl, identity);
  useDocumentTitle(title);
  const email = <SupportEmailLink />;

  return (
    <div className="home">
      <section className="home__hero" aria-labelledby="home-title">
        <div className="page page--wide">
          <h1 id="home-title">{title}</h1>
          <p className="lead">
            <FormattedMessage id="home.lead" values={{ app }} />
          </p>
          <p>
            <Link to={paths.request.to()} className="button button--primary home__cta">
              <FormattedMessage id="home.cta" />
            </Link>
          </p>
          <p>
            <FormattedMessage
              id="home.banCheck"
              values={{ link: (text) => <Link to={paths.banCheck.to()}>{text}</Link> }}
            />
          </p>
          <p>
            <FormattedMessage
              id="home.results"
              values={{ link: (text) => <Link to={paths.results.to()}>{text}</Link> }}
            />
          </p>
          <ul className="home__claims" aria-label={intl.formatMessage({ id: 'home.claimsLabel' })}>
            <li>{claims.speed}</li>
            <li>{claims.successRate}</li>
            <li>{claims.duration}</li>
            <li>{claims.refund}</li>
          </ul>
        </div>
      </section>

      <div className="page page--wide">
        <section aria-labelledby="home-how">
          <h2 id="home-how">
            <FormattedMessage id="home.how" />
          </h2>
          <ol className="home__steps">
            {homeSteps(intl, identity).map((step) => (
              <li key={step.title}>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="home-pledge" className="notice home__pledge">
          <h2 id="home-pledge">
            <FormattedMessage id="home.pledge.title" />
          </h2>
          <p>
            <strong>
              <FormattedMessage id="home.pledge.strong" />
            </strong>
            {SPACE}
            <FormattedMessage id="home.pledge.text" values={{ app, email }} />
          </p>
        </section>

        <div className="home__facts">
          <section aria-labelledby="home-time">
            <h2 id="home-time">
              <FormattedMessage id="home.time.title" />
            </h2>
            <p>{claims.duration}</p>
            <p>
              <FormattedMessage id="home.time.follow" values={{ speed: claims.speed }} />
            </p>
          </section>

          <section aria-labelledby="home-price">
            <h2 id="home-price">
              <FormattedMessage id="home.price.title" />
            </h2>
            <p>
              <FormattedMessage id="home.price.text" />
            </p>
            <ul className="home__plans">
              {planList(identity.plans).map((plan) => (
                <li key={plan.id} className="home__plan" aria-labelledby={`plan-${plan.id}`}>
                  <h3 id={`plan-${plan.id}`}>
                    {plan.name}
                    {SPACE}
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
            <h2 id="home-guarantee">
              <FormattedMessage id="home.guarantee.title" />
            </h2>
            <p>
              <FormattedMessage
                id="home.guarantee.text"
                values={{
                  refund: claims.refund,
                  link: (text) => <Link to={paths.refunds.to()}>{text}</Link>,
                }}
              />
            </p>
          </section>
        </div>

        <section aria-labelledby="home-faq">
          <h2 id="home-faq">
            <FormattedMessage id="home.faq.title" />
          </h2>
          <div className="home__faq">
            {homeFaqs(intl, identity).map((faq) => (
              <details key={faq.question}>
                <summary>{faq.question}</summary>
                <p>{faq.answer}</p>
              </details>
            ))}
          </div>
        </section>

        <section aria-labelledby="home-start" className="home__closing">
          <h2 id="home-start">
            <FormattedMessage id="home.closing.title" />
          </h2>
          <p>
            <Link to={paths.request.to()} className="button button--primary">
              <FormattedMessage id="home.cta" />
            </Link>
          </p>
          <p className="muted">
            <FormattedMessage id="home.closing.note" values={{ app, owner: appOwner, email }} />
          </p>
        </section>
      </div>
    </div>
  );
}
