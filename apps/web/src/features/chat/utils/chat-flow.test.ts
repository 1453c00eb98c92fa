import { describe, expect, it } from 'vitest';
import { chatReducer, initialChatState, type ChatAction, type ChatState } from './chat-flow.ts';

const run = (...actions: ChatAction[]) => actions.reduce(chatReducer, initialChatState);
const texts = (state: ChatState) => state.messages.map((m) => `${m.author}: ${m.text}`);

describe('chat flow (spec doc 1 §2 Chat assistant, §4)', () => {
  it('greets, then asks for the mobile number when not logged in', () => {
    const state = run({ type: 'started', greeting: 'Good morning', loggedIn: false, hasPatients: false });
    expect(state.step).toBe('mobile');
    expect(texts(state)[0]).toBe('assistant: Good morning');
  });

  it('greets, then shows the menu when logged in with profiles', () => {
    expect(run({ type: 'started', greeting: 'Good evening', loggedIn: true, hasPatients: true }).step).toBe('menu');
  });

  it('greets, then the registration step when logged in without profiles', () => {
    expect(run({ type: 'started', greeting: 'Good evening', loggedIn: true, hasPatients: false }).step).toBe('registration');
  });

  it('goes mobile → otp with the SMS delay notice and a 1:00 countdown', () => {
    const state = run(
      { type: 'started', greeting: 'Good morning', loggedIn: false, hasPatients: false },
      { type: 'mobileSubmitted', mobileNo: '94771234567' },
      { type: 'codeSent', challengeId: 'c1', now: 5000 },
    );
    expect(state).toMatchObject({ step: 'otp', challengeId: 'c1', pending: null, resendAt: 65_000 });
    expect(texts(state)).toContain('patient: +94771234567');
    expect(texts(state)).toContain('event: There may be SMS delays. Please wait and check again your SMS');
  });

  it("'Change number' in the code step goes back to the mobile step, forgetting the code (issue 6 §4.6)", () => {
    const otp = run(
      { type: 'started', greeting: 'Good morning', loggedIn: false, hasPatients: false },
      { type: 'linkCodeSent', challengeId: 'c1', mobileNo: '94771234567', destination: '/x', now: 0 },
    );
    const state = chatReducer(otp, { type: 'changeNumber' });
    expect(state).toMatchObject({ step: 'mobile', mobileNo: null, challengeId: null, resendAt: null, linkDestination: null, pending: null });
    expect(state.stepSeq).toBeGreaterThan(otp.stepSeq);
    expect(texts(state).at(-1)).toBe('assistant: Please type your mobile number to sign in.');
  });

  it('a wrong code loops back to verification', () => {
    const otp = run(
      { type: 'started', greeting: 'Good morning', loggedIn: false, hasPatients: false },
      { type: 'mobileSubmitted', mobileNo: '94771234567' },
      { type: 'codeSent', challengeId: 'c1', now: 0 },
    );
    const state = ([{ type: 'codeSubmitted', code: '1111' }, { type: 'codeRejected' }] as ChatAction[]).reduce(chatReducer, otp);
    expect(state.step).toBe('otp');
    expect(state.stepSeq).toBeGreaterThan(otp.stepSeq);
    expect(texts(state).at(-1)).toBe('assistant: that is not the code I sent you');
  });

  it("a wrong code also shows the server's text as an event (spec doc 1 §8 ARO-E1015)", () => {
    const state = run(
      { type: 'codeSent', challengeId: 'c1', now: 0 },
      { type: 'codeSubmitted', code: '1111' },
      { type: 'codeRejected', detail: 'Invalid verification code' },
    );
    expect(texts(state).slice(-2)).toEqual(['event: Invalid verification code', 'assistant: that is not the code I sent you']);
    expect(state.messages.at(-2)).toMatchObject({ tone: 'error' });
  });

  it('a failed send shows the failure and returns to the mobile step', () => {
    const state = run(
      { type: 'started', greeting: 'Good morning', loggedIn: false, hasPatients: false },
      { type: 'mobileSubmitted', mobileNo: '94771234567' },
      { type: 'codeSendFailed', text: 'Failed to initiate user authentication' },
    );
    expect(state).toMatchObject({ step: 'mobile', pending: null });
    expect(state.messages.at(-1)).toMatchObject({ author: 'event', tone: 'error', text: 'Failed to initiate user authentication' });
  });

  it('a resend shows OTP Resent', () => {
    const state = run(
      { type: 'codeSent', challengeId: 'c1', now: 0 },
      { type: 'resendStarted' },
      { type: 'codeResent', challengeId: 'c2', now: 90_000 },
    );
    expect(state).toMatchObject({ challengeId: 'c2', resendAt: 150_000 });
    expect(texts(state).at(-1)).toBe('event: OTP Resent');
  });

  it('signing in leads to the registration step or the menu', () => {
    expect(run({ type: 'signedIn', hasPatients: false }).step).toBe('registration');
    expect(run({ type: 'signedIn', hasPatients: true }).step).toBe('menu');
  });

  it('a profile created inline at the registration step reads the account, then carries on; a failed read never goes back (issue 12 §2)', () => {
    const asked = run({ type: 'signedIn', hasPatients: false });
    const reading = chatReducer(asked, { type: 'profileCreated' });
    expect(reading).toMatchObject({ step: 'registered', pending: 'refresh' });
    const failed = chatReducer(reading, { type: 'accountRefreshFailed' });
    expect(failed).toMatchObject({ step: 'registered', pending: null });
    expect(failed.stepSeq).toBeGreaterThan(reading.stepSeq);
    expect(texts(failed).at(-1)).toBe("event: I couldn't reach the hospital just now. Please check your connection and try again.");
    expect(failed.messages.at(-1)?.tone).toBe('error');
    const again = chatReducer(failed, { type: 'accountRefreshRetried' });
    expect(again).toMatchObject({ step: 'registered', pending: 'refresh' });
    const menu = chatReducer(again, { type: 'registered' });
    expect(menu).toMatchObject({ step: 'menu', pending: null });
    expect(texts(menu).at(-1)).toBe('assistant: How can I help you today?');
    expect(chatReducer(reading, { type: 'registered', guided: true }).step).toBe('checking');
    // Only in their own steps: elsewhere they change nothing.
    const atMenu = run({ type: 'signedIn', hasPatients: true });
    for (const action of [{ type: 'profileCreated' }, { type: 'accountRefreshFailed' }, { type: 'accountRefreshRetried' }, { type: 'registered' }] as const) {
      expect(chatReducer(atMenu, action)).toBe(atMenu);
    }
    expect(chatReducer(asked, { type: 'registered' })).toBe(asked);
  });

  it('link sign-in enters at the OTP step for the link number, or the mobile step for INVALID', () => {
    const sent = run(
      { type: 'linkStarted', greeting: 'Good morning' },
      { type: 'linkCodeSent', challengeId: 'c1', mobileNo: '94771234567', destination: '/order/view?orderId=o1', now: 0 },
    );
    expect(sent).toMatchObject({ step: 'otp', mobileNo: '94771234567', linkDestination: '/order/view?orderId=o1' });
    const invalid = run({ type: 'linkStarted', greeting: 'Good morning' }, { type: 'linkWithoutCode', destination: '/x' });
    expect(invalid).toMatchObject({ step: 'mobile', pending: null, linkDestination: '/x' });
  });
  it('a guided start (signed in, with profiles) greets and goes to the upcoming check, not straight to the menu', () => {
    const state = run({ type: 'started', greeting: 'Good evening', loggedIn: true, hasPatients: true, guided: true });
    expect(state.step).toBe('checking');
    expect(texts(state)).toEqual(['assistant: Good evening']);
    expect(chatReducer(state, { type: 'signedIn', hasPatients: true, guided: true }).step).toBe('checking');
    expect(run({ type: 'started', greeting: 'Good evening', loggedIn: true, hasPatients: false, guided: true }).step).toBe('registration');
  });

  it('a conversation read back after a reload shows at once, on its step, or goes on from the upcoming check', () => {
    const messages = [
      { id: 7, author: 'assistant' as const, text: 'Good evening', tone: 'normal' as const },
      { id: 9, author: 'patient' as const, text: 'Online Pharmacy', tone: 'normal' as const },
    ];
    const state = run({ type: 'restored', messages, flowStep: 'delivery-mode' });
    expect(state).toMatchObject({ step: 'guided', flowStep: 'delivery-mode' });
    expect(state.messages.map((message) => [message.id, message.restored])).toEqual([
      [1, true],
      [2, true],
    ]);
    expect(run({ type: 'restored', messages, flowStep: null }).step).toBe('menu');
    expect(run({ type: 'restored', messages, flowStep: 'service-type-menu' }).step).toBe('menu');
    expect(run({ type: 'restored', messages, flowStep: null, check: true }).step).toBe('checking');
  });
  it("an upload's files go with the patient's words, never with a step's own messages (issue 12 §2)", () => {
    const files = [
      { name: 'rx.jpg', kind: 'image' as const, path: '/blob/get/6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f' },
      { name: 'rx.pdf', kind: 'pdf' as const, path: null },
    ];
    const state = run({
      type: 'flowed',
      patient: 'rx.jpg, rx.pdf',
      patientFiles: files,
      messages: [{ author: 'assistant', text: 'Do you have another prescription to upload?', tone: 'normal' }],
      flowStep: 'more-upload-prompt',
    });
    expect(state.messages.map((message) => [message.author, message.text, message.files])).toEqual([
      ['patient', 'rx.jpg, rx.pdf', files],
      ['assistant', 'Do you have another prescription to upload?', undefined],
    ]);
    // No files, or no words: a plain message, as before.
    const plain = run({ type: 'flowed', patient: 'Online Pharmacy', patientFiles: [], messages: [], flowStep: 'prescription-upload' });
    expect(plain.messages[0]).not.toHaveProperty('files');
  });
});
