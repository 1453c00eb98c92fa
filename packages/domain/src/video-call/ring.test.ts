import { describe, expect, it } from 'vitest';
import { CALL_RING_TIMEOUT_MS, callRing, type RingHistoryLine } from './ring.ts';

// Issue 29 §2.7: the card lives exactly as long as the ringing call.
const T0 = Date.UTC(2025, 0, 6, 4, 30);
const doctor = (status: string, at: number): RingHistoryLine => ({ participantReference: 'Practitioner/d1', participantStatus: status, at });
const patient = (status: string, at: number): RingHistoryLine => ({ participantReference: 'Patient/p1', participantStatus: status, at });

describe('callRing: how long the incoming card lives (issue 29 §2.7)', () => {
  it.each<[string, string | null, RingHistoryLine[], number, boolean, number | null]>([
    ['rings from the Call', 'connected', [doctor('connected', T0)], T0 + 1_000, true, T0 + CALL_RING_TIMEOUT_MS],
    ['no communication', null, [], T0, false, null],
    ['hung up by the practitioner', 'disconnected', [doctor('connected', T0), doctor('disconnected', T0 + 5_000)], T0 + 6_000, false, null],
    ['the history ends with a disconnect of the caller', 'connected', [doctor('connected', T0), doctor('disconnected', T0 + 1)], T0 + 2, false, null],
    ['answered on another device', 'connected', [doctor('connected', T0), patient('connected', T0 + 3_000)], T0 + 4_000, false, null],
    ['timed out, unanswered', 'connected', [doctor('connected', T0)], T0 + CALL_RING_TIMEOUT_MS, false, null],
    ['just before the timeout', 'connected', [doctor('connected', T0)], T0 + CALL_RING_TIMEOUT_MS - 1, true, T0 + CALL_RING_TIMEOUT_MS],
    [
      'the patient left: it rings again for a rejoin, from the leave',
      'connected',
      [doctor('connected', T0), patient('connected', T0 + 3_000), patient('disconnected', T0 + 90_000)],
      T0 + 100_000,
      true,
      T0 + 90_000 + CALL_RING_TIMEOUT_MS,
    ],
    [
      "an earlier call's answer does not answer a new Call",
      'connected',
      [doctor('connected', T0), patient('connected', T0 + 1), doctor('disconnected', T0 + 2), doctor('connected', T0 + 10)],
      T0 + 11,
      true,
      T0 + 10 + CALL_RING_TIMEOUT_MS,
    ],
    ['no Call in the history', 'connected', [patient('disconnected', T0)], T0, false, null],
  ])('%s', (_name, participantStatus, history, now, ringing, endsAt) => {
    expect(callRing(participantStatus, history, now)).toEqual({ ringing, endsAt });
  });
});
