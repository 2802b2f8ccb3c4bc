import { describe, expect, it } from 'vitest';
import { readValidationCode, validationCode } from './validation-codes';

describe('validation codes', () => {
  it('carry their figures and read back', () => {
    const code = validationCode('text.tooLongNow', { max: 500, now: 501 });
    expect(code).toBe('validation.text.tooLongNow?max=500&now=501');
    expect(readValidationCode(code)).toEqual({
      id: 'validation.text.tooLongNow',
      values: { max: '500', now: '501' },
    });
    expect(readValidationCode(validationCode('phone.empty'))).toEqual({
      id: 'validation.phone.empty',
      values: {},
    });
  });

  it('leave words alone', () => {
    expect(readValidationCode('Enter a valid e-mail address.')).toBeNull();
    expect(readValidationCode('validation. failed for you')).toBeNull();
  });
});
