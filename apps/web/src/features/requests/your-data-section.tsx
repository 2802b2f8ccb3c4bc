import { useEffect, useId, useRef, useState } from 'react';
import { SPACE } from '../../lib/i18n/rich-text';
import { FormattedMessage, useIntl } from 'react-intl';
import type { IntlShape } from 'react-intl';
import { apiErrorText } from '../../lib/i18n/api-error-text';
import { dataRetention } from '@unban/contract/data-rules';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api/api-error';
import { eraseAccountData, fetchAccountData, saveExport } from './api/account-data';

function problemOf(error: unknown, fallback: string, intl: IntlShape): string {
  return error instanceof ApiError ? apiErrorText(intl, error) : fallback;
}

interface YourDataSectionProps {
  /** Called once the data is erased and this browser signed out. */
  onErased: (message: string) => void;
}

/**
 * The customer's rights of access and erasure, on their requests page: a JSON download of
 * everything we hold about them, and the erasure, confirmed in a second step.
 */
export function YourDataSection({ onErased }: YourDataSectionProps) {
  const headingId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  const intl = useIntl();
  // The button pressed is replaced by the confirmation and back: keyboard focus follows.
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (wasConfirming.current) openerRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const onDownload = async () => {
    setProblem(null);
    setBusy(true);
    try {
      saveExport(await fetchAccountData());
    } catch (error) {
      setProblem(problemOf(error, intl.formatMessage({ id: 'yourData.prepareFailed' }), intl));
    } finally {
      setBusy(false);
    }
  };

  const onErase = async () => {
    setProblem(null);
    setBusy(true);
    try {
      const result = await eraseAccountData();
      onErased(
        result.keptPaymentRecords > 0
          ? intl.formatMessage({ id: 'yourData.erasedKept' }, { count: result.keptPaymentRecords })
          : intl.formatMessage({ id: 'yourData.erased' }),
      );
    } catch (error) {
      setConfirming(false);
      setProblem(problemOf(error, intl.formatMessage({ id: 'yourData.eraseFailed' }), intl));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className="your-data">
      <h2 id={headingId}>
        <FormattedMessage id="yourData.title" />
      </h2>
      <p>
        <FormattedMessage
          id="yourData.text"
          values={{
            years: dataRetention.paymentRecordYears,
            link: (text) => <Link to={paths.privacy.to()}>{text}</Link>,
          }}
        />
      </p>
      <div role="alert">{problem ? <p className="case-page__problem">{problem}</p> : null}</div>
      <p className="requests__actions">
        <button type="button" className="button" disabled={busy} onClick={() => void onDownload()}>
          <FormattedMessage id="yourData.download" />
        </button>
        {SPACE}
        {confirming ? null : (
          <button
            ref={openerRef}
            type="button"
            className="button"
            onClick={() => setConfirming(true)}
          >
            <FormattedMessage id="yourData.erase" />
          </button>
        )}
      </p>
      {confirming ? (
        <div>
          <p>
            <FormattedMessage id="yourData.warning" />
          </p>
          <p>
            <button
              ref={confirmRef}
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => void onErase()}
            >
              <FormattedMessage id="yourData.confirm" />
            </button>
            {SPACE}
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              <FormattedMessage id="yourData.keep" />
            </button>
          </p>
        </div>
      ) : null}
    </section>
  );
}
