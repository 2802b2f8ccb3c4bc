import { MAX_EVIDENCE_FILES } from '@unban/contract/evidence';
import { FormattedMessage, useIntl } from 'react-intl';
import { EvidencePicker } from '../../../components/ui/evidence-picker';

export interface EvidenceFieldsetProps {
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** Why the server did not take the screenshots on the last attempt. */
  serverError: string | null;
  disabled: boolean;
}

/** "Screenshots": optional pictures of the ban message, sent with the request. */
export function EvidenceFieldset({
  files,
  onChange,
  serverError,
  disabled,
}: EvidenceFieldsetProps) {
  const intl = useIntl();
  return (
    <section className="request-form__section" aria-labelledby="request-evidence-heading">
      <h2 id="request-evidence-heading">
        <FormattedMessage id="request.evidence.title" />
      </h2>
      <EvidencePicker
        id="request-evidence"
        label={intl.formatMessage({ id: 'request.evidence.label' })}
        files={files}
        onChange={onChange}
        max={MAX_EVIDENCE_FILES}
        serverError={serverError}
        disabled={disabled}
      />
    </section>
  );
}
