import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { toErrorResponse } from './error-response';

describe('toErrorResponse', () => {
  it('keeps the code, message and fields of an AppError', () => {
    expect(
      toErrorResponse(
        new AppError('CONFLICT', 'The case changed.', { fields: { version: 'stale' } }),
      ),
    ).toEqual({
      statusCode: 409,
      body: {
        error: { code: 'CONFLICT', message: 'The case changed.', fields: { version: 'stale' } },
      },
      serverFault: false,
    });
  });

  it('turns any other error into INTERNAL without its message', () => {
    const response = toErrorResponse(new Error('connect ECONNREFUSED 10.0.0.5:5432'));
    expect(response.statusCode).toBe(500);
    expect(response.serverFault).toBe(true);
    expect(response.body.error.code).toBe('INTERNAL');
    expect(JSON.stringify(response.body)).not.toContain('ECONNREFUSED');
  });

  it('never lets an INTERNAL AppError show its message', () => {
    const response = toErrorResponse(new AppError('INTERNAL', 'pool exhausted at db-3'));
    expect(response.body.error.message).not.toContain('db-3');
  });

  it('keeps a deliberate SERVICE_UNAVAILABLE message', () => {
    const response = toErrorResponse(
      new AppError('SERVICE_UNAVAILABLE', 'Payments are paused for a few minutes.'),
    );
    expect(response).toMatchObject({
      statusCode: 503,
      serverFault: true,
      body: {
        error: { code: 'SERVICE_UNAVAILABLE', message: 'Payments are paused for a few minutes.' },
      },
    });
  });

  it('maps other client errors by status, with a generic message', () => {
    const error = Object.assign(new Error('secret detail'), { statusCode: 403 });
    expect(toErrorResponse(error).body).toEqual({
      error: { code: 'FORBIDDEN', message: 'You do not have access to this.' },
    });
    const unusual = Object.assign(new Error('x'), { statusCode: 418 });
    expect(toErrorResponse(unusual).statusCode).toBe(400);
  });

  it('lists the fields of a JSON-schema validation error', () => {
    const error = Object.assign(new Error('body must have required property email'), {
      statusCode: 400,
      validation: [
        {
          instancePath: '',
          message: "must have required property 'email'",
          params: { missingProperty: 'email' },
        },
        { instancePath: '/contact/phone', message: 'must be string', params: {} },
      ],
    });
    expect(toErrorResponse(error).body).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid.',
        fields: { email: "must have required property 'email'", 'contact.phone': 'must be string' },
      },
    });
  });
});
