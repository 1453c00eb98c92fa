import type { AppointmentData, SessionCardData } from '../api/consultation-documents.ts';

/** Minutes from the real clock, as an ISO time (labels are worked out against the real clock). */
export function minutesFromNow(minutes: number): string {
  return new Date(Date.now() + minutes * 60_000).toISOString();
}

/**
 * A local time some days from today at a fixed hour: sessions on one day stay on it whatever the
 * time of day the test runs at.
 */
export function daysFromNow(days: number, hour: number): string {
  const today = new Date();
  return new Date(today.getFullYear(), today.getMonth(), today.getDate() + days, hour).toISOString();
}

/** A session as querySession returns it, with overrides. */
export function testSession(overrides: Partial<SessionCardData> & { id: string }): SessionCardData {
  return {
    status: 'scheduled',
    startTime: minutesFromNow(3 * 24 * 60),
    endTime: minutesFromNow(3 * 24 * 60 + 120),
    appointmentCount: 4,
    appointmentMaxAllowed: 20,
    participationMode: 'in_person',
    practitioner: { id: 'dr-1', text: 'Dr. Nimal Perera', photoUrl: null },
    practitionerRole: { code: 'CARD', display: 'Cardiologist' },
    organization: { id: 'org-1', orgName: 'Lanka Hospitals Colombo' },
    location: { hospitalId: 'org-1', locationName: 'Room 12' },
    fee: null,
    ...overrides,
  };
}

/** An appointment as queryAppointment returns it, with overrides. */
export function testAppointment(
  overrides: Omit<Partial<AppointmentData>, 'session'> & {
    id: string;
    session?: SessionCardData & Partial<Pick<AppointmentData['session'], 'sessionStartedTime' | 'delayMinutes' | 'chargingSchemeId'>>;
  },
): AppointmentData {
  const card = overrides.session ?? testSession({ id: 's-1' });
  // The appointment reads the session's actual start and the delay staff marked too (issue 32 §1.4),
  // and its charging scheme (priced by default; null for a free session).
  const session = { sessionStartedTime: null, delayMinutes: null, chargingSchemeId: 'scheme-1', ...card };
  return {
    sessionId: session.id,
    patientId: 'p-mother',
    patientDisplayName: 'Mrs Sita Perera',
    patientRelationship: 'Mother',
    tokenNo: 5,
    start: session.startTime,
    end: session.endTime,
    expectedCallAt: null,
    journeyMinutes: null,
    leaveHome: null,
    appointmentStatus: 'booked',
    practitionerStatus: null,
    paymentStatus: 'pending',
    paymentRefundStatus: null,
    sessionCancelRefund: null,
    appointmentRescheduleStatus: null,
    appointmentRescheduledFor: null,
    feedbackRating: null,
    feedbackComment: null,
    lateNoticeAt: null,
    doctorId: session.practitioner.id,
    doctorName: session.practitioner.text,
    doctorRole: session.practitionerRole.display,
    organizationId: session.organization.id,
    organizationName: session.organization.orgName,
    ...overrides,
    session,
  };
}
