import { describe, expect, it } from 'vitest';
import { linkDestination } from './link-destination.ts';

const base = { mobileNo: '94771234567', patientIndex: null, sessionId: null, appointmentId: null, orderId: null };

describe('linkDestination (spec doc 1 §4)', () => {
  it('an appointment link opens the appointment', () => {
    expect(linkDestination({ ...base, kind: 'appointment', patientIndex: 0, sessionId: 's-1', appointmentId: 'a-1' })).toBe(
      '/view/appointment?sessionId=s-1&appointmentId=a-1',
    );
  });

  it('an order link opens the order', () => {
    expect(linkDestination({ ...base, kind: 'order', orderId: 'o-1' })).toBe('/order/view?orderId=o-1');
  });

  it('a target without its ids has no destination', () => {
    expect(linkDestination({ ...base, kind: 'appointment' })).toBeNull();
  });
});
