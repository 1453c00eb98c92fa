import { describe, expect, it } from 'vitest';
import { CALL_TIMER_TICK_MS, callTimerText, formatCallTimer } from './timer.ts';

describe('the call timer mm:ss, zero padded (spec doc 2 §2)', () => {
  it.each([
    [0, '00:00'],
    [1, '00:01'],
    [9, '00:09'],
    [10, '00:10'],
    [59, '00:59'],
    [60, '01:00'],
    [65, '01:05'],
    [599, '09:59'],
    [600, '10:00'],
    [3599, '59:59'],
    [3600, '60:00'],
    [4500, '75:00'],
    [6000, '100:00'],
    [61.999, '01:01'],
    [-5, '00:00'],
    [Number.NaN, '00:00'],
    [Number.POSITIVE_INFINITY, '00:00'],
  ])('%d s reads %s', (seconds, text) => {
    expect(formatCallTimer(seconds)).toBe(text);
  });

  it('ticks each second', () => {
    expect(CALL_TIMER_TICK_MS).toBe(1000);
  });

  it('counts whole seconds since the connect', () => {
    const connectedAt = Date.parse('2026-11-24T10:00:00.000Z');
    expect(callTimerText(connectedAt, connectedAt)).toBe('00:00');
    expect(callTimerText(connectedAt, connectedAt + 999)).toBe('00:00');
    expect(callTimerText(connectedAt, connectedAt + 1000)).toBe('00:01');
    expect(callTimerText(connectedAt, connectedAt + 125_500)).toBe('02:05');
    expect(callTimerText(connectedAt, connectedAt - 3000)).toBe('00:00');
  });
});
