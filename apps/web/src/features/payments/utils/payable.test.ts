import { describe, expect, it } from 'vitest';
import { baseTenantConfig, type FeatureFlags } from '@careline/domain/tenant';
import {
  appointmentReturnPath,
  awaitsPayment,
  cardGateway,
  type PayableAppointment,
} from './payable.ts';

const pending: PayableAppointment = {
  id: 'a-1',
  sessionId: 's-1',
  appointmentStatus: 'booked',
  paymentStatus: 'pending',
  appointmentRescheduleStatus: null,
  appointmentRescheduledFor: null,
  participationMode: 'in_person',
};

describe('which appointments show pay now (spec doc 2 §4 Booking, Reschedule)', () => {
  it.each<[string, Partial<PayableAppointment>, boolean]>([
    ['booked and pending', {}, true],
    ['already paid', { paymentStatus: 'paid' }, false],
    ['cancelled', { appointmentStatus: 'cancelled' }, false],
    ['ongoing', { appointmentStatus: 'arrived' }, false],
    ['a reschedule (payment transferred)', { appointmentRescheduledFor: 'a-0' }, false],
    ['rescheduled away', { appointmentRescheduleStatus: 'rescheduled' }, false],
  ])('%s → %s', (_case, change, expected) => {
    expect(awaitsPayment({ ...pending, ...change })).toBe(expected);
  });
});

describe('the card gateway (spec doc 2 §5: payment requires channelling.payment or videoChannelling.payment)', () => {
  const flags = (change: (features: FeatureFlags) => FeatureFlags) =>
    change(structuredClone(baseTenantConfig.features));
  it.each<[string, (features: FeatureFlags) => FeatureFlags, string, 'cyberSource' | null]>([
    ['base tenant, in person', (f) => f, 'in_person', 'cyberSource'],
    ['base tenant, video', (f) => f, 'remote_presence_video_call', 'cyberSource'],
    [
      'cyberSource off',
      (f) => ({ ...f, paymentGateWay: { ...f.paymentGateWay, cyberSource: false } }),
      'in_person',
      null,
    ],
    [
      'channelling.payment off',
      (f) => ({ ...f, channelling: { ...f.channelling, payment: false } }),
      'in_person',
      null,
    ],
    [
      'channelling.payment off, video session',
      (f) => ({ ...f, channelling: { ...f.channelling, payment: false } }),
      'remote_presence_video_call',
      'cyberSource',
    ],
    [
      'videoChannelling.payment off, video session',
      (f) => ({ ...f, videoChannelling: { ...f.videoChannelling, payment: false } }),
      'remote_presence_video_call',
      null,
    ],
    [
      'videoChannelling.payment off, in person',
      (f) => ({ ...f, videoChannelling: { ...f.videoChannelling, payment: false } }),
      'in_person',
      'cyberSource',
    ],
  ])('%s → %s', (_case, change, mode, expected) => {
    expect(cardGateway(flags(change), mode)).toBe(expected);
  });
});

it('the gateway returns to the appointment’s own screen (spec doc 2 §2)', () => {
  expect(appointmentReturnPath('s-1', 'a 1')).toBe(
    '/view/appointment?sessionId=s-1&appointmentId=a+1',
  );
});
