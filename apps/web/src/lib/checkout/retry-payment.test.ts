import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-client';
import { englishIntl } from '../../test/english-intl';
import { checkoutStartProblem as problemIn } from './retry-payment';

const checkoutStartProblem = (error: unknown) => problemIn(error, englishIntl);

describe('checkoutStartProblem', () => {
  it('asks the screen to show the latest state when the payment moved on (409)', () => {
    const problem = checkoutStartProblem(
      new ApiError({ status: 409, code: 'CONFLICT', message: 'already paid' }),
    );
    expect(problem.stale).toBe(true);
    expect(problem.message).toMatch(/status has changed/);
  });

  it('tells an offline customer to check the connection, and that nothing was charged', () => {
    const problem = checkoutStartProblem(
      new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'offline' }),
    );
    expect(problem).toEqual({
      message: expect.stringMatching(/connection.*Nothing has been charged/),
      stale: false,
    });
  });

  it('falls back to a general message for anything else', () => {
    expect(checkoutStartProblem(new Error('boom'))).toEqual({
      message: expect.stringMatching(
        /^We could not start a new checkout\. Nothing has been charged\./,
      ),
      stale: false,
    });
  });
});
