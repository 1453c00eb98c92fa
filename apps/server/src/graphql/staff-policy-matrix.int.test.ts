import { randomUUID } from 'node:crypto';
import { STAFF_ROLES, type StaffRole } from '@careline/domain/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  authHeader,
  makeChargingScheme,
  makeChatSession,
  makeConsultationSession,
  makeDiagnosticReportCode,
  makeLabReport,
  makeOrganization,
  makePatientAccount,
  makePractitioner,
  makeQuestionnaire,
  makeStaffUser,
  makeVideoAppointment,
  signInStaff,
} from '../../test/factories.ts';
import { signIn as patientSignIn } from '../modules/auth/auth.testing.ts';
import {
  appointments,
  blobs,
  bookingRequests,
  databaseRestores,
  displayTokens,
  gatewayEvents,
  questionnaireResponses,
  refundRequests,
  serviceRequests,
} from '../db/schema/index.ts';
import { observations, type diagnosticReports } from '../db/schema/index.ts';
import { buildSchema } from './schema.ts';
import { staffPolicies, type StaffAction } from './staff-auth.ts';

/*
 * The role × hospital policy matrix (issue 7), generated from the schema: every root field is either
 * public, patient-only (the `patient` scope, patientOperation), or a staff operation carrying a
 * `staffAction` extension (staffOperation() / staffSelfOperation). A new root field that is none of
 * these, a patient operation without the scope, or an operation without a sample request below,
 * fails this file, so no operation reaches production without a tested policy.
 */

const PUBLIC_FIELDS = new Set([
  'tenantConfig',
  'queryOrganization',
  'queryPractitioner',
  'querySession',
  'subscribeSession',
  'searchSession',
  'searchDoctors',
  'searchSpecialties',
  'initiateAuthentication',
  'completeAuthentication',
  'initiateLinkAuthentication',
  'staffSignIn',
  // The waiting-room board (issue 32 §3.6): authenticated by a display token's secret, not a sign-in.
  'displayBoard',
  'subscribeDisplayBoard',
  // Ends the session of whatever token is sent; reaches no data.
  'logout',
]);

/**
 * Patient-only operations (the `patient` scope), each with a request a staff token, an anonymous
 * request and an unknown token must be refused on.
 */
const PATIENT_FIELDS: Record<string, string> = {
  queryOneProfile: '{ queryOneProfile { id } }',
  createPatient:
    'mutation { createPatient(name: {prefix: "Mr.", given: ["Staff"], family: "Probe"}, birthDate: "1990-01-01", gender: "male") { id } }',
  patchPatient: `mutation { patchPatient(patientId: "${randomUUID()}", patches: [{op: "replace", path: "/gender", value: "female"}]) { id } }`,
  deletePaymentMethod: `mutation { deletePaymentMethod(id: "${randomUUID()}") }`,
  setDefaultPaymentMethod: `mutation { setDefaultPaymentMethod(id: "${randomUUID()}") }`,
  setPreferredLanguage: 'mutation { setPreferredLanguage(language: si) }',
  createAppointment: `mutation { createAppointment(patientId: "${randomUUID()}", sessionId: "${randomUUID()}") { id } }`,
  patchAppointment: `mutation { patchAppointment(id: "${randomUUID()}", status: "cancelled") { id } }`,
  setAppointmentJourneyTime: `mutation { setAppointmentJourneyTime(id: "${randomUUID()}", minutes: 30) { id } }`,
  queryAppointment: '{ queryAppointment(limit: 5) { id } }',
  myAppointmentInSession: `{ myAppointmentInSession(sessionId: "${randomUUID()}", patientId: "${randomUUID()}") { id } }`,
  querySessionTokens: `{ querySessionTokens(sessionId: "${randomUUID()}") { tokenNo } }`,
  createTemporaryAppointment: `mutation { createTemporaryAppointment(sessionId: "${randomUUID()}") { id } }`,
  reserveAvailable: `{ reserveAvailable(sessionId: "${randomUUID()}") }`,
  createRefund: `mutation { createRefund(appointmentId: "${randomUUID()}", patientId: "${randomUUID()}", organizationId: "${randomUUID()}", category: "Other", subcategory: "other") { id } }`,
  subscribeAppointment: `subscription { subscribeAppointment(patientId: ["${randomUUID()}"], sessionId: "${randomUUID()}") { id } }`,
  subscribeSessionTokens: `subscription { subscribeSessionTokens(sessionId: "${randomUUID()}") { tokenNo } }`,
  queryLoyaltyTransaction: `{ queryLoyaltyTransaction(patient: "Patient/${randomUUID()}") { id } }`,
  // Orders, the patient's side (issue 10; modules/orders).
  serviceRequest: `{ serviceRequest(id: "${randomUUID()}") { id } }`,
  serviceRequests: '{ serviceRequests(first: 10) { nodes { id } } }',
  createDocumentReference: `mutation { createDocumentReference(blobId: "${randomUUID()}") { id } }`,
  patchDocumentReference: `mutation { patchDocumentReference(id: "${randomUUID()}", patientId: "${randomUUID()}") { id } }`,
  createServiceRequest: `mutation { createServiceRequest(input: {patientId: "${randomUUID()}", orderCategory: "Medication"}) { id } }`,
  patchServiceRequest: `mutation { patchServiceRequest(id: "${randomUUID()}", expectedVersion: 1, input: {note: "Hello"}) { id } }`,
  subscribeServiceRequest: 'subscription { subscribeServiceRequest { id } }',
  queryUpcomingAppointments: '{ queryUpcomingAppointments(limit: 5) { id } }',
  prepareInvoice: `mutation { prepareInvoice(input: {appointmentId: "${randomUUID()}"}) { id } }`,
  initiateBooking: `mutation { initiateBooking(input: {id: "${randomUUID()}", successUrl: "/ok", failureUrl: "/no", paymentGatewayType: "cyberSource"}) { id } }`,
  completeBooking: `mutation { completeBooking(input: {id: "${randomUUID()}", paymentGatewayType: "cyberSource"}) { status } }`,
  authenticatePaymentGateway: `mutation { authenticatePaymentGateway(id: "${randomUUID()}") }`,
  queryPaymentGatewayCallback: '{ queryPaymentGatewayCallback(limit: 5) { id } }',
  queryChargingScheme: `{ queryChargingScheme(organizationId: "${randomUUID()}") { id } }`,
  // Chat with hospital staff, the patient's side (issue 12 §3; modules/chat). The note is base64 of {"message":"Hi"}.
  queryChat: '{ queryChat { id } }',
  prepareChat: `mutation { prepareChat(note: ["eyJtZXNzYWdlIjoiSGkifQ=="], patientId: "${randomUUID()}") { id } }`,
  sendChat: `mutation { sendChat(id: "${randomUUID()}", message: "eyJtZXNzYWdlIjoiSGkifQ==") { id } }`,
  patchChat: `mutation { patchChat(id: "${randomUUID()}", status: "completed") { id } }`,
  chatTyping: `mutation { chatTyping(id: "${randomUUID()}") }`,
  subscribeChat: `subscription { subscribeChat(id: ["${randomUUID()}"]) { id } }`,
  // Lab reports, the patient's side (issue 11; modules/lab-reports).
  diagnosticReports: `{ diagnosticReports(patientId: "${randomUUID()}") { id } }`,
  diagnosticReport: `{ diagnosticReport(id: "${randomUUID()}") { id } }`,
  diagnosticObservations: `{ diagnosticObservations(patient: "Patient/${randomUUID()}", diagnosticReportCode: ["00000001"]) { id } }`,
  diagnosticReportCode: '{ diagnosticReportCode(id: "00000001") { id } }',
  subscribeDiagnosticReport: 'subscription { subscribeDiagnosticReport { id } }',
  updateDiagnosticReportExtension: `mutation { updateDiagnosticReportExtension(id: "${randomUUID()}") { id } }`,
  // Video calls, the patient's side (issue 13; modules/video).
  createTwilioToken: `mutation { createTwilioToken(roomSid: "room-x", appointmentId: "${randomUUID()}") }`,
  callIceServers: `{ callIceServers(appointmentId: "${randomUUID()}", token: "v1.x.y") { expiresAt } }`,
  queryCommunication: `{ queryCommunication(appointmentId: "${randomUUID()}") { id } }`,
  sendCommunication: `mutation { sendCommunication(id: "${randomUUID()}", contentAttachment: {data: "{}"}) { id } }`,
  sendCallSignal: `mutation { sendCallSignal(appointmentId: "${randomUUID()}", token: "v1.x.y", signal: {kind: hangup}) }`,
  subscribeCommunication: `subscription { subscribeCommunication(appointmentId: "${randomUUID()}") { signal { kind } } }`,
  // Questionnaires, the patient's side (issue 11 §3; modules/questionnaires).
  appointmentQuestionnaire: `{ appointmentQuestionnaire(appointmentId: "${randomUUID()}") { responded } }`,
  createQuestionnaireResponse: `mutation { createQuestionnaireResponse(input: {basedOn: "Appointment/${randomUUID()}", subject: "Patient/${randomUUID()}", questionnaireId: "${randomUUID()}", items: [{questionNumber: "1", answer: "Fine"}]}) { id } }`,
};

type Sample = { query: string; variables: (organizationId: string) => Record<string, unknown> };

let t: TestApp;
let tenantId: string;
let hospitalA: string;
let hospitalB: string;
let patientMobile: string;
let targetStaffId: string;
let emailCounter = 0;
// Session operations change the rows they touch, so each request takes fresh ones (made in beforeAll).
const sessionPools: Record<'scheduled' | 'started' | 'queued' | 'bookedAppointments' | 'paused', string[]> = {
  scheduled: [],
  paused: [],
  started: [],
  queued: [],
  bookedAppointments: [],
};
const paymentPools: Record<'pendingAppointments' | 'refundRequests' | 'gatewayEvents', string[]> = {
  pendingAppointments: [],
  refundRequests: [],
  gatewayEvents: [],
};
// Medicine orders of hospital A with a charge, unpaid: each cash take pays one (payments module).
const orderPaymentPool: string[] = [];
// A cash take is also held to the order's category (the domain's recordPayment rule): as orderFor,
// the role × hospital loop's n-th take gets an unpaid order of a category the n-th role works.
const orderCashSamples = new Map<StaffRole, string>();
let orderCashCalls = 0;
const orderCashFor = (): string => {
  const role = STAFF_ROLES[orderCashCalls];
  orderCashCalls += 1;
  return (role && orderCashSamples.get(role)) ?? take(orderPaymentPool);
};
let sessionDoctorId: string;
// Chats (issue 12 §4): take, reply and close each need a waiting chat of hospital A (one per account);
// the first 8 requests (the roles at home) get one each, later ones unknown ids. Reads share one chat.
const chatPools: Record<'take' | 'reply' | 'close', string[]> = { take: [], reply: [], close: [] };
const chatSample = { readId: '', typingId: '' };
const takeChat = (pool: keyof typeof chatPools): string => chatPools[pool].pop() ?? randomUUID();
let deskPatientId: string;
// Video calls (issue 13): the doctor (the only role that calls) signals on and hangs up calls placed in the video beforeAll.
const videoPools: Record<'call' | 'signal' | 'hangUp', string[]> = { call: [], signal: [], hangUp: [] };
const videoFirst = (pool: string[]): string => pool[0] ?? randomUUID();
const take = (pool: string[]): string => {
  const id = pool.pop();
  if (!id) {
    throw new Error('a session pool ran out: make more in beforeAll');
  }
  return id;
};
// Orders (issue 10 staff console): each role works its own categories (ORDER_STAFF_ROLES), and the
// role × hospital loop asks in STAFF_ROLES order, so each order sample hands its n-th request a fresh
// order (and a file that role uploaded) of a category the n-th role works; later requests (other
// hospitals, patient tokens) are refused before any order is read and get unknown ids.
const orderSamples = new Map<string, Map<StaffRole, { id: string; blobId: string }>>();
function orderFor(field: string): () => { id: string; blobId: string } {
  let calls = 0;
  return () => {
    const role = STAFF_ROLES[calls];
    calls += 1;
    return (role && orderSamples.get(field)?.get(role)) ?? { id: randomUUID(), blobId: randomUUID() };
  };
}
const ORDER_SAMPLE_NEXT = {
  staffOrder: orderFor('staffOrder'),
  staffSetOrderCharge: orderFor('staffSetOrderCharge'),
  staffSetOrderEstimatedTime: orderFor('staffSetOrderEstimatedTime'),
  staffScheduleSampleCollection: orderFor('staffScheduleSampleCollection'),
  staffMoveOrderStatus: orderFor('staffMoveOrderStatus'),
  staffCancelOrder: orderFor('staffCancelOrder'),
  staffAddOrderNote: orderFor('staffAddOrderNote'),
  staffAttachOrderDocument: orderFor('staffAttachOrderDocument'),
  staffReplaceOrder: orderFor('staffReplaceOrder'),
};

// Lab reports (issue 11): each change takes a fresh report of hospital A in the state it needs (made in
// the lab reports beforeAll below); the first 8 requests (the roles at home) get one each, later ones unknown ids.
const labReportPools: Record<'draft' | 'entered' | 'verified' | 'issued' | 'outsource', string[]> = {
  draft: [],
  entered: [],
  verified: [],
  issued: [],
  outsource: [],
};
const labSample = { code: '', subTestId: '', readId: '' };
// A display of hospital A for the revocation (made in the first beforeAll).
const displaySample = { id: '' };
const takeLabReport = (pool: keyof typeof labReportPools): string => labReportPools[pool].pop() ?? randomUUID();
// Lab results CSV import (issue 11): a registered report per role, each imported once.
const labImportPool: string[] = [];
const takeLabImport = (): string => labImportPool.pop() ?? randomUUID();
// Questionnaires (issue 11 staff console): one questionnaire and one appointment of hospital A (made in the
// questionnaires beforeAll below); each definition gets a title of its own.
const questionnaireSample = { id: '', appointmentId: '', responseId: '' };
let questionnaireTitles = 0;

/** One request per hospital-scoped staff operation; `organizationId` is the hospital asked about. */
const SAMPLES: Record<string, Sample> = {
  staffUsers: {
    query: 'query ($o: ID!) { staffUsers(organizationId: $o) { id } }',
    variables: (o) => ({ o }),
  },
  createStaffUser: {
    query: `mutation ($o: ID!, $i: CreateStaffUserInput!) { createStaffUser(organizationId: $o, input: $i) { user { id } } }`,
    variables: (o) => ({
      o,
      i: {
        email: `matrix-${(emailCounter += 1)}@hospital.test`,
        displayName: 'New Nurse',
        roles: [{ role: 'nurse' }],
      },
    }),
  },
  setStaffRoles: {
    query: `mutation ($o: ID!, $s: ID!) { setStaffRoles(organizationId: $o, staffUserId: $s, roles: [{role: nurse}]) { id } }`,
    variables: (o) => ({ o, s: targetStaffId }),
  },
  auditTrail: {
    query: 'query ($o: ID!) { auditTrail(organizationId: $o, first: 5) { events { id } } }',
    variables: (o) => ({ o }),
  },
  staffPatientLookup: {
    query:
      'query ($o: ID!, $m: String!) { staffPatientLookup(organizationId: $o, mobileNo: $m) { id } }',
    variables: (o) => ({ o, m: patientMobile }),
  },
  staffWalkInPatientLookup: {
    query:
      'query ($o: ID!, $m: String!) { staffWalkInPatientLookup(organizationId: $o, mobileNo: $m) { id } }',
    variables: (o) => ({ o, m: patientMobile }),
  },
  staffSessions: {
    query: 'query ($o: ID!) { staffSessions(organizationId: $o) { id } }',
    variables: (o) => ({ o }),
  },
  staffSessionQueue: {
    query: 'query ($o: ID!, $s: ID!) { staffSessionQueue(organizationId: $o, sessionId: $s) { session { id } } }',
    variables: (o) => ({ o, s: take(sessionPools.queued) }),
  },
  // Reads change nothing: the live queue reuses the first session of the queue pool (never taken).
  staffSubscribeSessionQueue: {
    query: 'subscription ($o: ID!, $s: ID!) { staffSubscribeSessionQueue(organizationId: $o, sessionId: $s) { session { id } } }',
    variables: (o) => ({ o, s: sessionPools.queued[0] }),
  },
  staffChargingSchemes: {
    query: 'query ($o: ID!) { staffChargingSchemes(organizationId: $o) { id } }',
    variables: (o) => ({ o }),
  },
  staffCreateSession: {
    query: 'mutation ($o: ID!, $i: StaffSessionInput!) { staffCreateSession(organizationId: $o, input: $i) { id } }',
    variables: (o) => ({
      o,
      i: {
        practitionerId: sessionDoctorId,
        startTime: '2030-01-01T09:00:00+05:30',
        endTime: '2030-01-01T11:00:00+05:30',
        appointmentMaxAllowed: 10,
        participationMode: 'in_person',
      },
    }),
  },
  staffUpdateSession: {
    query: 'mutation ($o: ID!, $s: ID!, $i: StaffSessionInput!) { staffUpdateSession(organizationId: $o, sessionId: $s, input: $i) { id } }',
    variables: (o) => ({
      o,
      s: take(sessionPools.scheduled),
      i: {
        practitionerId: sessionDoctorId,
        startTime: '2030-01-02T09:00:00+05:30',
        endTime: '2030-01-02T11:00:00+05:30',
        appointmentMaxAllowed: 12,
        participationMode: 'in_person',
      },
    }),
  },
  staffCancelSession: {
    query: 'mutation ($o: ID!, $s: ID!) { staffCancelSession(organizationId: $o, sessionId: $s) { id } }',
    variables: (o) => ({ o, s: take(sessionPools.scheduled) }),
  },
  // After a restore (issue 31 §4.13): each confirmation takes a paused session of its own.
  staffSessionsAwaitingTokenCheck: {
    query: 'query ($o: ID!) { staffSessionsAwaitingTokenCheck(organizationId: $o) { id } }',
    variables: (o) => ({ o }),
  },
  staffConfirmSessionTokens: {
    query:
      'mutation ($o: ID!, $c: [SessionTokenConfirmation!]!) { staffConfirmSessionTokens(organizationId: $o, confirmations: $c) { id } }',
    variables: (o) => ({ o, c: [{ sessionId: take(sessionPools.paused), highestTokenGiven: 0 }] }),
  },
  staffBookAppointment: {
    query: 'mutation ($o: ID!, $s: ID!, $p: ID!) { staffBookAppointment(organizationId: $o, sessionId: $s, patientId: $p) { id } }',
    variables: (o) => ({ o, s: take(sessionPools.scheduled), p: deskPatientId }),
  },
  staffSetAppointmentStatus: {
    query: 'mutation ($o: ID!, $a: ID!) { staffSetAppointmentStatus(organizationId: $o, appointmentId: $a, status: fulfilled) { id } }',
    variables: (o) => ({ o, a: take(sessionPools.bookedAppointments) }),
  },
  staffStartSession: {
    query: 'mutation ($o: ID!, $s: ID!) { staffStartSession(organizationId: $o, sessionId: $s) { id } }',
    variables: (o) => ({ o, s: take(sessionPools.scheduled) }),
  },
  staffCallNext: {
    query: 'mutation ($o: ID!, $s: ID!) { staffCallNext(organizationId: $o, sessionId: $s) { session { id } } }',
    variables: (o) => ({ o, s: take(sessionPools.started) }),
  },
  // Issue 32 §1.4: the doctor's delay on a scheduled session.
  staffMarkSessionDelay: {
    query: 'mutation ($o: ID!, $s: ID!) { staffMarkSessionDelay(organizationId: $o, sessionId: $s, delayMinutes: 20) { id } }',
    variables: (o) => ({ o, s: take(sessionPools.scheduled) }),
  },
  staffEndSession: {
    query: 'mutation ($o: ID!, $s: ID!) { staffEndSession(organizationId: $o, sessionId: $s) { id } }',
    variables: (o) => ({ o, s: take(sessionPools.started) }),
  },
  // Payments (issue 9 §8, §9): the hospital's side; mutations take fresh rows from paymentPools.
  staffCashDesk: {
    query: 'query ($o: ID!) { staffCashDesk(organizationId: $o, date: "2030-01-01") { id } }',
    variables: (o) => ({ o }),
  },
  staffPaymentsOfDay: {
    query: 'query ($o: ID!) { staffPaymentsOfDay(organizationId: $o, date: "2030-01-01") { date } }',
    variables: (o) => ({ o }),
  },
  staffRefundRequests: {
    query: 'query ($o: ID!) { staffRefundRequests(organizationId: $o) { id } }',
    variables: (o) => ({ o }),
  },
  staffUnmatchedGatewayNotifications: {
    query: 'query ($o: ID!) { staffUnmatchedGatewayNotifications(organizationId: $o) { id } }',
    variables: (o) => ({ o }),
  },
  staffTakeCashPayment: {
    query: 'mutation ($o: ID!, $a: ID!) { staffTakeCashPayment(organizationId: $o, appointmentId: $a) { receiptNumber } }',
    variables: (o) => ({ o, a: take(paymentPools.pendingAppointments) }),
  },
  staffTakeOrderCashPayment: {
    query: 'mutation ($o: ID!, $s: ID!) { staffTakeOrderCashPayment(organizationId: $o, serviceRequestId: $s, expectedVersion: 1) { receiptNumber } }',
    variables: (o) => ({ o, s: orderCashFor() }),
  },
  staffDecideRefund: {
    query: 'mutation ($o: ID!, $r: ID!) { staffDecideRefund(organizationId: $o, refundRequestId: $r, decision: REJECT) { id } }',
    variables: (o) => ({ o, r: take(paymentPools.refundRequests) }),
  },
  staffReconcileGatewayEvent: {
    query: 'mutation ($o: ID!, $e: ID!) { staffReconcileGatewayEvent(organizationId: $o, eventId: $e) }',
    variables: (o) => ({ o, e: take(paymentPools.gatewayEvents) }),
  },
  // Orders (issue 10 staff console): order operations take an order of the asking role's category.
  staffOrders: {
    query: 'query ($o: ID!) { staffOrders(organizationId: $o, queue: NEW) { hasMore } }',
    variables: (o) => ({ o }),
  },
  staffOrder: {
    query: 'query ($o: ID!, $id: ID!) { staffOrder(organizationId: $o, id: $id) { id } }',
    variables: (o) => ({ o, id: ORDER_SAMPLE_NEXT.staffOrder().id }),
  },
  subscribeStaffOrders: {
    query: 'subscription ($o: ID!) { subscribeStaffOrders(organizationId: $o) { id } }',
    variables: (o) => ({ o }),
  },
  staffSetOrderCharge: {
    query: 'mutation ($o: ID!, $id: ID!) { staffSetOrderCharge(organizationId: $o, id: $id, expectedVersion: 1, amount: "100") { id } }',
    variables: (o) => ({ o, id: ORDER_SAMPLE_NEXT.staffSetOrderCharge().id }),
  },
  staffSetOrderEstimatedTime: {
    query: 'mutation ($o: ID!, $id: ID!) { staffSetOrderEstimatedTime(organizationId: $o, id: $id, expectedVersion: 1, time: "2030-01-01T10:00:00+05:30") { id } }',
    variables: (o) => ({ o, id: ORDER_SAMPLE_NEXT.staffSetOrderEstimatedTime().id }),
  },
  staffScheduleSampleCollection: {
    query: 'mutation ($o: ID!, $id: ID!) { staffScheduleSampleCollection(organizationId: $o, id: $id, expectedVersion: 1, collectorName: "Kamal", time: "2030-01-01T10:00:00+05:30") { id } }',
    variables: (o) => ({ o, id: ORDER_SAMPLE_NEXT.staffScheduleSampleCollection().id }),
  },
  staffMoveOrderStatus: {
    query: 'mutation ($o: ID!, $id: ID!) { staffMoveOrderStatus(organizationId: $o, id: $id, expectedVersion: 1, to: "confirming") { id } }',
    variables: (o) => ({ o, id: ORDER_SAMPLE_NEXT.staffMoveOrderStatus().id }),
  },
  staffCancelOrder: {
    query: 'mutation ($o: ID!, $id: ID!) { staffCancelOrder(organizationId: $o, id: $id, expectedVersion: 1, reason: "outOfStock") { id } }',
    variables: (o) => ({ o, id: ORDER_SAMPLE_NEXT.staffCancelOrder().id }),
  },
  staffAddOrderNote: {
    query: 'mutation ($o: ID!, $id: ID!) { staffAddOrderNote(organizationId: $o, id: $id, expectedVersion: 1, text: "Matrix") { id } }',
    variables: (o) => ({ o, id: ORDER_SAMPLE_NEXT.staffAddOrderNote().id }),
  },
  staffAttachOrderDocument: {
    query: 'mutation ($o: ID!, $id: ID!, $b: ID!) { staffAttachOrderDocument(organizationId: $o, id: $id, expectedVersion: 1, blobId: $b) { id } }',
    variables: (o) => {
      const next = ORDER_SAMPLE_NEXT.staffAttachOrderDocument();
      return { o, id: next.id, b: next.blobId };
    },
  },
  staffReplaceOrder: {
    query: 'mutation ($o: ID!, $id: ID!) { staffReplaceOrder(organizationId: $o, id: $id, expectedVersion: 1) { id } }',
    variables: (o) => ({ o, id: ORDER_SAMPLE_NEXT.staffReplaceOrder().id }),
  },
  // Chat with hospital staff, the staff inbox (issue 12 §4; modules/chat).
  staffChatInbox: {
    query: 'query ($o: ID!) { staffChatInbox(organizationId: $o) { hasMore } }',
    variables: (o) => ({ o }),
  },
  staffChat: {
    query: 'query ($o: ID!, $id: ID!) { staffChat(organizationId: $o, id: $id) { id } }',
    variables: (o) => ({ o, id: chatSample.readId }),
  },
  staffChatContext: {
    query: 'query ($o: ID!, $id: ID!) { staffChatContext(organizationId: $o, id: $id) { profiles { id } } }',
    variables: (o) => ({ o, id: chatSample.readId }),
  },
  subscribeStaffChatInbox: {
    query: 'subscription ($o: ID!) { subscribeStaffChatInbox(organizationId: $o) { id } }',
    variables: (o) => ({ o }),
  },
  staffTakeChat: {
    query: 'mutation ($o: ID!, $id: ID!) { staffTakeChat(organizationId: $o, id: $id) { id } }',
    variables: (o) => ({ o, id: takeChat('take') }),
  },
  staffReplyChat: {
    query: 'mutation ($o: ID!, $id: ID!) { staffReplyChat(organizationId: $o, id: $id, message: "Matrix") { id } }',
    variables: (o) => ({ o, id: takeChat('reply') }),
  },
  staffCloseChat: {
    query: 'mutation ($o: ID!, $id: ID!) { staffCloseChat(organizationId: $o, id: $id) { id } }',
    variables: (o) => ({ o, id: takeChat('close') }),
  },
  staffChatTyping: {
    query: 'mutation ($o: ID!, $id: ID!) { staffChatTyping(organizationId: $o, id: $id) }',
    variables: (o) => ({ o, id: chatSample.typingId }),
  },
  // Lab reports (issue 11; modules/lab-reports).
  staffLabReports: {
    query: 'query ($o: ID!) { staffLabReports(organizationId: $o) { hasMore } }',
    variables: (o) => ({ o }),
  },
  staffLabReport: {
    query: 'query ($o: ID!, $id: ID!) { staffLabReport(organizationId: $o, id: $id) { id } }',
    variables: (o) => ({ o, id: labSample.readId }),
  },
  staffPractitioners: {
    query: 'query ($o: ID!) { staffPractitioners(organizationId: $o) { id photoUrl } }',
    variables: (o) => ({ o }),
  },
  // Waiting-room displays (issue 32 §3.6): revoking again succeeds, so the one display serves every allowed role.
  staffDisplayTokens: {
    query: 'query ($o: ID!) { staffDisplayTokens(organizationId: $o) { id lastSeenAt } }',
    variables: (o) => ({ o }),
  },
  staffCreateDisplayToken: {
    query: 'mutation ($o: ID!) { staffCreateDisplayToken(organizationId: $o, name: "Matrix TV") { display { id } } }',
    variables: (o) => ({ o }),
  },
  staffRevokeDisplayToken: {
    query: 'mutation ($o: ID!, $id: ID!) { staffRevokeDisplayToken(organizationId: $o, displayTokenId: $id) { id } }',
    variables: (o) => ({ o, id: displaySample.id }),
  },
  staffLabReportSettings: {
    query: 'query ($o: ID!) { staffLabReportSettings(organizationId: $o) { requireSecondVerifier } }',
    variables: (o) => ({ o }),
  },
  staffSetLabReportSettings: {
    query: 'mutation ($o: ID!) { staffSetLabReportSettings(organizationId: $o, requireSecondVerifier: false) { requireSecondVerifier } }',
    variables: (o) => ({ o }),
  },
  staffSetLabReportImage: {
    query: 'mutation ($o: ID!) { staffSetLabReportImage(organizationId: $o, kind: HEADER, blobId: null) { headerImageBlobId } }',
    variables: (o) => ({ o }),
  },
  staffCreateLabReport: {
    query: 'mutation ($o: ID!, $i: StaffCreateLabReportInput!) { staffCreateLabReport(organizationId: $o, input: $i) { id } }',
    variables: (o) => ({ o, i: { patientId: deskPatientId, code: labSample.code } }),
  },
  staffSaveLabResults: {
    query: 'mutation ($o: ID!, $id: ID!, $r: [LabResultInput!]!) { staffSaveLabResults(organizationId: $o, id: $id, expectedRevision: 1, results: $r) { id } }',
    variables: (o) => ({ o, id: takeLabReport('draft'), r: [{ subTestId: labSample.subTestId, valueQuantity: 12.5 }] }),
  },
  staffVerifyLabReport: {
    query: 'mutation ($o: ID!, $id: ID!) { staffVerifyLabReport(organizationId: $o, id: $id, expectedRevision: 1) { id } }',
    variables: (o) => ({ o, id: takeLabReport('entered') }),
  },
  staffIssueLabReport: {
    query: 'mutation ($o: ID!, $id: ID!) { staffIssueLabReport(organizationId: $o, id: $id, expectedRevision: 1) { id } }',
    variables: (o) => ({ o, id: takeLabReport('verified') }),
  },
  staffMarkLabReportOutsourced: {
    query: 'mutation ($o: ID!, $id: ID!) { staffMarkLabReportOutsourced(organizationId: $o, id: $id, expectedRevision: 1) { id } }',
    variables: (o) => ({ o, id: takeLabReport('outsource') }),
  },
  staffCorrectLabReport: {
    query: 'mutation ($o: ID!, $id: ID!) { staffCorrectLabReport(organizationId: $o, id: $id, expectedRevision: 1, reason: "Matrix") { id } }',
    variables: (o) => ({ o, id: takeLabReport('issued') }),
  },
  staffPreviewLabResultsImport: {
    query: 'query ($o: ID!, $csv: String!) { staffPreviewLabResultsImport(organizationId: $o, csv: $csv) { totals { rows } } }',
    variables: (o) => ({ o, csv: `Sample ID,Test,Result\n${labSample.readId},Haemoglobin,12.5\n` }),
  },
  staffImportLabResults: {
    query: 'mutation ($o: ID!, $csv: String!, $e: [LabResultsImportExpected!]!) { staffImportLabResults(organizationId: $o, csv: $csv, expected: $e) { totals { good } } }',
    variables: (o) => {
      const id = takeLabImport();
      return { o, csv: `Sample ID,Test,Result\n${id},Haemoglobin,12.5\n`, e: [{ reportId: id, revision: 1 }] };
    },
  },
  // Video calls (issue 13; modules/video): refused roles never reach the appointment, so the doctor gets the pool's row.
  staffVideoCall: {
    query: 'mutation ($o: ID!, $a: ID!) { staffVideoCall(organizationId: $o, appointmentId: $a) { roomSid } }',
    variables: (o) => ({ o, a: videoFirst(videoPools.call) }),
  },
  staffSendCallSignal: {
    query: 'mutation ($o: ID!, $a: ID!) { staffSendCallSignal(organizationId: $o, appointmentId: $a, signal: {kind: media, camera: true, microphone: true}) }',
    variables: (o) => ({ o, a: videoFirst(videoPools.signal) }),
  },
  staffVideoHangUp: {
    query: 'mutation ($o: ID!, $a: ID!) { staffVideoHangUp(organizationId: $o, appointmentId: $a) { id } }',
    variables: (o) => ({ o, a: videoFirst(videoPools.hangUp) }),
  },
  staffSubscribeCommunication: {
    query: 'subscription ($o: ID!, $a: ID!) { staffSubscribeCommunication(organizationId: $o, appointmentId: $a) { communication { id } } }',
    variables: (o) => ({ o, a: videoFirst(videoPools.signal) }),
  },
  // Questionnaires (issue 11 staff console; modules/questionnaires).
  staffQuestionnaires: {
    query: 'query ($o: ID!) { staffQuestionnaires(organizationId: $o) { id } }',
    variables: (o) => ({ o }),
  },
  staffQuestionnaire: {
    query: 'query ($o: ID!, $id: ID!) { staffQuestionnaire(organizationId: $o, id: $id) { id } }',
    variables: (o) => ({ o, id: questionnaireSample.id }),
  },
  staffDefineQuestionnaire: {
    query: 'mutation ($o: ID!, $i: QuestionnaireDefinitionInput!) { staffDefineQuestionnaire(organizationId: $o, input: $i) { id } }',
    variables: (o) => ({
      o,
      i: { title: `Matrix form ${(questionnaireTitles += 1)}`, questions: [{ questionNumber: '1', question: 'How are you?', type: 'text' }] },
    }),
  },
  staffUpdateQuestionnaire: {
    query: 'mutation ($o: ID!, $id: ID!, $i: QuestionnaireDefinitionInput!) { staffUpdateQuestionnaire(organizationId: $o, id: $id, input: $i) { id } }',
    variables: (o) => ({
      o,
      id: questionnaireSample.id,
      i: { title: 'Matrix screening', questions: [{ questionNumber: '1', question: 'How are you?', type: 'text' }] },
    }),
  },
  staffAppointmentQuestionnaireResponses: {
    query: 'query ($o: ID!, $a: ID!) { staffAppointmentQuestionnaireResponses(organizationId: $o, appointmentId: $a) { appointmentId } }',
    variables: (o) => ({ o, a: questionnaireSample.appointmentId }),
  },
  // Issue 30 §4.9: the hospital's responses, and one of them.
  staffQuestionnaireResponses: {
    query: 'query ($o: ID!) { staffQuestionnaireResponses(organizationId: $o, first: 5) { nodes { id } } }',
    variables: (o) => ({ o }),
  },
  staffQuestionnaireResponse: {
    query: 'query ($o: ID!, $id: ID!) { staffQuestionnaireResponse(organizationId: $o, id: $id) { id } }',
    variables: (o) => ({ o, id: questionnaireSample.responseId }),
  },
};

const SELF_SAMPLES: Record<string, string> = {
  staffMe: '{ staffMe { id } }',
  staffSignOut: 'mutation { staffSignOut }',
  staffChangePassword:
    'mutation { staffChangePassword(currentPassword: "x", newPassword: "a-new-password-2026") { id } }',
  staffAccountChanged: 'subscription { staffAccountChanged { id } }',
};

type RootField = { name: string; staffAction: string | null; authScopes: unknown };

function rootFields(): RootField[] {
  const schema = buildSchema();
  return [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].flatMap(
    (type) =>
      type
        ? Object.values(type.getFields()).map((field) => {
            const extensions = field.extensions as {
              staffAction?: string;
              pothosOptions?: { authScopes?: unknown };
            };
            return {
              name: field.name,
              staffAction: extensions.staffAction ?? null,
              // The scope the field declares on the schema (@pothos/plugin-scope-auth), as built.
              authScopes: extensions.pothosOptions?.authScopes ?? null,
            };
          })
        : [],
  );
}

/** Whether a field carries exactly the patient scope. */
const hasPatientScope = (field: RootField): boolean =>
  JSON.stringify(field.authScopes) === JSON.stringify({ patient: true });

const errorCode = (body: { errors?: { message: string }[] }): string | null =>
  body.errors?.[0]?.message.split(':')[0] ?? null;

const tokens = new Map<StaffRole, string>();

beforeAll(async () => {
  t = await createTestApp();
  tenantId = t.tenants.defaultTenant.id;
  const db = t.database.db;
  hospitalA = (await makeOrganization(db, tenantId)).id;
  hospitalB = (await makeOrganization(db, tenantId)).id;
  const [display] = await db
    .insert(displayTokens)
    .values({ tenantId, organizationId: hospitalA, name: 'Matrix TV', secretHash: randomUUID(), createdBy: randomUUID() })
    .returning({ id: displayTokens.id });
  displaySample.id = display?.id ?? '';
  const doctor = await makePractitioner(db, tenantId, hospitalA);
  for (const role of STAFF_ROLES) {
    const user = await makeStaffUser(db, tenantId, [
      { organizationId: hospitalA, role, practitionerId: role === 'doctor' ? doctor.id : null },
    ]);
    tokens.set(role, await signInStaff(t, user.email));
  }
  targetStaffId = (
    await makeStaffUser(db, tenantId, [{ organizationId: hospitalA, role: 'nurse' }])
  ).id;
  patientMobile = (await makePatientAccount(db, tenantId, { hospitalId: hospitalA })).account
    .mobileNo;
  sessionDoctorId = doctor.id;
  const desk = await makePatientAccount(db, tenantId, { hospitalId: hospitalA });
  deskPatientId = desk.patient.id;
  const refs = { practitionerId: doctor.id, organizationId: hospitalA };
  // Per request: 8 roles at home, 8 × 2 elsewhere, 1 with a patient token; a few operations share a pool.
  for (let i = 0; i < 30 * 5; i++) {
    sessionPools.scheduled.push((await makeConsultationSession(db, tenantId, refs)).id);
  }
  const [restore] = await db
    .insert(databaseRestores)
    .values({ source: 'matrix', dataAsOf: new Date(), pausedSessions: 30 })
    .returning({ id: databaseRestores.id });
  for (let i = 0; i < 30; i++) {
    sessionPools.paused.push((await makeConsultationSession(db, tenantId, refs, { tokenCheckRestoreId: restore?.id ?? null })).id);
  }
  for (let i = 0; i < 30 * 2; i++) {
    sessionPools.started.push(
      (await makeConsultationSession(db, tenantId, refs, { status: 'started', sessionStartedTime: new Date() })).id,
    );
  }
  // Sessions with one booked appointment: the queue read takes the session, the marks the appointment.
  for (let i = 0; i < 30 * 2; i++) {
    const session = await makeConsultationSession(db, tenantId, refs, { issuedTokens: 1, liveAppointments: 1 });
    const [row] = await db
      .insert(appointments)
      .values({ tenantId, sessionId: session.id, accountId: desk.account.id, patientId: desk.patient.id, tokenNo: 1 })
      .returning({ id: appointments.id });
    (i % 2 === 0 ? sessionPools.queued : sessionPools.bookedAppointments).push(i % 2 === 0 ? session.id : (row?.id ?? ''));
  }
  // Payments: unpaid appointments (cash), refund requests (reject) and gateway events (reconcile).
  const scheme = await makeChargingScheme(db, tenantId, hospitalA, {
    name: 'Matrix',
    items: [{ category: 'doctor_fee', description: 'Doctor fee', amount: 1000 }],
  });
  for (let i = 0; i < 30; i++) {
    const session = await makeConsultationSession(db, tenantId, refs, { chargingSchemeId: scheme.id, issuedTokens: 2, liveAppointments: 2 });
    const rows = await db
      .insert(appointments)
      .values([
        { tenantId, sessionId: session.id, accountId: desk.account.id, patientId: desk.patient.id, tokenNo: 1 },
        { tenantId, sessionId: session.id, accountId: desk.account.id, patientId: desk.patient.id, tokenNo: 2, appointmentStatus: 'cancelled', paymentStatus: 'paid' },
      ])
      .returning({ id: appointments.id });
    paymentPools.pendingAppointments.push(rows[0]?.id ?? '');
    const [refund] = await db
      .insert(refundRequests)
      .values({ tenantId, accountId: desk.account.id, patientId: desk.patient.id, appointmentId: rows[1]?.id ?? '', organizationId: hospitalA, notes: ['Other', 'other'], requestedBy: 'patient' })
      .returning({ id: refundRequests.id });
    paymentPools.refundRequests.push(refund?.id ?? '');
    const [booking] = await db
      .insert(bookingRequests)
      .values({ tenantId, accountId: desk.account.id, patientId: desk.patient.id, organizationId: hospitalA, requestReference: `Session/${session.id}`, paymentGatewayType: 'cyberSource', amount: 1000, currency: 'LKR', externalReference: randomUUID() })
      .returning({ id: bookingRequests.id });
    const [event] = await db
      .insert(gatewayEvents)
      .values({ tenantId, gateway: 'cyberSource', eventKey: `${randomUUID()}:ACCEPT`, bookingRequestId: booking?.id ?? null, transactionId: `T${i}`, decision: 'ACCEPT', source: 'notify', outcome: 'reconcile', fields: {} })
      .returning({ id: gatewayEvents.id });
    paymentPools.gatewayEvents.push(event?.id ?? '');
    const [order] = await db
      .insert(serviceRequests)
      .values({ tenantId, accountId: desk.account.id, patientId: desk.patient.id, category: 'Medication', codeCode: '4', organizationId: hospitalA, serviceRequestChargingAmount: 250, medicationOrderStatus: 'confirming' })
      .returning({ id: serviceRequests.id });
    orderPaymentPool.push(order?.id ?? '');
  }
});

// Orders for the order samples (see orderFor): per field and role, an order of a category the role
// works; the sample collection needs a home request in preparing, the estimated time a medication.
beforeAll(async () => {
  const db = t.database.db;
  const { account, patient } = await makePatientAccount(db, tenantId, { hospitalId: hospitalA });
  const categoryOf: Partial<Record<StaffRole, string>> = {
    admin: 'Medication',
    doctor: 'Finance',
    nurse: 'Procedure',
    pharmacist: 'Medication',
    labTechnician: 'Examination',
  };
  const statusColumn: Record<string, string> = {
    Medication: 'medicationOrderStatus',
    Examination: 'examinationOrderStatus',
    Procedure: 'procedureOrderStatus',
    Finance: 'encounterOrderStatus',
  };
  for (const role of STAFF_ROLES) {
    const me = await t.gql<{ staffMe: { id: string } }>('{ staffMe { id } }', {}, authHeader(tokens.get(role) ?? ''));
    const staffUserId = me.data?.staffMe.id ?? '';
    const cashCategory = categoryOf[role];
    if (cashCategory) {
      const [owed] = await db
        .insert(serviceRequests)
        .values({ tenantId, accountId: account.id, patientId: patient.id, category: cashCategory, codeCode: cashCategory, organizationId: hospitalA, serviceRequestChargingAmount: 250, [statusColumn[cashCategory] ?? '']: 'confirming' })
        .returning({ id: serviceRequests.id });
      orderCashSamples.set(role, owed?.id ?? '');
    }
    for (const field of Object.keys(ORDER_SAMPLE_NEXT)) {
      let category = categoryOf[role];
      if (field === 'staffScheduleSampleCollection' && role === 'admin') {
        category = 'Examination';
      }
      if (!category) {
        continue;
      }
      const [order] = await db
        .insert(serviceRequests)
        .values({
          tenantId,
          accountId: account.id,
          patientId: patient.id,
          category,
          codeCode: category,
          organizationId: hospitalA,
          addressLineOne: 'No 1',
          ...(field === 'staffScheduleSampleCollection' ? { [statusColumn[category] ?? '']: 'preparing' } : {}),
        })
        .returning({ id: serviceRequests.id });
      const [blob] = await db
        .insert(blobs)
        .values({ tenantId, staffUserId, storageKey: `matrix/${randomUUID()}`, contentType: 'image/png', byteSize: 1, sha256: 'x' })
        .returning({ id: blobs.id });
      const byRole = orderSamples.get(field) ?? new Map<StaffRole, { id: string; blobId: string }>();
      byRole.set(role, { id: order?.id ?? '', blobId: blob?.id ?? '' });
      orderSamples.set(field, byRole);
    }
  }
});

// Lab reports for the lab report samples: a test with a sub-test, one report to read, and per pool a
// report of hospital A in the state its change needs, one for each of the roles asked at home.
beforeAll(async () => {
  const db = t.database.db;
  const { account, patient } = await makePatientAccount(db, tenantId, { hospitalId: hospitalA });
  const { code, subCodes } = await makeDiagnosticReportCode(db, tenantId);
  labSample.code = code.code;
  labSample.subTestId = subCodes[0]?.id ?? '';
  const report = (fields: Partial<typeof diagnosticReports.$inferInsert> = {}) =>
    makeLabReport(db, tenantId, {
      ...fields,
      accountId: account.id,
      patientId: patient.id,
      organizationId: hospitalA,
      diagnosticReportCodeId: code.id,
      codeCode: code.code,
    });
  labSample.readId = (await report()).id;
  for (let i = 0; i < STAFF_ROLES.length; i++) {
    labReportPools.draft.push((await report()).id);
    labImportPool.push((await report()).id);
    labReportPools.outsource.push((await report()).id);
    const entered = await report({ status: 'preliminary', summaryStatus: 'report' });
    await db.insert(observations).values({
      tenantId,
      accountId: account.id,
      patientId: patient.id,
      diagnosticReportId: entered.id,
      diagnosticReportCodeId: code.id,
      diagnosticReportSubCodeId: labSample.subTestId,
      status: 'preliminary',
      valueQuantity: 12.5,
    });
    labReportPools.entered.push(entered.id);
    labReportPools.verified.push((await report({ status: 'final', summaryStatus: 'print_ready', diagnosticReportVerifiedTime: new Date() })).id);
    labReportPools.issued.push(
      (await report({ status: 'final', summaryStatus: 'issued', diagnosticReportVerifiedTime: new Date(), issuedAt: new Date() })).id,
    );
  }
});

// Video calls for the video samples: arrived appointments of a video session of hospital A; the
// doctor places the calls it then signals on and hangs up.
beforeAll(async () => {
  const db = t.database.db;
  const { account, patient } = await makePatientAccount(db, tenantId, { hospitalId: hospitalA });
  const refs = { practitionerId: sessionDoctorId, organizationId: hospitalA };
  const owner = { accountId: account.id, patientId: patient.id };
  videoPools.call.push((await makeVideoAppointment(db, tenantId, refs, owner)).id);
  for (const pool of [videoPools.signal, videoPools.hangUp]) {
    const appointmentId = (await makeVideoAppointment(db, tenantId, refs, owner)).id;
    const placed = await t.gql(
      'mutation ($o: ID!, $a: ID!) { staffVideoCall(organizationId: $o, appointmentId: $a) { roomSid } }',
      { o: hospitalA, a: appointmentId },
      authHeader(tokens.get('doctor') ?? ''),
    );
    if (placed.errors) {
      throw new Error(JSON.stringify(placed.errors));
    }
    pool.push(appointmentId);
  }
});

// Questionnaires for the questionnaire samples: a questionnaire of hospital A and an appointment there.
beforeAll(async () => {
  const db = t.database.db;
  const { account, patient } = await makePatientAccount(db, tenantId, { hospitalId: hospitalA });
  questionnaireSample.id = (await makeQuestionnaire(db, tenantId, hospitalA, { title: 'Matrix screening' })).id;
  const session = await makeConsultationSession(db, tenantId, { practitionerId: sessionDoctorId, organizationId: hospitalA }, { issuedTokens: 1, liveAppointments: 1 });
  const [row] = await db
    .insert(appointments)
    .values({ tenantId, sessionId: session.id, accountId: account.id, patientId: patient.id, tokenNo: 1 })
    .returning({ id: appointments.id });
  questionnaireSample.appointmentId = row?.id ?? '';
  const [response] = await db
    .insert(questionnaireResponses)
    .values({
      tenantId,
      accountId: account.id,
      patientId: patient.id,
      organizationId: hospitalA,
      questionnaireId: questionnaireSample.id,
      basedOn: `Appointment/${questionnaireSample.appointmentId}`,
      subject: `Patient/${patient.id}`,
      author: `Patient/${patient.id}`,
      items: [{ linkId: '1', text: 'What brings you in today?', answer: 'A cough' }],
    })
    .returning({ id: questionnaireResponses.id });
  questionnaireSample.responseId = response?.id ?? '';
});

// Chats for the chat samples: each waiting chat of hospital A belongs to its own account (one open chat per account).
beforeAll(async () => {
  const db = t.database.db;
  const chat = async (): Promise<string> => {
    const { account, patient } = await makePatientAccount(db, tenantId, { hospitalId: hospitalA });
    return (await makeChatSession(db, tenantId, { accountId: account.id, patientId: patient.id, hospitalId: hospitalA })).id;
  };
  chatSample.readId = await chat();
  chatSample.typingId = await chat();
  for (let i = 0; i < STAFF_ROLES.length; i++) {
    chatPools.take.push(await chat());
    chatPools.reply.push(await chat());
    chatPools.close.push(await chat());
  }
});

afterAll(async () => {
  await t.close();
});

describe('every root field has a policy', () => {
  it('is public, patient-only, or a staff operation with a policy and a sample request', () => {
    const unclassified: string[] = [];
    for (const field of rootFields()) {
      if (PUBLIC_FIELDS.has(field.name) || field.name in PATIENT_FIELDS) {
        expect(field.staffAction, `${field.name} is listed as public or patient`).toBeNull();
        continue;
      }
      if (field.staffAction === 'self') {
        expect(
          SELF_SAMPLES[field.name],
          `${field.name} needs a sample in SELF_SAMPLES`,
        ).toBeDefined();
        continue;
      }
      if (field.staffAction && field.staffAction in staffPolicies) {
        expect(SAMPLES[field.name], `${field.name} needs a sample in SAMPLES`).toBeDefined();
        continue;
      }
      unclassified.push(field.name);
    }
    expect(unclassified, 'root fields with no policy: use staffOperation() or list them').toEqual(
      [],
    );
  });
});

describe('patient-only operations carry the patient scope', () => {
  it('every root field that is neither public nor staff has the patient scope and a sample', () => {
    const missingScope: string[] = [];
    const missingSample: string[] = [];
    for (const field of rootFields()) {
      if (PUBLIC_FIELDS.has(field.name) || field.staffAction !== null) {
        expect(hasPatientScope(field), `${field.name} is public or staff, not patient`).toBe(false);
        continue;
      }
      if (!hasPatientScope(field)) {
        missingScope.push(field.name);
      }
      if (!(field.name in PATIENT_FIELDS)) {
        missingSample.push(field.name);
      }
    }
    expect(missingScope, 'patient operations without `...patientOperation`').toEqual([]);
    expect(missingSample, 'patient operations without a sample in PATIENT_FIELDS').toEqual([]);
    // And the list holds no stale name.
    const names = new Set(rootFields().map((f) => f.name));
    expect(Object.keys(PATIENT_FIELDS).filter((name) => !names.has(name))).toEqual([]);
  });

  it('refuses, by the scope, anonymous requests (E1023 Please login) and unknown tokens (E1022)', async () => {
    for (const [name, query] of Object.entries(PATIENT_FIELDS)) {
      const anonymous = await t.gql(query);
      expect(anonymous.errors?.[0]?.message, name).toBe('ARO-E1023:Please login');
      const unknown = await t.gql(query, {}, { authorization: 'Bearer not-a-real-token' });
      expect(errorCode(unknown), name).toBe('ARO-E1022');
    }
  });
});

// A hang guard, not a speed limit: each of the two matrix tests sends a few hundred requests (about
// 5 s on a quiet 2-core machine, over 60 s when the machine is shared with other test runs).
const MATRIX_TIMEOUT_MS = 240_000;

describe('role × hospital matrix', () => {
  const staffFields = (): { name: string; action: StaffAction }[] =>
    rootFields()
      .filter((f) => f.staffAction && f.staffAction !== 'self')
      .map((f) => ({ name: f.name, action: f.staffAction as StaffAction }));

  it('allows exactly the roles of the policy table in their own hospital', async () => {
    const mismatches: string[] = [];
    for (const { name, action } of staffFields()) {
      const sample = SAMPLES[name];
      if (!sample) {
        continue;
      }
      for (const role of STAFF_ROLES) {
        const allowed = (staffPolicies[action] as readonly StaffRole[]).includes(role);
        const body = await t.gql(sample.query, sample.variables(hospitalA), {
          authorization: `Bearer ${tokens.get(role) ?? ''}`,
        });
        const got = errorCode(body);
        const expected = allowed ? null : 'ARO-E1210';
        if (got !== expected) {
          mismatches.push(
            `${name} as ${role} in own hospital: expected ${expected ?? 'success'}, got ${got ?? 'success'}`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, MATRIX_TIMEOUT_MS);

  it('refuses every role in another hospital with the same answer as a missing one', async () => {
    const mismatches: string[] = [];
    for (const { name } of staffFields()) {
      const sample = SAMPLES[name];
      if (!sample) {
        continue;
      }
      for (const role of STAFF_ROLES) {
        for (const organizationId of [hospitalB, randomUUID()]) {
          const body = await t.gql(sample.query, sample.variables(organizationId), {
            authorization: `Bearer ${tokens.get(role) ?? ''}`,
          });
          if (errorCode(body) !== 'ARO-E2001') {
            mismatches.push(`${name} as ${role} elsewhere: got ${errorCode(body) ?? 'success'}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, MATRIX_TIMEOUT_MS);
});

describe('tokens of the other kind', () => {
  it('a patient token is refused by every staff operation', async () => {
    const { account } = await makePatientAccount(t.database.db, tenantId);
    const token = await patientSignIn(t, account.mobileNo);
    const requests = [
      ...Object.values(SAMPLES).map((s) => ({ query: s.query, variables: s.variables(hospitalA) })),
      ...Object.values(SELF_SAMPLES).map((query) => ({ query, variables: {} })),
    ];
    for (const request of requests) {
      const body = await t.gql(request.query, request.variables, {
        authorization: `Bearer ${token}`,
      });
      expect(errorCode(body), request.query).toBe('ARO-E1023');
      expect(body.data === null || Object.values(body.data).every((v) => v === null)).toBe(true);
    }
  });

  it('a staff token is refused by every patient-only operation', async () => {
    for (const [name, query] of Object.entries(PATIENT_FIELDS)) {
      const body = await t.gql(query, {}, authHeader(tokens.get('admin') ?? ''));
      expect(errorCode(body), name).toBe('ARO-E1023');
    }
  });
});
