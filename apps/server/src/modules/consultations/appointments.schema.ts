import { QUERY_LIMITS } from '@careline/domain/constants';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { patientOperation, requireViewer } from '../../graphql/patient-auth.ts';
import { startOfHospitalDay } from '../hospitals/index.ts';
import {
  ageInYears,
  findMyAppointmentInSession,
  readSessionAppointments,
  readSessionTokens,
  searchAppointments,
  type AppointmentView,
  type SessionTokenRow,
} from './appointment-read.service.ts';
import { ownProfileIds } from '../profiles/index.ts';
import { ConsultationSessionRef } from './consultations.schema.ts';
import { searchConsultationSessions } from './consultations.service.ts';
import { filterEvents } from '../../providers/pubsub/filter-events.ts';
import { latestLeaveHome, setJourneyTimeLive, type LeaveHomeNotice } from './leave-home.service.ts';
import { expectedCallAt } from './queue-estimate.service.ts';
import { readSessionCancelRefund, type RefundRequestAnswer, type SessionCancelRefund } from './refunds.service.ts';
import { consultationSessionTopic, tenantSessionsTopic } from './session-events.ts';
import {
  createAppointmentLive,
  createRefundLive,
  patchAppointmentLive,
  type PatientAppointmentDeps,
} from './patient-appointments.service.ts';
import { UUID_PATTERN as UUID } from '@careline/domain/ids';

// One read of a session's tokens per event, shared by every subscriber of this instance: the
// emitter hands each of them the same event object, and the tokens carry no patient data.
const tokensPerEvent = new WeakMap<object, Map<string, ReturnType<typeof readSessionTokens>>>();

function sharedSessionTokens(event: unknown, ctx: GraphQLContext, sessionId: string): ReturnType<typeof readSessionTokens> {
  if (event === null || typeof event !== 'object') {
    return readSessionTokens(ctx.database.db, ctx.tenant.id, sessionId);
  }
  const key = `${ctx.tenant.id}:${sessionId}`;
  const reads = tokensPerEvent.get(event) ?? new Map<string, ReturnType<typeof readSessionTokens>>();
  tokensPerEvent.set(event, reads);
  let read = reads.get(key);
  if (!read) {
    read = readSessionTokens(ctx.database.db, ctx.tenant.id, sessionId);
    // A failed read is not kept: the next subscriber tries again.
    read.catch(() => reads.delete(key));
    reads.set(key, read);
  }
  return read;
}

/** The refund of an appointment whose session the hospital cancelled (issue 32 §2.5). */
const SessionCancelRefundRef = builder.objectRef<SessionCancelRefund>('SessionCancelRefund').implement({
  description: "A refund the hospital made by cancelling the appointment's session (issue 32 §2.5).",
  fields: (t) => ({
    status: t.exposeString('status', {
      description: "requested (being worked out), approved (at the cash desk for 'desk'; on its way for 'card'), refunded.",
    }),
    wayBack: t.exposeString('wayBack', { nullable: true, description: 'card, wallet or desk; null while it is worked out.' }),
    amount: t.string({
      nullable: true,
      description: 'The amount given back, 2 decimals (the charges that are not refundable kept back); null while it is worked out.',
      resolve: (r) => (r.amount === null ? null : r.amount.toFixed(2)),
    }),
    currency: t.exposeString('currency', { nullable: true }),
  }),
});

/** The latest 'Leave home now' message of an appointment (issue 32 §1.3). */
const LeaveHomeNoticeRef = builder.objectRef<LeaveHomeNotice>('LeaveHomeNotice').implement({
  description: "The latest 'Leave home now' SMS of an appointment (issue 32 §1.3): at most 3 per appointment.",
  fields: (t) => ({
    messageNo: t.exposeInt('messageNo', { description: '1 for the first, 2 and 3 for the updates.' }),
    kind: t.exposeString('kind', { description: "leaveNow, or an update: earlier (the queue sped up) or later (it slowed beyond the tenant's margin)." }),
    expectedCallAt: t.field({ type: 'DateTime', description: 'The expected call the message gave.', resolve: (n) => n.expectedCallAt }),
    sentAt: t.field({ type: 'DateTime', resolve: (n) => n.sentAt }),
  }),
});

/** An appointment as the patient app shows it (spec doc 2 §3 Appointment). */
export const AppointmentRef = builder.objectRef<AppointmentView>('Appointment').implement({
  description: 'A numbered appointment in a consultation session (spec doc 2 §3 Appointment).',
  fields: (t) => ({
    id: t.exposeID('id'),
    sessionId: t.exposeID('sessionId'),
    patientId: t.exposeID('patientId'),
    patientName: t.exposeString('patientName', { description: 'Given name(s) of the profile.' }),
    patientFamilyName: t.exposeString('patientFamilyName'),
    patientRelationship: t.exposeString('patientRelationship', { nullable: true }),
    patientDisplayName: t.exposeString('patientDisplayName'),
    patientGender: t.exposeString('patientGender'),
    patientAge: t.int({
      nullable: true,
      description: 'Whole years; null when the birth date is unknown.',
      resolve: (a) => ageInYears(a.patientBirthDate, new Date()),
    }),
    tokenNo: t.exposeInt('tokenNo'),
    start: t.field({ type: 'DateTime', description: 'The session start.', resolve: (a) => a.start }),
    end: t.field({ type: 'DateTime', description: 'The session end.', resolve: (a) => a.end }),
    expectedCallAt: t.field({
      type: 'DateTime',
      nullable: true,
      description:
        "When this token is expected to be called, to the minute and never before now (issue 32 §1.2 'Your turn at about " +
        "11:40'): from the session's start, the pace of its calls and the doctor's recent sessions; read again on every " +
        'delivery of subscribeAppointment. Null once called, when not booked, and in a session that is over.',
      resolve: (a, _args, ctx) => expectedCallAt(ctx.database.db, ctx.tenant.id, a, new Date()),
    }),
    journeyMinutes: t.exposeInt('journeyMinutes', {
      nullable: true,
      description: "The patient's journey to the hospital in minutes, for 'Leave home now' (issue 32 §1.3); null: none.",
    }),
    leaveHome: t.field({
      type: LeaveHomeNoticeRef,
      nullable: true,
      description: "The latest 'Leave home now' message sent for this appointment (issue 32 §1.3); read again on every delivery of subscribeAppointment.",
      resolve: (a, _args, ctx) => latestLeaveHome(ctx.database.db, a.id),
    }),
    appointmentStatus: t.exposeString('appointmentStatus'),
    practitionerStatus: t.exposeString('practitionerStatus', { nullable: true }),
    paymentStatus: t.exposeString('paymentStatus'),
    paymentRefundStatus: t.exposeString('paymentRefundStatus', { nullable: true }),
    sessionCancelRefund: t.field({
      type: SessionCancelRefundRef,
      nullable: true,
      description: 'The refund the hospital made by cancelling the session (issue 32 §2.5); null when there is none.',
      resolve: (a, _args, ctx) => readSessionCancelRefund(ctx.database.db, ctx.tenant.id, a),
    }),
    appointmentRescheduleStatus: t.exposeString('appointmentRescheduleStatus', { nullable: true }),
    appointmentRescheduledFor: t.exposeID('appointmentRescheduledFor', { nullable: true }),
    appointmentOriginChannel: t.exposeString('appointmentOriginChannel'),
    appointmentBookingType: t.exposeString('appointmentBookingType', { nullable: true }),
    feedbackRating: t.exposeInt('feedbackRating', { nullable: true }),
    feedbackComment: t.exposeString('feedbackComment', { nullable: true }),
    heartbeatLinkSeen: t.exposeBoolean('heartbeatLinkSeen'),
    lateNoticeAt: t.field({
      type: 'DateTime',
      nullable: true,
      description:
        "When the patient was told the doctor is late (issue 32 §1.4): the session had not started on time, or staff marked a delay (the session's delayMinutes).",
      resolve: (a) => a.lateNoticeAt,
    }),
    doctorId: t.exposeID('doctorId'),
    doctorName: t.exposeString('doctorName'),
    doctorRole: t.exposeString('doctorRole'),
    organizationId: t.exposeID('organizationId'),
    organizationName: t.exposeString('organizationName'),
    session: t.field({ type: ConsultationSessionRef, resolve: (a) => a.session }),
    createdAt: t.field({ type: 'DateTime', resolve: (a) => a.createdAt }),
  }),
});

/** One token of a session's queue, without patient data (spec doc 2 §2 live queue). */
const SessionTokenRef = builder.objectRef<SessionTokenRow>('SessionToken').implement({
  description: 'A token of a session: its number and statuses, never who holds it.',
  fields: (t) => ({
    tokenNo: t.exposeInt('tokenNo'),
    appointmentStatus: t.exposeString('appointmentStatus'),
    paymentStatus: t.exposeString('paymentStatus'),
  }),
});

/** What subscribeAppointment's resolver gets per event: the caller's own ids, fixed at subscribe time. */
type OwnSessionEvent = { ownPatientIds: string[] };

function owner(ctx: GraphQLContext): { tenantId: string; accountId: string } {
  return { tenantId: ctx.tenant.id, accountId: requireViewer(ctx).accountId };
}

function subscriber(ctx: GraphQLContext): NonNullable<GraphQLContext['pubsub']> {
  if (!ctx.pubsub) {
    throw new Error('subscription called outside a websocket');
  }
  return ctx.pubsub;
}

/**
 * What the patient's appointment services take from the request: the database, the signed-in
 * account (ARO-E1023 / ARO-E1022 without one), the correlation id, publish and the log.
 * @param ctx - the request context
 */
export function patientAppointmentDeps(ctx: GraphQLContext): PatientAppointmentDeps {
  return {
    db: ctx.database.db,
    tenantId: ctx.tenant.id,
    accountId: requireViewer(ctx).accountId,
    correlationId: ctx.correlationId,
    publish: ctx.publish,
    log: ctx.log,
  };
}

/** An optional ID argument as a string, or null when absent. */
function optionalId(id: string | number | null | undefined): string | null {
  return id === null || id === undefined ? null : String(id);
}

builder.queryField('queryAppointment', (t) =>
  t.field({
    ...patientOperation,
    type: [AppointmentRef],
    description:
      "Appointments of the account's own profiles, newest session start first (spec doc 2 §7). Another account's ids give [].",
    args: {
      id: t.arg.id(),
      participantActorReference: t.arg.stringList({ description: "'Patient/{id}' or 'Practitioner/{id}'." }),
      basedOnReference: t.arg.stringList({ description: "'Session/{id}'." }),
      limit: t.arg.int({ defaultValue: QUERY_LIMITS.appointments }),
    },
    resolve: (_root, args, ctx) =>
      searchAppointments(ctx.database.db, owner(ctx), {
        id: optionalId(args.id),
        participantActorReference: args.participantActorReference,
        basedOnReference: args.basedOnReference,
        limit: args.limit,
      }),
  }),
);

builder.queryField('myAppointmentInSession', (t) =>
  t.field({
    ...patientOperation,
    type: AppointmentRef,
    nullable: true,
    description:
      "The appointment that holds a place for one of the account's own profiles in a session (the one createAppointment " +
      'refuses a second booking for, ARO-E4003), so the patient is led to it (issue 29 §1.1). Null when there is none, ' +
      "and for another account's profile alike: another account's appointment is never revealed.",
    args: {
      sessionId: t.arg.id({ required: true }),
      patientId: t.arg.id({ required: true }),
    },
    resolve: (_root, args, ctx) =>
      findMyAppointmentInSession(ctx.database.db, owner(ctx), {
        sessionId: String(args.sessionId),
        patientId: String(args.patientId),
      }),
  }),
);

builder.queryField('querySessionTokens', (t) =>
  t.field({
    ...patientOperation,
    type: [SessionTokenRef],
    description: "A session's tokens, lowest first, without patient data (spec doc 2 §2 live queue). ARO-E2001 unknown session.",
    args: { sessionId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => {
      requireViewer(ctx);
      return readSessionTokens(ctx.database.db, ctx.tenant.id, String(args.sessionId));
    },
  }),
);

builder.subscriptionField('subscribeAppointment', (t) =>
  t.field({
    ...patientOperation,
    type: [AppointmentRef],
    description:
      "Live: after every change of the session, the current appointments in it of those profiles that are the account's own " +
      "(spec doc 2 §7 Subscriptions). Another account's ids deliver nothing.",
    args: {
      patientId: t.arg.idList({ required: true }),
      sessionId: t.arg.id({ required: true }),
    },
    subscribe: async (_root, args, ctx) => {
      const own = owner(ctx);
      const pubsub = subscriber(ctx);
      const sessionId = String(args.sessionId);
      // Decided once, at subscribe time: ids of another account are dropped for good.
      const ownIds = [...(await ownProfileIds(ctx.database.db, own, args.patientId))];
      const events = await pubsub.subscribe(consultationSessionTopic(ctx.tenant.id, sessionId));
      return filterEvents(
        events,
        () => ownIds.length > 0,
        (): OwnSessionEvent => ({ ownPatientIds: ownIds }),
      );
    },
    resolve: (payload, args, ctx) =>
      readSessionAppointments(ctx.database.db, owner(ctx), String(args.sessionId), payload.ownPatientIds),
  }),
);

builder.subscriptionField('subscribeSessionTokens', (t) =>
  t.field({
    ...patientOperation,
    type: [SessionTokenRef],
    description: "Live: a session's tokens after every change of it (spec doc 2 §7 'appointment tokens by sessionId').",
    args: { sessionId: t.arg.id({ required: true }) },
    subscribe: async (_root, args, ctx, info) => {
      requireViewer(ctx);
      // An unknown session is refused at once, like querySessionTokens.
      await readSessionTokens(ctx.database.db, ctx.tenant.id, String(args.sessionId));
      const topic = consultationSessionTopic(ctx.tenant.id, String(args.sessionId));
      // The tokens carry no patient data: one execution per event for every subscriber (issue 8 fan-out).
      return ctx.sharedLive ? ctx.sharedLive.subscribe(ctx, info, topic) : subscriber(ctx).subscribe(topic);
    },
    resolve: (payload, args, ctx) => sharedSessionTokens(payload, ctx, String(args.sessionId)),
  }),
);

builder.subscriptionField('searchSession', (t) =>
  t.field({
    type: 'JSON',
    description:
      "Live: `{ id }` of every changed session from today on that matches the filters (spec doc 2 §7 Subscriptions). Public.",
    args: {
      actorReference: t.arg.stringList({ description: "'Practitioner/{id}' or 'Organization/{id}'." }),
      practitionerRoleCodingCode: t.arg.string({ description: 'Exact role code.' }),
    },
    subscribe: async (_root, args, ctx, info) => {
      const matches = async (event: unknown): Promise<boolean> => {
        const id = (event as { id?: unknown } | null)?.id;
        if (typeof id !== 'string' || !UUID.test(id)) {
          return false;
        }
        const found = await searchConsultationSessions(ctx.database.db, ctx.tenant.id, {
          id,
          startTime: startOfHospitalDay(new Date()),
          actorReference: args.actorReference,
          practitionerRoleCodingCode: args.practitionerRoleCodingCode,
          limit: 1,
        });
        return found.length === 1;
      };
      // Bad references are refused at subscribe time, not on the first event.
      await searchConsultationSessions(ctx.database.db, ctx.tenant.id, {
        actorReference: args.actorReference,
        practitionerRoleCodingCode: args.practitionerRoleCodingCode,
        limit: 0,
      });
      const topic = tenantSessionsTopic(ctx.tenant.id);
      // Public, and the same for everyone with the same filters: each event is matched against the
      // sessions once per distinct filters, not once per browsing patient (issue 8 fan-out).
      if (ctx.sharedLive) {
        return ctx.sharedLive.subscribe(ctx, info, topic, { accept: matches });
      }
      return filterEvents(await subscriber(ctx).subscribe(topic), matches);
    },
    resolve: (payload) => ({ id: (payload as { id: string }).id }),
  }),
);

builder.mutationField('createAppointment', (t) =>
  t.field({
    ...patientOperation,
    type: AppointmentRef,
    description:
      'Books the next token of a session for one of the account’s profiles, paying at the hospital (spec doc 2 §4 Booking). ' +
      'ARO-E4001 full, ARO-E4002 no longer bookable, ARO-E4003 the profile already holds a place in it. With ' +
      'appointmentRescheduledFor, moves that appointment of the account here instead (spec doc 2 §4 Reschedule): same ' +
      'profile (ARO-E4019), another session (ARO-E4008), only a booked one (ARO-E4006) not rescheduled before (ARO-E4007), ' +
      'not of a session the hospital cancelled (ARO-E4070: its payment is refunded); its payment moves with it.',
    args: {
      patientId: t.arg.id({ required: true }),
      sessionId: t.arg.id({ required: true }),
      idempotencyKey: t.arg.string({
        description: 'One key per tap on Book, reused on retry: a double tap or a retry gives one appointment and the same answer.',
      }),
      appointmentRescheduledFor: t.arg.id({ description: 'The id of the account’s appointment being moved to this session.' }),
      appointmentBookingType: t.arg.string({
        description:
          "'reserve': the reserve (pay later) path for the profile (spec doc 2 §4 Booking step 4; ARO-E4045..ARO-E4047 when " +
          "closed). 'temporary' (or none) with temporaryAppointmentId: see temporaryAppointmentId. Unset: pay at the hospital.",
      }),
      temporaryAppointmentId: t.arg.id({
        description:
          'Confirms this temporary appointment of the account (createTemporaryAppointment) for patientId, keeping its ' +
          'token: ARO-E4048 released, ARO-E4049 confirmed for another profile; the same profile again answers the same appointment.',
      }),
    },
    resolve: (_root, args, ctx) =>
      createAppointmentLive(patientAppointmentDeps(ctx), {
        patientId: String(args.patientId),
        sessionId: String(args.sessionId),
        idempotencyKey: args.idempotencyKey ?? null,
        appointmentRescheduledFor: optionalId(args.appointmentRescheduledFor),
        appointmentBookingType: args.appointmentBookingType ?? null,
        temporaryAppointmentId: optionalId(args.temporaryAppointmentId),
        reserveEnabled: ctx.tenant.publicConfig.features.channelling.reserve,
      }),
  }),
);

builder.mutationField('patchAppointment', (t) =>
  t.field({
    ...patientOperation,
    type: AppointmentRef,
    description:
      'Changes an appointment of the account (spec doc 2 §7 patchAppointment). status "cancelled" (alone) cancels a ' +
      'booked appointment more than 24 hours before its session (spec doc 2 §4 Cancel): ARO-E4004 not booked any more, ' +
      'ARO-E4005 within 24 hours, ARO-E4070 when the hospital cancelled the session; needs the appointmentCancel ' +
      'feature (ARO-E1210 when off). feedbackRating (1-10) and ' +
      'feedbackComment (≤ 1000 characters) after fulfilment, within 30 days of the start (ARO-E4009..ARO-E4012); ' +
      'heartbeatLinkSeen; timeStampKey (heartbeatLastSeen, heartbeatLastPatientDocumentUploaded, ' +
      'heartbeatLastPrescriptionSeen) sets that timestamp to now. At least one change, else ARO-E2002.',
    args: {
      id: t.arg.id({ required: true }),
      status: t.arg.string(),
      feedbackRating: t.arg.int(),
      feedbackComment: t.arg.string(),
      heartbeatLinkSeen: t.arg.boolean(),
      timeStampKey: t.arg.string(),
    },
    resolve: (_root, args, ctx) =>
      patchAppointmentLive(patientAppointmentDeps(ctx), {
        appointmentId: String(args.id),
        status: args.status ?? null,
        patch: {
          feedbackRating: args.feedbackRating,
          feedbackComment: args.feedbackComment,
          heartbeatLinkSeen: args.heartbeatLinkSeen,
          timeStampKey: args.timeStampKey,
        },
        cancelEnabled: ctx.tenant.publicConfig.features.appointmentCancel.enabled,
      }),
  }),
);

builder.mutationField('setAppointmentJourneyTime', (t) =>
  t.field({
    ...patientOperation,
    type: AppointmentRef,
    description:
      "Sets how long the journey to the hospital takes for a booked appointment of the account, for 'Leave home now' " +
      '(issue 32 §1.3): whole minutes from 5 to 240, or null for none (ARO-E4060); ARO-E4006 when not booked, ARO-E2001 ' +
      'for an appointment not of the account. A message due at once goes at once.',
    args: {
      id: t.arg.id({ required: true }),
      minutes: t.arg.int({ description: 'Minutes; null or left out clears it.' }),
    },
    resolve: (_root, args, ctx) =>
      setJourneyTimeLive(
        { ...patientAppointmentDeps(ctx), smsOutbox: ctx.smsOutbox, settings: ctx.tenant.publicConfig.leaveHome },
        String(args.id),
        args.minutes ?? null,
      ),
  }),
);

/** A refund request (spec doc 2 §3 Refund request). */
const RefundRequestRef = builder.objectRef<RefundRequestAnswer>('RefundRequest').implement({
  description: 'A refund request for an appointment (spec doc 2 §3).',
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.exposeString('status'),
    appointmentId: t.exposeID('appointmentId'),
  }),
});

builder.mutationField('createRefund', (t) =>
  t.field({
    ...patientOperation,
    type: RefundRequestRef,
    description:
      'Asks for a refund of a paid appointment of the account (spec doc 2 §4 Refund); its refund status becomes requested. ' +
      "Blocked with 'You cannot request a refund because, ...' (ARO-E4013..ARO-E4016; ARO-E4070 when the hospital " +
      "cancelled the session, whose paid appointments are refunded without a request); reasons from the wizard's list " +
      '(ARO-E4017); one request per appointment; needs the appointmentRefund feature (ARO-E1210 when off).',
    args: {
      appointmentId: t.arg.id({ required: true }),
      patientId: t.arg.id({ required: true }),
      organizationId: t.arg.id({ required: true }),
      category: t.arg.string({ required: true }),
      subcategory: t.arg.string({ required: true }),
      notes: t.arg.string(),
    },
    resolve: (_root, args, ctx) =>
      createRefundLive(patientAppointmentDeps(ctx), {
        appointmentId: String(args.appointmentId),
        patientId: String(args.patientId),
        organizationId: String(args.organizationId),
        category: args.category,
        subcategory: args.subcategory,
        notes: args.notes ?? null,
        refundEnabled: ctx.tenant.publicConfig.features.appointmentRefund.enabled,
      }),
  }),
);
