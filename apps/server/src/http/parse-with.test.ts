import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../errors';
import { parseWith } from './parse-with';

const schema = z.object({
  email: z.email('Enter a valid e-mail address.'),
  contact: z.object({ phone: z.string().min(5, 'Enter the full number.') }),
  count: z.coerce.number().int(),
});

function captureError(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('parseWith', () => {
  it('returns the parsed value', () => {
    expect(
      parseWith(schema, { email: 'a@b.example', contact: { phone: '+15551234' }, count: '3' }),
    ).toEqual({ email: 'a@b.example', contact: { phone: '+15551234' }, count: 3 });
  });

  it('throws VALIDATION_FAILED with one message per invalid field', () => {
    const error = captureError(() =>
      parseWith(schema, { email: 'nope', contact: { phone: '1' }, count: '3' }),
    );
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.statusCode).toBe(400);
    expect(error.fields).toEqual({
      email: 'Enter a valid e-mail address.',
      'contact.phone': 'Enter the full number.',
    });
  });

  it('explains a value of the wrong shape as a whole', () => {
    const error = captureError(() => parseWith(schema, 'text'));
    expect(error.message).toMatch(/^The request is not valid: /);
    expect(error.fields).toEqual({});
  });
});
