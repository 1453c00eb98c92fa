import { describe, expect, it } from 'vitest';
import { bookingKeyFor } from './booking-key.ts';

describe('the idempotency key of a tap on Book (issue 8: a double tap or retry gives one appointment)', () => {
  let counter = 0;
  const newKey = () => `key-${++counter}`;
  const booking = { patientId: 'p1', sessionId: 's1', appointmentRescheduledFor: null };

  it('reuses the failed tap’s key for a retry of the same booking', () => {
    const first = bookingKeyFor(null, booking, newKey);
    expect(bookingKeyFor(first, booking, newKey)).toBe(first);
  });

  it('makes a new key when the booking changes (another profile or session)', () => {
    const first = bookingKeyFor(null, booking, newKey);
    expect(bookingKeyFor(first, { ...booking, patientId: 'p2' }, newKey).key).not.toBe(first.key);
    expect(bookingKeyFor(first, { ...booking, appointmentRescheduledFor: 'a1' }, newKey).key).not.toBe(first.key);
  });
});
