import { describe, expect, it } from 'vitest';
import { formatMinor, toMinor } from '../payments/money.ts';
import {
  avatarTint,
  avatarTints,
  initialsOf,
  pickBlockText,
  searchSessionBlock,
  sessionFeeText,
  sessionFillPercent,
  sessionLabelText,
  sessionLabelTones,
} from './session-cards.ts';
import { sessionCardLabel, type SessionCardLabel } from './session-rules.ts';

describe("a search session's block (spec doc 2 §4): its appointment count is the live ones", () => {
  it.each([
    ['scheduled', 4, 20, null],
    ['scheduled', 20, 20, 'full'],
    ['scheduled', 400, -1, null],
    ['started', 3, 20, null],
    ['completed', 3, 20, 'completed'],
    ['practitioner_canceled', 3, 20, 'cancelled'],
  ] as const)('%s, %i of %i: %s', (status, appointmentCount, appointmentMaxAllowed, block) => {
    expect(searchSessionBlock({ status, appointmentCount, appointmentMaxAllowed })).toBe(block);
  });
});

describe("the doctor's avatar without a photo (DESIGN: initials on a colour from the name)", () => {
  it.each([
    ['Dr. Nimal Perera', 'NP'],
    ['Dr Nimal Perera', 'NP'],
    ['prof. ada   lovelace', 'AL'],
    ['Mrs. Kamala', 'K'],
    ['Nimal Kumara Perera', 'NP'],
    ['Dr.', ''],
    ['', ''],
  ])('%j → %j', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });

  it.each(['Dr. Nimal Perera', 'Dr. Ada Lovelace', '', 'සුනිල්'])('gives %j one of the tints, the same each time', (name) => {
    expect(avatarTints).toContain(avatarTint(name));
    expect(avatarTint(name)).toBe(avatarTint(name));
  });

  it('spreads names over the tints', () => {
    const names = Array.from({ length: 40 }, (_, at) => `Dr. Doctor ${at}`);
    expect(new Set(names.map(avatarTint)).size).toBeGreaterThan(4);
  });
});

describe('sessionFeeText (issue 29 §4.14: the fee on each session card, as the app writes money)', () => {
  it.each(['0', '0.5', '5.00', '750.5', '2500', '2500.00', '1234567.89', '007.10', ' 2500 '])('writes %j as formatMinor does', (amount) => {
    expect(sessionFeeText({ amount, currency: 'LKR' })).toBe(formatMinor(toMinor(amount), 'LKR'));
  });

  it.each([
    [{ amount: '2500.50', currency: 'LKR' }, '2,500.50 LKR'],
    [{ amount: '3000.25', currency: 'USD' }, '3,000.25 USD'],
    [{ amount: '2500', currency: 'LKR' }, '2,500.00 LKR'],
  ])('writes the examples of spec doc 2 §9: %j → %s', (fee, text) => {
    expect(sessionFeeText(fee)).toBe(text);
  });

  it.each([null, undefined, { amount: '-5.00', currency: 'LKR' }, { amount: '1.234', currency: 'LKR' }, { amount: 'abc', currency: 'LKR' }, { amount: '1e3', currency: 'LKR' }])(
    'shows nothing for %j',
    (fee) => {
      expect(sessionFeeText(fee)).toBeNull();
    },
  );
});

describe("a session card's bar (spec doc 2 §2 Session cards)", () => {
  it.each([
    [3, 20, 15],
    [0, 20, 0],
    [20, 20, 100],
    [25, 20, 100],
    [400, -1, 0],
    [3, 0, 0],
  ])('%i of %i → %i%%', (appointmentCount, appointmentMaxAllowed, percent) => {
    expect(sessionFillPercent({ appointmentCount, appointmentMaxAllowed })).toBe(percent);
  });
});

describe("a session card's label and block texts (spec doc 2 §4)", () => {
  const now = new Date('2026-11-23T08:00:00Z');
  const inMinutes = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

  it.each([
    ['scheduled', 120, { id: 'consultations.card.startingAt' }, 'neutral'],
    ['scheduled', 45, { id: 'consultations.card.startingIn', values: { minutes: 45 } }, 'warning'],
    ['scheduled', -5, { id: 'consultations.card.awaitingDoctor' }, 'warning'],
    ['started', -5, { id: 'consultations.card.doctorArrived' }, 'success'],
    ['completed', -60, { id: 'consultations.card.doctorLeft' }, 'neutral'],
    ['practitioner_canceled', 120, { id: 'consultations.card.doctorCanceled' }, 'danger'],
  ] as const)('%s, %i minutes ahead: %j, %s', (status, minutes, text, tone) => {
    const label: SessionCardLabel = sessionCardLabel({ status, startTime: inMinutes(minutes) }, now);
    expect(sessionLabelText(label)).toStrictEqual(text);
    expect(sessionLabelTones[label.kind]).toBe(tone);
  });

  it.each([
    [null, null],
    ['full', { id: 'consultations.card.blockedFull' }],
    ['completed', { id: 'consultations.card.blockedCompleted' }],
    ['cancelled', { id: 'consultations.card.blockedCancelled' }],
  ] as const)('block %s: %j', (block, text) => {
    expect(pickBlockText(block)).toStrictEqual(text);
  });
});
