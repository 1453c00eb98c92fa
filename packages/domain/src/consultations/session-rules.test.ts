import { describe, expect, it } from 'vitest';
import {
  appointmentsAhead,
  estimatedWaitMinutes,
  isSessionFull,
  lastOngoingTokens,
  minutesPerAppointment,
  nextTokenNumber,
  sessionCardLabel,
  sessionLabelTexts,
  sessionPickBlock,
  type QueueAppointment,
} from './session-rules.ts';
import { tokensAheadToCall } from './queue-estimate.ts';

const now = new Date('2026-11-23T08:00:00Z');
const inMinutes = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe('session card label (spec doc 2 §4 Session status)', () => {
  it.each([
    ['scheduled', 61, { kind: 'startingAt' }],
    ['scheduled', 24 * 60, { kind: 'startingAt' }],
    ['scheduled', 60, { kind: 'startingIn', minutes: 60 }],
    ['scheduled', 15, { kind: 'startingIn', minutes: 15 }],
    ['scheduled', 0.5, { kind: 'startingIn', minutes: 1 }],
    ['scheduled', 0, { kind: 'awaitingDoctor' }],
    ['scheduled', -20, { kind: 'awaitingDoctor' }],
    ['started', -5, { kind: 'doctorArrived' }],
    ['started', 30, { kind: 'doctorArrived' }],
    ['completed', -90, { kind: 'doctorLeft' }],
    ['practitioner_canceled', 90, { kind: 'doctorCanceled' }],
  ] as const)('%s, starting in %s minutes → %o', (status, minutes, label) => {
    expect(sessionCardLabel({ status, startTime: inMinutes(minutes) }, now)).toEqual(label);
  });

  it('keeps the spec texts character for character', () => {
    expect(sessionLabelTexts).toEqual({
      startingAt: 'Starting At',
      startingIn: 'Starting In {minutes} Mins',
      awaitingDoctor: 'Awaiting Dr',
      doctorArrived: 'Dr. Arrived',
      doctorLeft: 'Dr. Left',
      doctorCanceled: 'Dr. Canceled',
    });
  });
});

describe('capacity and picking (spec doc 2 §4)', () => {
  it.each([
    [30, 29, false],
    [30, 30, true],
    [30, 31, true],
    [-1, 0, false],
    [-1, 100_000, false],
    [0, 0, true],
  ])('appointmentMaxAllowed %i with %i live appointments: full = %s', (max, live, full) => {
    expect(isSessionFull(max, live)).toBe(full);
  });

  it.each([
    ['scheduled', 10, 3, null],
    ['started', 10, 3, null],
    ['scheduled', 10, 10, 'full'],
    ['completed', 10, 3, 'completed'],
    ['practitioner_canceled', 10, 3, 'cancelled'],
    ['provider_aborted', 10, 3, 'cancelled'],
  ] as const)('%s with cap %i and %i live → %s', (status, appointmentMaxAllowed, liveAppointments, block) => {
    expect(sessionPickBlock({ status, appointmentMaxAllowed, liveAppointments })).toBe(block);
  });

  it('a new token is the count of every appointment ever made, cancelled included, + 1', () => {
    expect(nextTokenNumber(0)).toBe(1);
    expect(nextTokenNumber(7)).toBe(8);
  });
});

describe('numbered slot display (spec doc 2 §4)', () => {
  const session = { startTime: new Date('2026-11-23T16:00:00Z'), endTime: new Date('2026-11-23T19:00:00Z'), appointmentMaxAllowed: 30 };
  const queue: QueueAppointment[] = [
    { tokenNo: 1, appointmentStatus: 'fulfilled', paymentStatus: 'paid' },
    { tokenNo: 2, appointmentStatus: 'fulfilled', paymentStatus: 'paid' },
    { tokenNo: 3, appointmentStatus: 'cancelled', paymentStatus: 'paid' },
    { tokenNo: 4, appointmentStatus: 'arrived', paymentStatus: 'paid' },
    { tokenNo: 5, appointmentStatus: 'booked', paymentStatus: 'paid' },
    { tokenNo: 6, appointmentStatus: 'booked', paymentStatus: 'pending' },
    { tokenNo: 7, appointmentStatus: 'booked', paymentStatus: 'paid' },
    { tokenNo: 8, appointmentStatus: 'noshow', paymentStatus: 'paid' },
    { tokenNo: 9, appointmentStatus: 'booked', paymentStatus: 'paid' },
  ];

  it('minutes per appointment = (end − start) / appointmentMaxAllowed', () => {
    expect(minutesPerAppointment(session)).toBe(6);
    expect(minutesPerAppointment({ ...session, appointmentMaxAllowed: -1 })).toBeNull();
    expect(minutesPerAppointment({ ...session, appointmentMaxAllowed: 0 })).toBeNull();
  });

  it('shows the last 3 ongoing tokens (arrived or fulfilled), sorted', () => {
    expect(lastOngoingTokens(queue)).toEqual([1, 2, 4]);
    expect(lastOngoingTokens([...queue, { tokenNo: 5, appointmentStatus: 'arrived', paymentStatus: 'paid' }])).toEqual([2, 4, 5]);
    expect(lastOngoingTokens([])).toEqual([]);
  });

  it('estimated wait = booked appointments ahead, paid or not (the console calls them all), × slot length', () => {
    // Token 6 is booked and still to pay (a reserved number, paid at the hospital): it is seen before 9.
    expect(appointmentsAhead(queue, 9)).toBe(3);
    expect(estimatedWaitMinutes(appointmentsAhead(queue, 9), minutesPerAppointment(session))).toBe(18);
    expect(appointmentsAhead(queue, 1)).toBe(0);
    expect(estimatedWaitMinutes(3, null)).toBeNull();
  });

  it("'N patients ahead' counts as 'Your turn at about' does (issue 32 §1.2)", () => {
    for (const tokenNo of [1, 5, 6, 7, 9, 10]) {
      expect(appointmentsAhead(queue, tokenNo)).toBe(tokensAheadToCall(queue, tokenNo));
    }
  });
});
