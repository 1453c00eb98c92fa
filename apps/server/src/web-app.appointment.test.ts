import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appointmentScreen, appointmentScreenDocuments, type ScreenAppointment } from './web-app.appointment.ts';
import { openPageToken, sealPageToken } from './modules/auth/index.ts';

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const clientDocuments = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../web/src/features/consultations/api/consultation-documents.ts'),
  'utf8',
);

describe("the server's /view/appointment (issue 33 §1)", () => {
  it.each(Object.entries(appointmentScreenDocuments))('asks %s exactly as the app does', (_name, document) => {
    expect(squash(clientDocuments)).toContain(squash(document));
  });
});

describe('the page cookie seal (issue 33 §1)', () => {
  const secret = Buffer.alloc(32, 7);
  const token = 'x'.repeat(43);
  it('opens for its tenant and secret only', () => {
    const sealed = sealPageToken(secret, 'tenant-a', token);
    expect(sealed).not.toContain(token);
    expect(openPageToken(secret, 'tenant-a', sealed)).toBe(token);
    expect(openPageToken(secret, 'tenant-b', sealed)).toBeNull();
    expect(openPageToken(Buffer.alloc(32, 8), 'tenant-a', sealed)).toBeNull();
    expect(openPageToken(secret, 'tenant-a', `${sealed.slice(0, -2)}AA`)).toBeNull();
    expect(openPageToken(secret, 'tenant-a', token)).toBeNull();
    expect(openPageToken(secret, 'tenant-a', undefined)).toBeNull();
  });
});

describe("the server's appointment screen as the app shows it (issue 33 §1)", () => {
  const appointment = (fields: Partial<ScreenAppointment> = {}): ScreenAppointment => ({
    id: 'a-1',
    sessionId: 's-1',
    patientDisplayName: 'Mr. Kamal <Fernando>',
    patientRelationship: 'Father',
    tokenNo: 12,
    appointmentStatus: 'booked',
    practitionerStatus: null,
    paymentStatus: 'paid',
    paymentRefundStatus: null,
    appointmentRescheduleStatus: null,
    appointmentRescheduledFor: null,
    lateNoticeAt: null,
    doctorName: 'Dr. Nimal Perera',
    session: {
      status: 'scheduled',
      startTime: '2026-12-05T04:30:00.000Z',
      endTime: '2026-12-05T06:30:00.000Z',
      appointmentCount: 5,
      appointmentMaxAllowed: 20,
      participationMode: 'in_person',
      chargingSchemeId: 'scheme-1',
      practitioner: { id: 'p-1', text: 'Dr. Nimal Perera' },
      practitionerRole: { display: 'Cardiologist' },
      organization: { orgName: 'Colombo' },
      location: { locationName: 'Room 7' },
    },
    ...fields,
  });
  const context = { locale: 'en' as const, hospital: 'Careline', logoSrc: '/logo.svg', now: new Date('2026-12-04T01:00:00Z') };
  const html = (fields: Partial<ScreenAppointment>, locale: 'en' | 'si' | 'ta' = 'en') =>
    appointmentScreen({ appointment: appointment(fields), answers: [] }, { ...context, locale }, 'owner').html;

  it('writes the token, the day and time at the hospital, whom it is for (escaped) and where', () => {
    const page = html({});
    expect(page).toContain('<dd class="appointment-facts__token-number">12</dd>');
    expect(page).toContain('Saturday, December 5 at 10:00 AM');
    expect(page).toContain('Mr. Kamal &lt;Fernando&gt; · Father');
    expect(page).toContain('<dd>Room 7</dd>');
    expect(page).toContain('Token 12 · Booked');
    // Paid: no banner.
    expect(page).not.toContain('consultations-banner');
  });

  it.each([
    [{ paymentStatus: 'pending' }, 'consultations-banner--warning', 'Payment pending', true],
    [{ paymentStatus: 'pending', appointmentRescheduledFor: 'a-0' }, 'consultations-banner--warning', 'Payment pending', false],
    [{ paymentStatus: 'free' }, 'consultations-banner--warning', 'Appointment not paid', false],
    [{ practitionerStatus: 'declined' }, 'consultations-banner--danger', 'Dr. Nimal Perera', false],
    [{ appointmentStatus: 'cancelled', appointmentRescheduleStatus: 'rescheduled' }, 'consultations-banner--info', 'reschedul', false],
  ] as const)('banner of %j', (fields, tone, text, retry) => {
    const page = html(fields);
    expect(page).toContain(tone);
    expect(page).toContain(text);
    expect(page.includes('Retry Booking')).toBe(retry);
  });

  it('says nothing of paying for a free session (no charging scheme: it invoices 0, spec doc 2 §5), as the app does', () => {
    const free = (fields: Partial<ScreenAppointment>) => html({ ...fields, session: { ...appointment().session, chargingSchemeId: null } });
    for (const paymentStatus of ['pending', 'notpaid']) {
      const page = free({ paymentStatus });
      expect(page).not.toContain('consultations-banner');
      expect(page).not.toContain('Payment pending');
      expect(page).not.toContain('Retry Booking');
    }
  });

  it('writes the texts in Sinhala and Tamil from the catalogue', () => {
    for (const locale of ['si', 'ta'] as const) {
      const page = html({}, locale);
      expect(page).not.toContain('Token number');
      expect(page).toContain('<dd class="appointment-facts__token-number">12</dd>');
    }
  });
});
