import { describe, expect, it } from 'vitest';
import { CHAT_SESSION_LIST_FIRST, CHAT_SESSION_LIST_MORE, CHAT_WIDGETS, CHAT_WIDGET_DELAY_MS, CHAT_WIDGET_TEXTS, chatSessionsShown } from './widgets.ts';

describe('chat widgets', () => {
  it('has no duplicates', () => {
    expect(new Set(CHAT_WIDGETS).size).toBe(CHAT_WIDGETS.length);
  });

  it('shows buttons after about 1 s (spec doc 1 §9)', () => {
    expect(CHAT_WIDGET_DELAY_MS).toBe(1000);
  });

  it('lists 3 sessions, then 3 more per See more (spec doc 2 §9)', () => {
    expect(CHAT_SESSION_LIST_FIRST).toBe(3);
    expect(CHAT_SESSION_LIST_MORE).toBe(3);
  });

  it.each([
    [0, 10, 3],
    [1, 10, 6],
    [2, 10, 9],
    [3, 10, 10],
    [0, 2, 2],
    [0, 0, 0],
    [-1, 10, 3],
  ])('after %i See more taps with %i sessions, shows %i', (taps, total, shown) => {
    expect(chatSessionsShown(taps, total)).toBe(shown);
  });

  it('carries the spec texts of its widgets', () => {
    expect(CHAT_WIDGET_TEXTS['mobile-number']).toEqual({ placeholder: 'Type your mobile number here', button: 'Send now' });
    expect(CHAT_WIDGET_TEXTS.otp.placeholder).toBe('Type verification code');
    expect(CHAT_WIDGET_TEXTS.otp.button).toBe('Verify now');
    expect(CHAT_WIDGET_TEXTS.otp.resend).toBe('Resend OTP');
    expect(CHAT_WIDGET_TEXTS['doctor-search'].placeholder).toBe('Type your doctor name');
    expect(CHAT_WIDGET_TEXTS['doctor-search'].scrollHint).toBe('Scroll to see more ...');
    expect(CHAT_WIDGET_TEXTS['session-list']).toEqual({ seeMore: 'See more', none: "I couldn't find any sessions" });
    expect(CHAT_WIDGET_TEXTS['delivery-address'].labels).toEqual(['address line 1', 'address line 2', 'landmark', 'city']);
    expect(CHAT_WIDGET_TEXTS['agent-chat']).toEqual({ preparation: 'connecting to hospital staff', suspended: 'all staff busy' });
    expect(CHAT_WIDGET_TEXTS['document-upload'].uploadingImage).toBe('uploading image');
  });
});
