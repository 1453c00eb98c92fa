import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { StaffRole } from '@careline/domain/staff';
import type { Db, DbOrTx } from '../src/db/client.ts';
import {
  accounts,
  appointments,
  bookingRequests,
  chargingSchemes,
  chatSessions,
  consultationSessions,
  diagnosticReportCodes,
  diagnosticReportSubCodes,
  diagnosticReports,
  documentReferences,
  invoices,
  organizations,
  patients,
  payments,
  practitionerRoles,
  practitioners,
  questionnaires,
  staffMemberships,
  staffUsers,
} from '../src/db/schema/index.ts';
import {
  bookAppointment,
  type BookAppointmentInput,
  type BookedAppointment,
} from '../src/modules/consultations/appointments.service.ts';
import { hashStaffPassword } from '../src/modules/staff/staff.passwords.ts';
import { gatewaysFor } from '../src/modules/tenants/index.ts';
import { cyberSource } from '../src/providers/payment-gateways/cybersource.ts';
import { issueSandboxToken } from '../src/providers/payment-gateways/sandbox/sandbox-token.ts';
import type { TestApp } from './test-app.ts';

/*
 * Row factories: each test makes the rows it needs, with unique names, so tests never depend on the
 * demo seed's numbers and can run side by side on one database.
 */

const unique = (): string => randomBytes(4).toString('hex');

/**
 * A hospital of a tenant.
 * @param db - database
 * @param tenantId - the tenant
 * @param fields - overrides
 */
export async function makeOrganization(
  db: DbOrTx,
  tenantId: string,
  fields: Partial<typeof organizations.$inferInsert> = {},
): Promise<typeof organizations.$inferSelect> {
  const [row] = await db
    .insert(organizations)
    .values({ tenantId, name: `Hospital ${unique()}`, city: 'Colombo', ...fields })
    .returning();
  if (!row) {
    throw new Error('organization insert returned no row');
  }
  return row;
}

/**
 * A practitioner with roles at a hospital (one General Practitioner role unless told).
 * @param db - database
 * @param tenantId - the tenant
 * @param organizationId - where the practitioner works
 * @param options - roles ({ code, display }; [] for none), givenName, familyName and other fields
 */
export async function makePractitioner(
  db: DbOrTx,
  tenantId: string,
  organizationId: string,
  options: {
    roles?: { code: string; display: string }[];
    givenName?: string;
    familyName?: string;
    fields?: Partial<typeof practitioners.$inferInsert>;
  } = {},
): Promise<typeof practitioners.$inferSelect> {
  const given = options.givenName ?? `Doc${unique()}`;
  const family = options.familyName ?? 'Perera';
  const [row] = await db
    .insert(practitioners)
    .values({
      tenantId,
      prefix: 'Dr.',
      givenName: given,
      familyName: family,
      text: `Dr. ${given} ${family}`,
      ...options.fields,
    })
    .returning();
  if (!row) {
    throw new Error('practitioner insert returned no row');
  }
  const roles = options.roles ?? [{ code: 'GP', display: 'General Practitioner' }];
  if (roles.length > 0) {
    await db
      .insert(practitionerRoles)
      .values(roles.map((role) => ({ tenantId, practitionerId: row.id, organizationId, ...role })));
  }
  return row;
}

/**
 * A consultation session of a practitioner at a hospital, starting in an hour unless told.
 * @param db - database
 * @param tenantId - the tenant
 * @param refs - the practitioner and the hospital
 * @param fields - overrides (startTime, status, participationMode, role code and display…)
 */
export async function makeConsultationSession(
  db: DbOrTx,
  tenantId: string,
  refs: { practitionerId: string; organizationId: string },
  fields: Partial<typeof consultationSessions.$inferInsert> = {},
): Promise<typeof consultationSessions.$inferSelect> {
  const startTime = fields.startTime ?? new Date(Date.now() + 60 * 60 * 1000);
  const [row] = await db
    .insert(consultationSessions)
    .values({
      tenantId,
      ...refs,
      practitionerRoleCode: 'GP',
      practitionerRoleDisplay: 'General Practitioner',
      appointmentMaxAllowed: 20,
      startTime,
      endTime: new Date(startTime.getTime() + 2 * 60 * 60 * 1000),
      ...fields,
    })
    .returning();
  if (!row) {
    throw new Error('consultation session insert returned no row');
  }
  return row;
}

// Numbers count up from a random start (075: no test writes one by hand), so a file's accounts never
// share one; random draws did, once, among the 200 accounts of the booking rush test.
let mobileSequence = Math.floor(Math.random() * 5_000_000);
const nextMobileNo = (): string => `9475${String(mobileSequence++ % 10_000_000).padStart(7, '0')}`;

/**
 * A patient account with one profile (Me).
 * @param db - database
 * @param tenantId - the tenant
 * @param fields - the mobile number (94…), the account's language (none unless told), the profile's
 *   hospital and given name
 */
export async function makePatientAccount(
  db: DbOrTx,
  tenantId: string,
  fields: { mobileNo?: string; preferredLanguage?: string | null; hospitalId?: string | null; givenName?: string } = {},
): Promise<{ account: typeof accounts.$inferSelect; patient: typeof patients.$inferSelect }> {
  const mobileNo = fields.mobileNo ?? nextMobileNo();
  const [account] = await db
    .insert(accounts)
    .values({ tenantId, mobileNo, preferredLanguage: fields.preferredLanguage ?? null })
    .returning();
  if (!account) {
    throw new Error('account insert returned no row');
  }
  const [patient] = await db
    .insert(patients)
    .values({
      tenantId,
      accountId: account.id,
      prefix: 'Mr.',
      givenName: fields.givenName ?? `Patient${unique()}`,
      familyName: 'Silva',
      gender: 'male',
      birthDate: '1980-01-01',
      relationship: 'Me',
      hospitalId: fields.hospitalId ?? null,
      mobileNo,
    })
    .returning();
  if (!patient) {
    throw new Error('patient insert returned no row');
  }
  return { account, patient };
}

let sharedHash: Promise<string> | null = null;
/** The password every factory-made staff user has (hashed once per test file). */
export const FACTORY_STAFF_PASSWORD = 'factory-password-1234';

/**
 * A staff user with roles in hospitals, signed-in ready (password FACTORY_STAFF_PASSWORD, no forced
 * change unless asked).
 * @param db - database
 * @param tenantId - the tenant
 * @param memberships - roles per hospital
 * @param fields - overrides (e.g. mustChangePassword: true)
 */
export async function makeStaffUser(
  db: DbOrTx,
  tenantId: string,
  memberships: { organizationId: string; role: StaffRole; practitionerId?: string | null }[],
  fields: Partial<typeof staffUsers.$inferInsert> = {},
): Promise<typeof staffUsers.$inferSelect> {
  sharedHash ??= hashStaffPassword(FACTORY_STAFF_PASSWORD);
  const [row] = await db
    .insert(staffUsers)
    .values({
      tenantId,
      email: `staff-${unique()}@hospital.test`,
      displayName: `Staff ${unique()}`,
      passwordHash: await sharedHash,
      mustChangePassword: false,
      ...fields,
    })
    .returning();
  if (!row) {
    throw new Error('staff user insert returned no row');
  }
  if (memberships.length > 0) {
    await db.insert(staffMemberships).values(
      memberships.map((m) => ({
        tenantId,
        staffUserId: row.id,
        organizationId: m.organizationId,
        role: m.role,
        practitionerId: m.practitionerId ?? null,
      })),
    );
  }
  return row;
}

/**
 * The authorization header that carries an access token (a staff user's or a patient's).
 * @param token - the access token
 */
export const authHeader = (token: string): { authorization: string } => ({ authorization: `Bearer ${token}` });

/**
 * Signs a factory-made staff user in as the console does (staffSignIn with FACTORY_STAFF_PASSWORD);
 * throws with the errors when no token comes back.
 * @param t - the test app (or another app's gql)
 * @param email - the staff user's email
 */
export async function signInStaff(t: Pick<TestApp, 'gql'>, email: string): Promise<string> {
  const body = await t.gql<{ staffSignIn: { token: string } }>(
    'mutation ($e: String!, $p: String!) { staffSignIn(email: $e, password: $p) { token } }',
    { e: email, p: FACTORY_STAFF_PASSWORD },
  );
  const token = body.data?.staffSignIn.token;
  if (!token) {
    throw new Error(JSON.stringify(body.errors));
  }
  return token;
}

/**
 * A staff user with roles in hospitals (makeStaffUser), signed in through staffSignIn: the user, its
 * token and the authorization header.
 * @param t - the test app
 * @param tenantId - the tenant
 * @param memberships - roles per hospital
 * @param fields - overrides (e.g. displayName)
 */
export async function makeSignedInStaff(
  t: Pick<TestApp, 'gql' | 'database'>,
  tenantId: string,
  memberships: { organizationId: string; role: StaffRole; practitionerId?: string | null }[],
  fields: Partial<typeof staffUsers.$inferInsert> = {},
): Promise<{ user: typeof staffUsers.$inferSelect; token: string; auth: { authorization: string } }> {
  const user = await makeStaffUser(t.database.db, tenantId, memberships, fields);
  const token = await signInStaff(t, user.email);
  return { user, token, auth: authHeader(token) };
}

/**
 * A new patient account (its profile at the hospital when given) booked into a session from the app,
 * as the patient books (bookAppointment, so the session's counters and the audit move too): the
 * account, the profile, the booking's input and the booked appointment.
 * @param db - database
 * @param tenantId - the tenant
 * @param sessionId - the session
 * @param fields - the patient account's fields (hospitalId, givenName, preferredLanguage…)
 */
export async function makeBookedPatient(
  db: Db,
  tenantId: string,
  sessionId: string,
  fields: Parameters<typeof makePatientAccount>[2] = {},
): Promise<{
  account: typeof accounts.$inferSelect;
  patient: typeof patients.$inferSelect;
  booking: BookAppointmentInput;
  appointment: BookedAppointment;
}> {
  const { account, patient } = await makePatientAccount(db, tenantId, fields);
  const booking: BookAppointmentInput = {
    tenantId,
    accountId: account.id,
    patientId: patient.id,
    sessionId,
    originChannel: 'patient_app',
    idempotencyKey: null,
    correlationId: randomUUID(),
    actor: { kind: 'patient', accountId: account.id },
  };
  const appointment = await bookAppointment(db, booking);
  return { account, patient, booking, appointment };
}

/**
 * An appointment (token 1) of a profile in a new session of its own, written as it stands (no
 * booking rules run, the session's counters as told).
 * @param db - database
 * @param tenantId - the tenant
 * @param refs - the session's practitioner and hospital
 * @param owner - the patient account and profile
 * @param fields - session overrides (chargingSchemeId, issuedTokens, status…) and appointment overrides
 */
export async function makeSessionAppointment(
  db: DbOrTx,
  tenantId: string,
  refs: { practitionerId: string; organizationId: string },
  owner: { accountId: string; patientId: string },
  fields: {
    session?: Partial<typeof consultationSessions.$inferInsert>;
    appointment?: Partial<typeof appointments.$inferInsert>;
  } = {},
): Promise<{ session: typeof consultationSessions.$inferSelect; appointment: typeof appointments.$inferSelect }> {
  const session = await makeConsultationSession(db, tenantId, refs, fields.session);
  const [appointment] = await db
    .insert(appointments)
    .values({
      tenantId,
      sessionId: session.id,
      accountId: owner.accountId,
      patientId: owner.patientId,
      tokenNo: 1,
      ...fields.appointment,
    })
    .returning();
  if (!appointment) {
    throw new Error('appointment insert returned no row');
  }
  return { session, appointment };
}

/**
 * A 'Consultation' charging scheme of a hospital in LKR: doctor fee 2500 and hospital fee 499.99
 * unless told.
 * @param db - database
 * @param tenantId - the tenant
 * @param organizationId - the hospital
 * @param fields - overrides (items, name…)
 */
export async function makeChargingScheme(
  db: DbOrTx,
  tenantId: string,
  organizationId: string,
  fields: Partial<typeof chargingSchemes.$inferInsert> = {},
): Promise<typeof chargingSchemes.$inferSelect> {
  const [row] = await db
    .insert(chargingSchemes)
    .values({
      tenantId,
      organizationId,
      name: 'Consultation',
      currency: 'LKR',
      items: [
        { category: 'doctor_fee', description: 'Doctor fee', amount: 2500 },
        { category: 'hospital_fee', description: 'Hospital fee', amount: 499.99 },
      ],
      ...fields,
    })
    .returning();
  if (!row) {
    throw new Error('charging scheme insert returned no row');
  }
  return row;
}

/**
 * A card payment of an appointment at a hospital of the default tenant, captured by the sandbox
 * gateway (CyberSource) with the hospital's merchant (its own, else the tenant's; issue 9 §2): its invoice (doctor fee 2500, hospital fee 450, tax 50), a completed booking
 * request and an accepted payment; the appointment is marked paid.
 * @param t - the test app
 * @param visit - the appointment, its session, account and profile
 * @param organizationId - the hospital
 * @param amount - the amount captured ('3000.00' unless told)
 */
export async function makeCardPayment(
  t: Pick<TestApp, 'database' | 'tenants' | 'providers'>,
  visit: { accountId: string; patientId: string; appointmentId: string; sessionId: string },
  organizationId: string,
  amount = '3000.00',
): Promise<{ invoiceId: string; bookingId: string; paymentId: string; transactionId: string }> {
  const db = t.database.db;
  const tenantId = t.tenants.defaultTenant.id;
  const settings = gatewaysFor(t.tenants.defaultTenant, organizationId).cyberSource;
  const token = issueSandboxToken(t.providers.appSecret, {
    merchantId: settings.merchantId,
    maskedNumber: '411111XXXXXX1111',
    cardType: '001',
    expiry: '12-2030',
  });
  const answer = await cyberSource.chargeToken(t.providers.gatewayHttp, settings, {
    referenceNumber: `REF${randomUUID()}`,
    amount,
    currency: 'LKR',
    paymentToken: token,
  });
  if (answer.decision !== 'ACCEPT') {
    throw new Error(`the sandbox did not accept the card: ${JSON.stringify(answer)}`);
  }
  const requestReference = `Appointment/${visit.appointmentId}`;
  const owner = { tenantId, accountId: visit.accountId, patientId: visit.patientId, organizationId, requestReference };
  const [invoice] = await db
    .insert(invoices)
    .values({
      ...owner,
      appointmentId: visit.appointmentId,
      sessionId: visit.sessionId,
      items: [
        { description: 'Doctor fee', amount: 2500, category: 'doctor_fee' },
        { description: 'Hospital fee', amount: 450, category: 'hospital_fee' },
        { description: 'Tax', amount: 50, category: 'hospital_fee_tax' },
      ],
      values: [Number(amount)],
      totalAmount: Number(amount),
      currency: 'LKR',
      reasonCode: 'revenue_collected',
    })
    .returning();
  if (!invoice) {
    throw new Error('invoice insert returned no row');
  }
  const [booking] = await db
    .insert(bookingRequests)
    .values({
      ...owner,
      invoiceId: invoice.id,
      paymentGatewayType: 'cyberSource',
      status: 'completed',
      amount: Number(amount),
      currency: 'LKR',
      externalReference: randomUUID(),
    })
    .returning();
  if (!booking) {
    throw new Error('booking request insert returned no row');
  }
  const [payment] = await db
    .insert(payments)
    .values({
      ...owner,
      bookingRequestId: booking.id,
      invoiceId: invoice.id,
      paymentGatewayType: 'cyberSource',
      status: 'ACCEPT',
      amount: Number(amount),
      currency: 'LKR',
      transactionReference: answer.transactionId,
      response: {},
    })
    .returning();
  if (!payment) {
    throw new Error('payment insert returned no row');
  }
  await db.update(appointments).set({ paymentStatus: 'paid' }).where(eq(appointments.id, visit.appointmentId));
  return { invoiceId: invoice.id, bookingId: booking.id, paymentId: payment.id, transactionId: answer.transactionId };
}

/**
 * A document of an account, at a hospital, referencing a blob.
 * @param db - database
 * @param tenantId - the tenant
 * @param fields - the owning account, the blob, the hospital and other overrides
 */
export async function makeDocumentReference(
  db: DbOrTx,
  tenantId: string,
  fields: Partial<typeof documentReferences.$inferInsert> & { accountId: string },
): Promise<typeof documentReferences.$inferSelect> {
  const [row] = await db
    .insert(documentReferences)
    .values({ tenantId, authorReference: `Patient/${fields.patientId ?? 'unknown'}`, ...fields })
    .returning();
  if (!row) {
    throw new Error('document reference insert returned no row');
  }
  return row;
}

/**
 * An appointment in a started video session (participation mode remote_presence_video_call), arrived
 * unless told: ready for the doctor's Call (issue 13).
 * @param db - database
 * @param tenantId - the tenant
 * @param refs - the session's practitioner and hospital
 * @param owner - the patient account and profile
 * @param fields - appointment overrides (e.g. appointmentStatus: 'booked')
 */
export async function makeVideoAppointment(
  db: DbOrTx,
  tenantId: string,
  refs: { practitionerId: string; organizationId: string },
  owner: { accountId: string; patientId: string },
  fields: Partial<typeof appointments.$inferInsert> = {},
): Promise<typeof appointments.$inferSelect> {
  const { appointment } = await makeSessionAppointment(db, tenantId, refs, owner, {
    session: {
      participationMode: 'remote_presence_video_call',
      status: 'started',
      sessionStartedTime: new Date(),
      issuedTokens: 1,
      liveAppointments: 1,
    },
    appointment: { appointmentStatus: 'arrived', appointmentArrivedTime: new Date(), ...fields },
  });
  return appointment;
}

/**
 * A chat with hospital staff (issue 12 §4), waiting in preparation unless told.
 * @param db - database
 * @param tenantId - the tenant
 * @param fields - the account, profile and hospital, and other overrides (status, recipient)
 */
export async function makeChatSession(
  db: DbOrTx,
  tenantId: string,
  fields: Partial<typeof chatSessions.$inferInsert> & { accountId: string; patientId: string; hospitalId: string },
): Promise<typeof chatSessions.$inferSelect> {
  const [row] = await db
    .insert(chatSessions)
    .values({
      tenantId,
      sender: `Patient/${fields.patientId}`,
      recipient: `Organization/${fields.hospitalId}`,
      ...fields,
    })
    .returning();
  if (!row) {
    throw new Error('chat session insert returned no row');
  }
  return row;
}

/**
 * A lab test code of a tenant with its sub-tests (issue 11), by default a full blood count with
 * Haemoglobin (g/dL, 11.5–16.5) and WBC (10^9/L, 4–11).
 * @param db - database
 * @param tenantId - the tenant
 * @param fields - code overrides and the sub-tests
 */
export async function makeDiagnosticReportCode(
  db: DbOrTx,
  tenantId: string,
  fields: Partial<typeof diagnosticReportCodes.$inferInsert> & {
    subCodes?: Omit<typeof diagnosticReportSubCodes.$inferInsert, 'tenantId' | 'diagnosticReportCodeId'>[];
  } = {},
): Promise<{ code: typeof diagnosticReportCodes.$inferSelect; subCodes: (typeof diagnosticReportSubCodes.$inferSelect)[] }> {
  const { subCodes, ...codeFields } = fields;
  const [code] = await db
    .insert(diagnosticReportCodes)
    .values({ tenantId, code: `T${unique()}`, display: 'Full Blood Count', system: 'urn:careline:lab', ...codeFields })
    .returning();
  if (!code) {
    throw new Error('diagnostic report code insert returned no row');
  }
  const subs = subCodes ?? [
    { name: 'Haemoglobin', parameterOrder: 1, unit: 'g/dL', referenceRange: { low: 11.5, high: 16.5 } },
    { name: 'WBC', parameterOrder: 2, unit: '10^9/L', referenceRange: { low: 4, high: 11 } },
  ];
  const rows =
    subs.length === 0
      ? []
      : await db
          .insert(diagnosticReportSubCodes)
          .values(subs.map((sub) => ({ tenantId, diagnosticReportCodeId: code.id, ...sub })))
          .returning();
  return { code, subCodes: rows.sort((a, b) => a.parameterOrder - b.parameterOrder) };
}

/**
 * A lab report version (registered, no results unless told) of a patient at a hospital (issue 11).
 * @param db - database
 * @param tenantId - the tenant
 * @param fields - the account, patient, hospital, code and other overrides
 */
export async function makeLabReport(
  db: DbOrTx,
  tenantId: string,
  fields: Omit<Partial<typeof diagnosticReports.$inferInsert>, 'diagnosticReportCodeId' | 'codeCode'> & {
    accountId: string;
    patientId: string;
    organizationId: string;
    diagnosticReportCodeId: string;
    codeCode: string;
  },
): Promise<typeof diagnosticReports.$inferSelect> {
  const [row] = await db
    .insert(diagnosticReports)
    .values({ tenantId, codeDisplay: 'Full Blood Count', ...fields })
    .returning();
  if (!row) {
    throw new Error('diagnostic report insert returned no row');
  }
  return row;
}

/**
 * An active questionnaire of a hospital (issue 11): a text question and a checkBox question unless told.
 * @param db - database
 * @param tenantId - the tenant
 * @param organizationId - the hospital (null: the whole tenant)
 * @param fields - overrides (title, items, status…)
 */
export async function makeQuestionnaire(
  db: DbOrTx,
  tenantId: string,
  organizationId: string | null,
  fields: Partial<typeof questionnaires.$inferInsert> = {},
): Promise<typeof questionnaires.$inferSelect> {
  const title = fields.title ?? `Questionnaire ${unique()}`;
  const [row] = await db
    .insert(questionnaires)
    .values({
      tenantId,
      organizationId,
      name: `${organizationId ?? 'tenant'}/${title.toLowerCase()}`,
      title,
      items: [
        { linkId: '1', text: 'What brings you in today?', type: 'text' },
        { linkId: '2', text: 'Do you have any of these?', type: 'checkBox', options: ['Fever', 'Cough'] },
      ],
      ...fields,
    })
    .returning();
  if (!row) {
    throw new Error('questionnaire insert returned no row');
  }
  return row;
}
