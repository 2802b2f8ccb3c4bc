/**
 * The user-facing validation problems of the contract's schemas are stable codes, not words
 * (issue 15): `validation.<area>.<problem>`, with any figures as a query
 * (`validation.text.tooLong?max=500&now=501`). The web app's catalogs word each code in the
 * customer's language; the server passes them on unchanged in a VALIDATION_FAILED answer's
 * `fields`. Add codes, never rename them. No zod here: the web reads it on every form.
 */
export const VALIDATION_PREFIX = 'validation.';

export type ValidationValues = Readonly<Record<string, string | number>>;

/** `validationCode('text.tooLong', { max: 500 })` → `validation.text.tooLong?max=500`. */
export function validationCode(name: string, values?: ValidationValues): string {
  const id = `${VALIDATION_PREFIX}${name}`;
  if (!values || Object.keys(values).length === 0) return id;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) query.set(key, String(value));
  return `${id}?${query.toString()}`;
}

/** The code and figures of a validation message, or null for any other text. */
export function readValidationCode(
  message: string,
): { id: string; values: Record<string, string> } | null {
  if (!message.startsWith(VALIDATION_PREFIX) || /\s/.test(message)) return null;
  const [id = '', query = ''] = message.split('?', 2);
  const values: Record<string, string> = {};
  new URLSearchParams(query).forEach((value, key) => {
    values[key] = value;
  });
  return { id, values };
}
