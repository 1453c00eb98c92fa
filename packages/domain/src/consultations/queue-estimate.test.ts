import { describe, expect, it } from 'vitest';
import { DEFAULT_MINUTES_PER_PATIENT } from '../constants.ts';
import {
  blendedMinutesPerPatient,
  callGapsMinutes,
  estimateCallTime,
  median,
  sessionMinutesPerPatient,
  tokensAheadToCall,
  usualMinutesPerPatient,
  type EstimateToken,
  type QueueEstimateInput,
  type SessionCall,
} from './queue-estimate.ts';

// Call times recorded at a Colombo hospital (wall clock, +05:30), one list per session, token order.
const colombo = (time: string, day = '2026-11-24'): Date => new Date(`${day}T${time}:00+05:30`);
const recorded = (times: readonly string[], day?: string): Date[] => times.map((time) => colombo(time, day));

/** An evening OPD of a physician: started 12 minutes late, one long visit (token 4). Gaps 8 7 12 6 8. */
const physicianEvening = recorded(['16:14', '16:22', '16:29', '16:41', '16:47', '16:55']);
/** A paediatric morning with a tea break after token 6. Gaps 5 6 5 9 4 30 5. */
const paediatricMorning = recorded(['08:05', '08:10', '08:16', '08:21', '08:30', '08:34', '09:04', '09:09'], '2026-11-20');
/** A surgeon's clinic: few, long visits. Gaps 11 13 10 12. */
const surgeonClinic = recorded(['18:00', '18:11', '18:24', '18:34', '18:46'], '2026-11-17');

describe('the pace of a recorded session', () => {
  it.each([
    [[], null],
    [[7], 7],
    [[8, 7, 12, 6, 8], 8],
    [[5, 6, 5, 9, 4, 30, 5], 5],
    [[11, 13, 10, 12], 11.5],
  ])('median of %j is %s', (values, expected) => {
    expect(median(values)).toBe(expected);
  });

  it.each([
    ['the physician evening', physicianEvening, [8, 7, 12, 6, 8], 8],
    ['the paediatric morning (the break does not move it)', paediatricMorning, [5, 6, 5, 9, 4, 30, 5], 5],
    ['the surgeon clinic', surgeonClinic, [11, 13, 10, 12], 11.5],
    ['one call', recorded(['10:00']), [], null],
  ])('%s: gaps %j, minutes per patient %s', (_name, calls, gaps, pace) => {
    expect(callGapsMinutes(calls)).toEqual(gaps);
    expect(callGapsMinutes([...calls].reverse())).toEqual(gaps);
    expect(sessionMinutesPerPatient(calls)).toBe(pace);
  });

  it.each([
    ['a new doctor', [], DEFAULT_MINUTES_PER_PATIENT],
    ['three recorded sessions', [8, 5, 11.5], 8],
    ['two recorded sessions', [8, 5], 6.5],
    ['sessions whose calls came all at once are no pace', [0, 0, 8], 8],
  ])('the usual pace of %s is %s', (_name, past, usual) => {
    expect(usualMinutesPerPatient(past)).toBe(usual);
  });

  const history = [8, 5, 11.5];
  it.each([
    ['no call yet: the usual pace', [], history, 8],
    ['one call: still the usual pace', physicianEvening.slice(0, 1), history, 8],
    ['two gaps (median 7.5) weigh 2 / 5 against the usual 8', physicianEvening.slice(0, 3), history, 7.8],
    ['three gaps (median 8) weigh half', physicianEvening.slice(0, 4), history, 8],
    ['a new doctor: two gaps weigh 2 / 3 against the default 10', physicianEvening.slice(0, 3), [], (2 / 3) * 7.5 + (1 / 3) * 10],
    ['calls clicked seconds apart: no faster than 2 minutes', recorded(['10:00', '10:00', '10:00', '10:00', '10:01']), [], 2],
    ['a doctor who stopped for an hour between each: at most 60 minutes', recorded(['10:00', '12:00', '14:00', '16:00', '18:00']), [90], 60],
  ])('%s', (_name, calls, past, minutes) => {
    expect(blendedMinutesPerPatient(calls, past)).toBeCloseTo(minutes, 9);
  });
});

describe('tokens ahead to call', () => {
  const queue: EstimateToken[] = [
    { tokenNo: 1, appointmentStatus: 'fulfilled' },
    { tokenNo: 2, appointmentStatus: 'arrived' },
    { tokenNo: 3, appointmentStatus: 'noshow' },
    { tokenNo: 4, appointmentStatus: 'cancelled' },
    { tokenNo: 5, appointmentStatus: 'booked' },
    { tokenNo: 6, appointmentStatus: 'entered_in_error' },
    { tokenNo: 7, appointmentStatus: 'booked' },
    { tokenNo: 8, appointmentStatus: 'booked' },
  ];
  it.each([
    [1, 0],
    [5, 0],
    [7, 1],
    [8, 2],
    [9, 3],
  ])('token %i has %i booked tokens ahead', (tokenNo, ahead) => {
    expect(tokensAheadToCall(queue, tokenNo)).toBe(ahead);
  });
});

/** The physician evening's queue of six tokens as it stood after its first `calledSoFar` calls. */
function eveningAfter(calledSoFar: number): { calls: SessionCall[]; queue: EstimateToken[] } {
  const calls = physicianEvening.slice(0, calledSoFar).map((calledAt, index) => ({ tokenNo: index + 1, calledAt }));
  const queue = physicianEvening.map((_at, index) => ({
    tokenNo: index + 1,
    appointmentStatus: index + 1 < calledSoFar ? 'fulfilled' : index + 1 === calledSoFar ? 'arrived' : 'booked',
  }));
  return { calls, queue };
}

const evening = (over: Partial<QueueEstimateInput>): QueueEstimateInput => ({
  plannedStart: colombo('16:00'),
  actualStart: colombo('16:12'),
  sessionOver: false,
  pastMinutesPerPatient: [8, 5, 11.5],
  tokenNo: 6,
  now: colombo('16:12'),
  ...eveningAfter(0),
  ...over,
});

describe('when token 6 of the physician evening is called, replayed call by call (it was called at 16:55)', () => {
  it.each([
    [0, '16:12', '16:52', 8],
    [1, '16:14', '16:54', 8],
    [2, '16:22', '16:54', 8],
    [3, '16:29', '16:53', 7.8],
    [4, '16:41', '16:57', 8],
    [5, '16:47', '16:55', 54 / 7],
  ])('after %i calls, at %s: about %s (%s minutes per patient)', (calledSoFar, now, expected, pace) => {
    const estimate = estimateCallTime(evening({ ...eveningAfter(calledSoFar), now: colombo(now) }));
    expect(estimate.expectedCallAt).toEqual(colombo(expected));
    expect(estimate.minutesPerPatient).toBeCloseTo(pace, 9);
  });

  it('once token 6 is called there is nothing to estimate', () => {
    expect(estimateCallTime(evening({ ...eveningAfter(6), now: colombo('16:55') })).expectedCallAt).toBeNull();
  });
});

describe('estimating one token', () => {
  const scheduled = { actualStart: null, now: colombo('15:00') };
  it.each<[string, Partial<QueueEstimateInput>, string | null]>([
    ['before the start: the planned start and 5 paces of the usual 8 minutes', scheduled, '16:40'],
    ['a doctor delayed by 20 minutes moves the planned start', { ...scheduled, delayMinutes: 20 }, '17:00'],
    ['the delay no longer counts once the session started', { delayMinutes: 20 }, '16:52'],
    ['a late doctor, not started at 16:10: never before now', { ...scheduled, now: colombo('16:10') }, '16:50'],
    ['a new doctor before the start: 10 minutes a patient', { ...scheduled, pastMinutesPerPatient: [] }, '16:50'],
    ['token 1 before the start: at the planned start', { ...scheduled, tokenNo: 1 }, '16:00'],
    [
      'a visit running long: after token 3 (16:29) nothing until 16:45, the next call is now',
      { ...eveningAfter(3), now: colombo('16:45') },
      '17:01',
    ],
    [
      'no-shows and cancellations ahead do not count',
      {
        ...eveningAfter(3),
        queue: eveningAfter(3).queue.map((token) =>
          token.tokenNo === 4 ? { ...token, appointmentStatus: 'noshow' } : token.tokenNo === 5 ? { ...token, appointmentStatus: 'cancelled' } : token,
        ),
        now: colombo('16:29'),
      },
      '16:37',
    ],
    ['seconds are rounded up: 16:36:48 is about 16:37', { ...eveningAfter(3), tokenNo: 4, now: colombo('16:29') }, '16:37'],
    ['the session is over', { ...eveningAfter(3), sessionOver: true }, null],
    ['the token was cancelled', { queue: eveningAfter(0).queue.map((t) => (t.tokenNo === 6 ? { ...t, appointmentStatus: 'cancelled' } : t)) }, null],
    ['the token was marked a no-show', { queue: eveningAfter(0).queue.map((t) => (t.tokenNo === 6 ? { ...t, appointmentStatus: 'noshow' } : t)) }, null],
    ['the token is not in the session', { tokenNo: 9 }, null],
  ])('%s → %s', (_name, over, expected) => {
    const estimate = estimateCallTime(evening(over));
    expect(estimate.expectedCallAt).toEqual(expected === null ? null : colombo(expected));
  });
});
