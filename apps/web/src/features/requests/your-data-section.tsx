import { useEffect, useId, useRef, useState } from 'react';
import { dataRetention } from '@unban/contract/data-rules';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api/api-error';
import { eraseAccountData, fetchAccountData, saveExport } from './api/account-data';

function problemOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
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
      setProblem(problemOf(error, 'We could not prepare your data just now. Please try again.'));
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
          ? `Your data is erased and you are signed out. We keep only the anonymized payment records the law requires (${result.keptPaymentRecords}).`
          : 'Your data is erased and you are signed out.',
      );
    } catch (error) {
      setConfirming(false);
      setProblem(problemOf(error, 'We could not erase your data just now. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className="your-data">
      <h2 id={headingId}>Your data</h2>
      <p>
        Download everything we hold about you, or erase it once none of your cases is open. We then
        keep only anonymized payment records, for {dataRetention.paymentRecordYears} years as tax
        law requires. See the <Link to={paths.privacy.to()}>privacy policy</Link>.
      </p>
      <div role="alert">{problem ? <p className="case-page__problem">{problem}</p> : null}</div>
      <p className="requests__actions">
        <button type="button" className="button" disabled={busy} onClick={() => void onDownload()}>
          Download my data (JSON)
        </button>{' '}
        {confirming ? null : (
          <button
            ref={openerRef}
            type="button"
            className="button"
            onClick={() => setConfirming(true)}
          >
            Erase my data…
          </button>
        )}
      </p>
      {confirming ? (
        <div>
          <p>
            This deletes your requests&apos; details, messages, screenshots and e-mails, and your
            sign-in account. It cannot be undone.
          </p>
          <p>
            <button
              ref={confirmRef}
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => void onErase()}
            >
              Yes, erase my data
            </button>{' '}
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              Keep my data
            </button>
          </p>
        </div>
      ) : null}
    </section>
  );
}
