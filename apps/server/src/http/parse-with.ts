import type { z } from 'zod';
import { AppError } from '../errors';

/**
 * Validates a request body, query or params with a contract schema and returns the typed
 * value; on failure throws VALIDATION_FAILED with one message per invalid field so forms can
 * show each problem next to its input.
 */
export function parseWith<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;

  const fields: Record<string, string> = {};
  let rootProblem: string | undefined;
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    if (!key) {
      rootProblem ??= issue.message;
      continue;
    }
    // The first problem of a field is the one to fix first; later ones are often consequences.
    fields[key] ??= issue.message;
  }
  const message = rootProblem
    ? `The request is not valid: ${rootProblem}`
    : 'Some fields are not valid.';
  throw new AppError('VALIDATION_FAILED', message, { fields, cause: result.error });
}
