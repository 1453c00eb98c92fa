import { QUERY_LIMITS } from '@careline/domain/constants';
import { AppError } from '@careline/domain/errors';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { patientOperation, requireViewer } from '../../graphql/patient-auth.ts';
import { startOfHospitalDay } from '../hospitals/index.ts';
import {
  ageInYears,
  readOwnAppointment,
  readSessionAppointments,
  readSessionTokens,
  searchAppointments,
  type AppointmentView,
  type SessionTokenRow,
} from './appointment-read.service.ts';
import { ownProfileIds } from '../profiles/index.ts';
import { bookAppointment, cancelAppointment, patchAppointmentFields, rescheduleAppointment } from './appointments.service.ts';
import { consultationSessionTopic, ConsultationSessionRef } from './consultations.schema.ts';
import { searchConsultationSessions } from './consultations.service.ts';
import { filterEvents } from '../../graphql/live-events.ts';
import { requestRefund, type RefundRequestAnswer } from './refunds.service.ts';
import { publishSessionChanged, tenantSessionsTopic } from './session-events.ts';
import { createAppointmentOnReservePath } from './temporary-appointments.schema.ts';
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
    appointmentStatus: t.exposeString('appointmentStatus'),
    practitionerStatus: t.exposeString('practitionerStatus', { nullable: true }),
    paymentStatus: t.exposeString('paymentStatus'),
    paymentRefundStatus: t.exposeString('paymentRefundStatus', { nullable: true }),
    appointmentRescheduleStatus: t.exposeString('appointmentRescheduleStatus', { nullable: true }),
    appointmentRescheduledFor: t.exposeID('appointmentRescheduledFor', { nullable: true }),
    appointmentOriginChannel: t.exposeString('appointmentOriginChannel'),
    appointmentBookingType: t.exposeString('appointmentBookingType', { nullable: true }),
    feedbackRating: t.exposeInt('feedbackRating', { nullable: true }),
    feedbackComment: t.exposeString('feedbackComment', { nullable: true }),
    heartbeatLinkSeen: t.exposeBoolean('heartbeatLinkSeen'),
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

/** Tells live subscribers a session's appointments changed; a failed publish must not undo the committed change. */
async function publishAppointments(ctx: GraphQLContext, sessionId: string): Promise<void> {
  try {
    await publishSessionChanged(ctx.publish, ctx.tenant.id, sessionId, 'appointments');
  } catch (error) {
    ctx.log.warn({ err: error, sessionId }, 'session change not published');
  }
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
        id: args.id === null || args.id === undefined ? null : String(args.id),
        participantActorReference: args.participantActorReference,
        basedOnReference: args.basedOnReference,
        limit: args.limit,
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
      'profile (ARO-E4019), another session (ARO-E4008), only a booked one (ARO-E4006) not rescheduled before (ARO-E4007); ' +
      'its payment moves with it.',
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
    resolve: async (_root, args, ctx) => {
      const onReservePath = await createAppointmentOnReservePath(ctx, args);
      if (onReservePath) {
        return onReservePath;
      }
      const viewer = requireViewer(ctx);
      const request = {
        tenantId: ctx.tenant.id,
        accountId: viewer.accountId,
        patientId: String(args.patientId),
        sessionId: String(args.sessionId),
        originChannel: 'patient_app' as const,
        idempotencyKey: args.idempotencyKey ?? null,
        correlationId: ctx.correlationId,
        actor: { kind: 'patient' as const, accountId: viewer.accountId },
      };
      if (args.appointmentRescheduledFor !== null && args.appointmentRescheduledFor !== undefined) {
        const moved = await rescheduleAppointment(ctx.database.db, {
          ...request,
          rescheduledFor: String(args.appointmentRescheduledFor),
        });
        await publishAppointments(ctx, moved.previousSessionId);
        await publishAppointments(ctx, moved.sessionId);
        return readOwnAppointment(ctx.database.db, owner(ctx), moved.id);
      }
      const appointment = await bookAppointment(ctx.database.db, request);
      await publishAppointments(ctx, appointment.sessionId);
      return readOwnAppointment(ctx.database.db, owner(ctx), appointment.id);
    },
  }),
);

builder.mutationField('patchAppointment', (t) =>
  t.field({
    ...patientOperation,
    type: AppointmentRef,
    description:
      'Changes an appointment of the account (spec doc 2 §7 patchAppointment). status "cancelled" (alone) cancels a ' +
      'booked appointment more than 24 hours before its session (spec doc 2 §4 Cancel): ARO-E4004 not booked any more, ' +
      'ARO-E4005 within 24 hours; needs the appointmentCancel feature (ARO-E1210 when off). feedbackRating (1-10) and ' +
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
    resolve: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const actor = { kind: 'patient' as const, accountId: viewer.accountId };
      const others = [args.feedbackRating, args.feedbackComment, args.heartbeatLinkSeen, args.timeStampKey].some(
        (value) => value !== null && value !== undefined,
      );
      if (args.status !== null && args.status !== undefined) {
        if (args.status !== 'cancelled' || others) {
          throw new AppError('ARO-E2002');
        }
        if (!ctx.tenant.publicConfig.features.appointmentCancel.enabled) {
          throw new AppError('ARO-E1210');
        }
        const appointment = await cancelAppointment(ctx.database.db, {
          tenantId: ctx.tenant.id,
          accountId: viewer.accountId,
          appointmentId: String(args.id),
          now: new Date(),
          correlationId: ctx.correlationId,
          actor,
        });
        await publishAppointments(ctx, appointment.sessionId);
        return readOwnAppointment(ctx.database.db, owner(ctx), appointment.id);
      }
      const appointment = await patchAppointmentFields(ctx.database.db, {
        tenantId: ctx.tenant.id,
        accountId: viewer.accountId,
        appointmentId: String(args.id),
        patch: {
          feedbackRating: args.feedbackRating,
          feedbackComment: args.feedbackComment,
          heartbeatLinkSeen: args.heartbeatLinkSeen,
          timeStampKey: args.timeStampKey,
        },
        now: new Date(),
        correlationId: ctx.correlationId,
        actor,
      });
      return readOwnAppointment(ctx.database.db, owner(ctx), appointment.id);
    },
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
      "Blocked with 'You cannot request a refund because, ...' (ARO-E4013..ARO-E4016); reasons from the wizard's list " +
      '(ARO-E4017); one request per appointment; needs the appointmentRefund feature (ARO-E1210 when off).',
    args: {
      appointmentId: t.arg.id({ required: true }),
      patientId: t.arg.id({ required: true }),
      organizationId: t.arg.id({ required: true }),
      category: t.arg.string({ required: true }),
      subcategory: t.arg.string({ required: true }),
      notes: t.arg.string(),
    },
    resolve: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      if (!ctx.tenant.publicConfig.features.appointmentRefund.enabled) {
        throw new AppError('ARO-E1210');
      }
      const refund = await requestRefund(ctx.database.db, {
        tenantId: ctx.tenant.id,
        accountId: viewer.accountId,
        appointmentId: String(args.appointmentId),
        patientId: String(args.patientId),
        organizationId: String(args.organizationId),
        category: args.category,
        subcategory: args.subcategory,
        notes: args.notes ?? null,
        correlationId: ctx.correlationId,
        actor: { kind: 'patient', accountId: viewer.accountId },
      });
      const appointment = await readOwnAppointment(ctx.database.db, owner(ctx), refund.appointmentId);
      await publishAppointments(ctx, appointment.sessionId);
      return refund;
    },
  }),
);
