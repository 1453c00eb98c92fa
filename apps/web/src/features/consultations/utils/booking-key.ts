/** The idempotency key of one tap on Book and what it books (docs/api-contract.md). */
export type BookingKey = { key: string; booking: string };

/**
 * The key for a tap on Book: the last failed tap's key when it booked the same thing (the server may
 * have booked it before the answer was lost, so a retry must not book twice), a new key otherwise.
 * @param previous - the key of the last tap that did not succeed, or null
 * @param booking - what is booked: patient, session and the rescheduled appointment
 * @param newKey - makes a fresh key
 */
export function bookingKeyFor(
  previous: BookingKey | null,
  booking: { patientId: string; sessionId: string; appointmentRescheduledFor: string | null },
  newKey: () => string,
): BookingKey {
  const serialised = JSON.stringify([booking.patientId, booking.sessionId, booking.appointmentRescheduledFor]);
  return previous !== null && previous.booking === serialised ? previous : { key: newKey(), booking: serialised };
}

/** A fresh random key (UUID v4 where the browser has it). */
export function newBookingKey(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
