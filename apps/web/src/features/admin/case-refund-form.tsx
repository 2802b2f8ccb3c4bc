import type { FormEvent } from 'react';
import { useState } from 'react';
import type { AdminCase } from '@unban/contract/admin';
import { adminLimits } from '@unban/contract/admin';
import { formatMoney } from '@unban/contract/plans';
import { refundCase } from './api/case-actions';
import { ActionError } from './action-error';

interface CaseRefundFormProps {
  adminCase: AdminCase;
  onDone: (next: AdminCase) => void;
  onReload: () => void;
}

/** Money that can still be refunded: what was paid, less what was already asked back. */
function refundableMinor(adminCase: AdminCase): number {
  return adminCase.payments
    .filter((payment) => payment.state === 'paid')
    .reduce((sum, payment) => sum + payment.amountMinor - payment.refundRequestedMinor, 0);
}

/** A full refund, in two steps: give the reason, then confirm the amount. */
export function CaseRefundForm({ adminCase, onDone, onReload }: CaseRefundFormProps) {
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const amount = formatMoney(refundableMinor(adminCase), adminCase.currency);

  if (refundableMinor(adminCase) === 0) {
    return (
      <>
        <div role="status">{result ? <p>{result}</p> : null}</div>
        <p className="muted">Nothing to refund: no confirmed payment is left on this case.</p>
      </>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason.trim() !== '') setConfirming(true);
  };

  const onConfirm = async () => {
    setError(null);
    setBusy(true);
    try {
      const next = await refundCase(adminCase.id, { reason, confirm: true });
      setConfirming(false);
      setReason('');
      setResult(`Refund of ${amount} requested. The payment shows its state below.`);
      onDone(next);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="admin-form" aria-label="Refund" onSubmit={onSubmit}>
      <label>
        Reason for the refund (required)
        <textarea
          name="reason"
          required
          value={reason}
          maxLength={adminLimits.reason}
          onChange={(event) => {
            setReason(event.target.value);
            setConfirming(false);
          }}
        />
      </label>
      {error !== null ? <ActionError error={error} onReload={onReload} /> : null}
      {confirming ? (
        <p>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => void onConfirm()}
          >
            Confirm full refund of {amount}
          </button>{' '}
          <button type="button" className="button" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </p>
      ) : (
        <button type="submit" className="button" disabled={reason.trim() === ''}>
          Refund in full…
        </button>
      )}
      <div role="status">{result ? <p>{result}</p> : null}</div>
    </form>
  );
}
