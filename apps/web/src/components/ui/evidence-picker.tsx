import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { MAX_EVIDENCE_BYTES, evidenceAccept } from '@unban/contract/evidence';
import { addChosenFiles } from '../../lib/evidence/evidence-files';
import type { EvidenceProblem } from '../../lib/evidence/evidence-files';
import { SPACE } from '../../lib/i18n/rich-text';
import { evidenceProblemText, formatBytes } from './evidence-words';
import './evidence.css';

export interface EvidencePickerProps {
  /** The file input's id (its label points at it). */
  id: string;
  label: string;
  /** The files chosen so far, in order; the parent keeps them and sends them. */
  files: readonly File[];
  onChange: (files: File[]) => void;
  /** How many files may be chosen in all. */
  max: number;
  /** What the server said about the last upload, shown with the control's own messages. */
  serverError?: string | null;
  disabled?: boolean;
}

/** A small preview of a chosen image, where the browser can show it (not HEIC, mostly). */
function ChosenPreview({ file }: { file: File }) {
  const image = useRef<HTMLImageElement>(null);
  // A file named like an image that is not one: no broken-image icon, the server will say why.
  const [broken, setBroken] = useState(false);
  const showable =
    !broken &&
    /^image\/(png|jpeg|webp)$/.test(file.type) &&
    typeof URL.createObjectURL === 'function';
  useEffect(() => {
    if (!showable || !image.current) return;
    const objectUrl = URL.createObjectURL(file);
    image.current.src = objectUrl;
    return () => URL.revokeObjectURL(objectUrl);
  }, [file, showable]);
  return showable ? (
    <img ref={image} className="evidence-picker__preview" alt="" onError={() => setBroken(true)} />
  ) : (
    <span className="evidence-picker__preview evidence-picker__preview--none" aria-hidden="true" />
  );
}

/**
 * "Attach screenshots": a native file input (keyboard and screen readers know it), the
 * chosen files with a Remove button each, and what is wrong with a choice, said at once.
 * Nothing is sent from here; the form sends the files with the request.
 */
export function EvidencePicker({
  id,
  label,
  files,
  onChange,
  max,
  serverError = null,
  disabled = false,
}: EvidencePickerProps) {
  const intl = useIntl();
  const [problems, setProblems] = useState<EvidenceProblem[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const listLabelId = useId();
  const problemTexts = problems.map((problem) => evidenceProblemText(intl, problem));
  const messages = serverError ? [...problemTexts, serverError] : problemTexts;
  const full = files.length >= max;

  const choose = (chosen: FileList | null) => {
    const result = addChosenFiles(files, chosen ? [...chosen] : [], max);
    setProblems(result.problems);
    if (result.accepted.length !== files.length) onChange(result.accepted);
    // Let the same file be chosen again after it was removed.
    if (input.current) input.current.value = '';
  };

  const remove = (index: number) => {
    setProblems([]);
    onChange(files.filter((_file, at) => at !== index));
    // The button is gone: keep the keyboard user in the control.
    input.current?.focus();
  };

  return (
    <div className="evidence-picker">
      <label htmlFor={id} className="evidence-picker__label">
        {label}
      </label>
      <p id={hintId} className="evidence-picker__hint">
        <FormattedMessage
          id="evidence.picker.hint"
          values={{ max, size: formatBytes(intl, MAX_EVIDENCE_BYTES) }}
        />
        {full ? (
          <>
            {SPACE}
            <FormattedMessage id="evidence.picker.full" values={{ max }} />
          </>
        ) : null}
      </p>
      <input
        ref={input}
        id={id}
        type="file"
        multiple
        accept={evidenceAccept}
        disabled={disabled || full}
        aria-describedby={messages.length > 0 ? `${hintId} ${errorId}` : hintId}
        aria-invalid={messages.length > 0 ? true : undefined}
        onChange={(event) => choose(event.currentTarget.files)}
      />
      {messages.length > 0 ? (
        <div id={errorId} className="evidence-picker__error" role="alert">
          {messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
      {files.length > 0 ? (
        <>
          <p id={listLabelId} className="visually-hidden">
            <FormattedMessage id="evidence.picker.chosen" />
          </p>
          <ul className="evidence-picker__files" aria-labelledby={listLabelId}>
            {files.map((file, index) => (
              <li key={`${file.name}-${file.size}-${file.lastModified}`}>
                <ChosenPreview file={file} />
                <span className="evidence-picker__name">
                  {file.name}
                  {SPACE}
                  <span className="muted">
                    <FormattedMessage
                      id="evidence.picker.fileSize"
                      values={{ size: formatBytes(intl, file.size) }}
                    />
                  </span>
                </span>
                <button
                  type="button"
                  className="button"
                  aria-label={intl.formatMessage(
                    { id: 'evidence.picker.removeFile' },
                    { name: file.name },
                  )}
                  disabled={disabled}
                  onClick={() => remove(index)}
                >
                  <FormattedMessage id="evidence.picker.remove" />
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
