import { describe, expect, it } from 'vitest';
import { codeError, initialLoginState, loginReducer, mobileError, type LoginAction } from './login-state.ts';

const run = (...actions: LoginAction[]) => actions.reduce(loginReducer, initialLoginState);

describe('login state (spec doc 1 §4, §5)', () => {
  it('keeps only digits of a typed number', () => {
    expect(run({ type: 'mobileTyped', value: '+94 77-12a3' }).mobileInput).toBe('9477123');
  });

  it('shows mobile rules only after a submit attempt, then live', () => {
    const typed = run({ type: 'mobileTyped', value: '' });
    expect(mobileError(typed)).toBeNull();
    const tried = loginReducer(typed, { type: 'mobileSubmitted' });
    expect(mobileError(tried)).toBe('Type Your Mobile No.');
    expect(mobileError(loginReducer(tried, { type: 'mobileTyped', value: '9477' }))).toBe(
      'Mobile No. starting with 94, should have 11 digits!',
    );
    expect(mobileError(loginReducer(tried, { type: 'mobileTyped', value: '077123' }))).toBe(
      'Mobile No. starting with 0, should have 10 digits!',
    );
    expect(mobileError(loginReducer(tried, { type: 'mobileTyped', value: '0112345678' }))).toBe('Invalid Mobile No!');
    expect(mobileError(loginReducer(tried, { type: 'mobileTyped', value: '7712' }))).toBe(
      'Mobile No. should have 9 digits!',
    );
    expect(mobileError(loginReducer(tried, { type: 'mobileTyped', value: '771234567' }))).toBeNull();
  });

  it('moves to the code step with a 1:00 countdown', () => {
    const state = run({ type: 'sendStarted' }, { type: 'codeSent', challengeId: 'c1', mobileNo: '94771234567', now: 1000 });
    expect(state).toMatchObject({ step: 'code', pending: null, challengeId: 'c1', resendAt: 61_000 });
  });

  it('shows the code rules after a submit attempt', () => {
    const tried = run({ type: 'codeSubmitted' });
    expect(codeError(tried)).toBe('Type verification code we sent you SMS');
    expect(codeError(loginReducer(tried, { type: 'codeTyped', value: '12' }))).toBe(
      'verification code should have 4 digits!',
    );
    expect(codeError(loginReducer(tried, { type: 'codeTyped', value: '1234' }))).toBeNull();
  });

  it('a wrong code shows the spec text and restarts verification', () => {
    const state = run(
      { type: 'codeSent', challengeId: 'c1', mobileNo: '94771234567', now: 0 },
      { type: 'codeTyped', value: '1111' },
      { type: 'codeSubmitted' },
      { type: 'verifyStarted' },
      { type: 'codeRejected' },
    );
    expect(state).toMatchObject({ step: 'code', codeInput: '', pending: null, serverError: 'that is not the code I sent you' });
    expect(codeError(state)).toBeNull();
  });

  it("keeps the server's text of a wrong code (ARO-E1015) until the code is typed again", () => {
    const rejected = run(
      { type: 'codeSent', challengeId: 'c1', mobileNo: '94771234567', now: 0 },
      { type: 'codeRejected', detail: 'Invalid verification code' },
    );
    expect(rejected).toMatchObject({ serverError: 'that is not the code I sent you', serverDetail: 'Invalid verification code' });
    expect(loginReducer(rejected, { type: 'codeTyped', value: '1' })).toMatchObject({ serverError: null, serverDetail: null });
  });

  it('a resend shows OTP Resent and restarts the countdown', () => {
    const state = run(
      { type: 'codeSent', challengeId: 'c1', mobileNo: '94771234567', now: 0 },
      { type: 'resendStarted' },
      { type: 'codeResent', challengeId: 'c2', now: 70_000 },
    );
    expect(state).toMatchObject({ challengeId: 'c2', notice: 'OTP Resent', resendAt: 130_000, pending: null });
  });

  it('a failed request shows its text and clears the pending state', () => {
    const state = run({ type: 'sendStarted' }, { type: 'requestFailed', text: 'Failed to initiate user authentication' });
    expect(state).toMatchObject({ step: 'mobile', pending: null, serverError: 'Failed to initiate user authentication' });
  });
});
