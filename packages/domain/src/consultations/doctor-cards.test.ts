import { describe, expect, it } from 'vitest';
import { groupSessionsByDoctor, type GroupableSession } from './doctor-cards.ts';

const session = (id: string, doctor: string, startTime: string, fields: Partial<GroupableSession> = {}) => ({
  id,
  startTime,
  status: 'scheduled',
  appointmentMaxAllowed: 20,
  appointmentCount: 4,
  practitioner: { id: doctor },
  ...fields,
});

describe('groupSessionsByDoctor (issue 29 §4.14: one card per doctor)', () => {
  it("puts a doctor's next session that can be booked first and the rest after it in start order", () => {
    const cards = groupSessionsByDoctor([
      session('later', 'dr-1', '2026-11-26T12:00:00Z'),
      session('full', 'dr-1', '2026-11-24T12:00:00Z', { appointmentCount: 20 }),
      session('done', 'dr-1', '2026-11-24T03:00:00Z', { status: 'completed' }),
      session('open', 'dr-1', '2026-11-25T12:00:00Z'),
    ]);
    expect(cards.map((card) => [card.practitionerId, card.next.id, card.rest.map((s) => s.id), card.nextPickable])).toEqual([
      ['dr-1', 'open', ['done', 'full', 'later'], true],
    ]);
  });

  it('shows the earliest session of a doctor who has none to book, and lists such doctors last', () => {
    const cards = groupSessionsByDoctor([
      session('b-cancelled', 'dr-b', '2026-11-24T03:00:00Z', { status: 'practitioner_canceled' }),
      session('b-full', 'dr-b', '2026-11-25T03:00:00Z', { appointmentMaxAllowed: 4 }),
      session('c-open', 'dr-c', '2026-11-27T03:00:00Z'),
      session('a-open', 'dr-a', '2026-11-26T03:00:00Z'),
    ]);
    expect(cards.map((card) => [card.next.id, card.rest.map((s) => s.id), card.nextPickable])).toEqual([
      ['a-open', [], true],
      ['c-open', [], true],
      ['b-cancelled', ['b-full'], false],
    ]);
  });

  it('keeps an unlimited session bookable (-1, spec doc 2 §3)', () => {
    const [card] = groupSessionsByDoctor([session('u', 'dr-1', '2026-11-24T03:00:00Z', { appointmentMaxAllowed: -1, appointmentCount: 400 })]);
    expect(card?.nextPickable).toBe(true);
  });

  it('gives no cards for no sessions', () => {
    expect(groupSessionsByDoctor([])).toEqual([]);
  });
});
