import { beforeAll, describe, expect, it } from 'vitest';
import { cancelBlock, pickBlockText, sessionCardLabel, sessionLabelText } from '@careline/domain/consultations';
import { createI18n } from '@careline/i18n/core';
import { loadConsultationsMessages, type ConsultationsMessageId } from '@careline/i18n/consultations';
import { appointmentStatusKey, cancelBlockText, refundStatusText } from './session-card-texts.ts';

const now = new Date(2026, 10, 23, 10, 0);
const inMinutes = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

const i18n = createI18n();
beforeAll(() => loadConsultationsMessages(i18n, 'en'));

function english(ref: { id: ConsultationsMessageId; values?: Record<string, string | number> }): string {
  return i18n._(ref.id, ref.values);
}

// The labels' and blocks' keys are the domain's (doctor-cards.ts); here, that the catalogue says the spec's texts.
describe('session card labels read the spec’s texts (doc 2 §4 Session status)', () => {
  it.each([
    ['scheduled', 120, 'Starting At'],
    ['scheduled', 45, 'Starting In 45 Mins'],
    ['scheduled', -5, 'Awaiting Dr'],
    ['started', -5, 'Dr. Arrived'],
    ['completed', -60, 'Dr. Left'],
    ['practitioner_canceled', 120, 'Dr. Canceled'],
  ] as const)('%s, %i minutes ahead: %s', (status, minutes, text) => {
    expect(english(sessionLabelText(sessionCardLabel({ status, startTime: inMinutes(minutes) }, now)))).toBe(text);
  });
});

describe('blocked picks, statuses and cancels', () => {
  it('names no reason for a session that can be picked', () => {
    expect(pickBlockText(null)).toBeNull();
  });

  it.each([
    ['full', 'This session is full'],
    ['completed', 'This session is over'],
    ['cancelled', 'This session is cancelled'],
  ] as const)('names why a session cannot be picked: %s', (block, text) => {
    const ref = pickBlockText(block);
    expect(ref && english(ref)).toBe(text);
  });

  it.each([
    ['booked', 'Booked'],
    ['arrived', 'Ongoing'],
    ['cancelled', 'Cancelled'],
    ['fulfilled', 'Completed'],
    ['noshow', 'No Show'],
    ['entered_in_error', 'Unhandled Status'],
  ])('status %s reads %s (spec doc 2 §4)', (status, text) => {
    expect(english({ id: appointmentStatusKey(status) })).toBe(text);
  });

  it('gives the cancel reasons of spec doc 2 §4', () => {
    const within = cancelBlock({ appointmentStatus: 'booked' }, inMinutes(60), now);
    expect(within && english(cancelBlockText(within))).toBe('the scheduled session time is within 24 hours from now.');
    const done = cancelBlock({ appointmentStatus: 'fulfilled' }, inMinutes(60 * 48), now);
    const text = done ? cancelBlockText(done) : null;
    expect(text && english({ id: text.id, values: { status: text.statusKey ? english({ id: text.statusKey }) : '' } })).toBe(
      'the appointment is already Completed',
    );
  });
});

describe('refundStatusText (spec doc 2 §4: approved means collect at hospital, refunded is shown as paid)', () => {
  it.each([
    ['requested', { id: 'consultations.refund.requested' }],
    ['approved', { id: 'consultations.refund.approved' }],
    ['refunded', { id: 'consultations.refund.refunded' }],
    ['rejected', { id: 'consultations.refund.rejected' }],
    ['on_hold', { raw: 'on_hold' }],
  ])('%s → %j', (status, text) => {
    expect(refundStatusText(status)).toEqual(text);
  });
});
