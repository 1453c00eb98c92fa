import { describe, expect, it } from 'vitest';
import { nextVisitPass, visitPassTarget, type VisitPass } from './visit-pass.ts';

const now = new Date('2026-12-03T08:00:00.000Z');
const pass = (appointmentId: string, startTime: string, owner = 'me'): VisitPass => ({ owner, appointmentId, startTime });

// issue 32 §4.7: opened with no signal, the app goes to the visit pass it kept, not the sign-in form.
describe('the visit pass an offline start opens', () => {
  it.each([
    { name: 'a pass of this session, later today', saved: pass('a1', '2026-12-03T10:00:00.000Z'), owner: 'me', expected: '/view/appointment?appointmentId=a1' },
    { name: 'a session that began an hour ago (the patient is waiting)', saved: pass('a1', '2026-12-03T07:00:00.000Z'), owner: 'me', expected: '/view/appointment?appointmentId=a1' },
    { name: 'a session more than a day past', saved: pass('a1', '2026-12-02T07:00:00.000Z'), owner: 'me', expected: null },
    { name: "another session's pass", saved: pass('a1', '2026-12-03T10:00:00.000Z', 'other'), owner: 'me', expected: null },
    { name: 'signed out', saved: pass('a1', '2026-12-03T10:00:00.000Z'), owner: null, expected: null },
    { name: 'no pass', saved: null, owner: 'me', expected: null },
  ])('$name', ({ saved, owner, expected }) => {
    expect(visitPassTarget(saved, owner, now)).toBe(expected);
  });
});

describe('which appointment the pass keeps', () => {
  const today = '2026-12-03T10:00:00.000Z';
  const nextWeek = '2026-12-10T10:00:00.000Z';
  it.each([
    { name: 'the first upcoming appointment seen', current: null, seen: { appointmentId: 'a1', startTime: today, active: true }, expected: 'a1' },
    { name: 'an earlier one replaces a later one', current: pass('a2', nextWeek), seen: { appointmentId: 'a1', startTime: today, active: true }, expected: 'a1' },
    { name: 'a later one does not push out an earlier one', current: pass('a1', today), seen: { appointmentId: 'a2', startTime: nextWeek, active: true }, expected: 'a1' },
    { name: 'the pass appointment cancelled: no pass', current: pass('a1', today), seen: { appointmentId: 'a1', startTime: today, active: false }, expected: null },
    { name: 'another appointment cancelled: the pass stays', current: pass('a1', today), seen: { appointmentId: 'a2', startTime: nextWeek, active: false }, expected: 'a1' },
    { name: 'a long past one is not kept', current: null, seen: { appointmentId: 'a0', startTime: '2026-11-20T10:00:00.000Z', active: true }, expected: null },
    { name: "another session's pass is replaced", current: pass('a2', today, 'other'), seen: { appointmentId: 'a1', startTime: nextWeek, active: true }, expected: 'a1' },
  ])('$name', ({ current, seen, expected }) => {
    expect(nextVisitPass(current, { owner: 'me', ...seen }, now)?.appointmentId ?? null).toBe(expected);
  });
});
