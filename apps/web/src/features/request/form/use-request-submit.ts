import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import { documentLocale } from '../../../lib/i18n/document-locale';
import { useCreateRequest } from '../api/create-request';
import type {
  RequestFormField,
  RequestFormOutput,
  RequestFormValues,
} from '../request-form-schema';
import { formFieldForBodyPath, requestFormFields } from '../request-form-schema';
import type { SubmitProblem } from '../submit-error';
import { describeSubmitError } from '../submit-error';
import { errorMessage } from './form-fields';

export interface SummaryItem {
  field: RequestFormField | null;
  message: string;
}

type RequestFormMethods = UseFormReturn<RequestFormValues, unknown, RequestFormOutput>;

function fieldOrder(field: RequestFormField | null): number {
  return field ? requestFormFields.indexOf(field) : requestFormFields.length;
}

function summaryFrom(errors: FieldErrors<RequestFormValues>): SummaryItem[] {
  return requestFormFields.flatMap((field) => {
    const message = errorMessage(errors, field);
    return message ? [{ field, message }] : [];
  });
}

/**
 * Sending the order form: on valid answers, create the request and leave for the checkout;
 * the server's field errors go back onto the fields, anything else becomes `problem`. After
 * each attempt with errors, `summary` lists them for the box at the top of the form.
 */
export function useRequestSubmit(
  { handleSubmit, setError, getValues, formState }: RequestFormMethods,
  /** The screenshots chosen on the form, sent after the request is created. */
  evidence: readonly File[] = [],
) {
  const { submitAndPay, status } = useCreateRequest();
  const intl = useIntl();
  // Shown after each submit attempt; the key remounts it so the same text is announced again.
  const [summary, setSummary] = useState<{ key: number; items: SummaryItem[] } | null>(null);
  const [problem, setProblem] = useState<Exclude<SubmitProblem, { kind: 'fields' }> | null>(null);

  const showSummary = (items: SummaryItem[]) =>
    setSummary((previous) => ({ key: (previous?.key ?? 0) + 1, items }));

  const applyServerFields = (fields: Record<string, string>) => {
    const items: SummaryItem[] = Object.entries(fields).map(([path, message]) => ({
      field: formFieldForBodyPath(path, getValues()),
      message,
    }));
    items.sort((a, b) => fieldOrder(a.field) - fieldOrder(b.field));
    let focused = false;
    for (const { field, message } of items) {
      if (!field) continue;
      setError(field, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    }
    showSummary(items);
  };

  const onValid = async (body: RequestFormOutput) => {
    setSummary(null);
    setProblem(null);
    try {
      await submitAndPay({ ...body, locale: documentLocale() }, evidence);
    } catch (error) {
      const described = describeSubmitError(error, intl);
      if (described.kind === 'fields') applyServerFields(described.fields);
      else setProblem(described);
    }
  };

  const onInvalid = (invalid: FieldErrors<RequestFormValues>) => {
    setProblem(null);
    showSummary(summaryFrom(invalid));
  };

  return {
    onSubmit: handleSubmit(onValid, onInvalid),
    /** From the click until the page has gone or the attempt failed. */
    busy: formState.isSubmitting || status !== 'idle',
    leaving: status === 'leaving',
    summary,
    problem,
  };
}
