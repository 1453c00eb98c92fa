import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { staffHospitalRequest, staffOperation, type StaffAction } from '../../graphql/staff-auth.ts';
import { consultationSessionTopic } from './consultations.schema.ts';
import { listStaffChargingSchemes, type StaffChargingSchemeView } from './staff-charging-schemes.service.ts';
import { feedbackLinkOrigin } from './feedback-link.service.ts';
import { markStaffSessionDelay } from './appointment-notices.service.ts';
import { readLiveStaffSessionQueue } from './staff-queue-live.service.ts';
import { confirmSessionTokens, listSessionsAwaitingTokenCheck } from './session-token-checks.service.ts';
import {
  bookAtDesk,
  callNextAppointment,
  cancelStaffSession,
  createStaffSession,
  endStaffSession,
  listStaffSessions,
  readStaffSessionQueue,
  setStaffAppointmentStatus,
  startStaffSession,
  updateStaffSession,
  type StaffQueueAppointment,
  type StaffSessionDeps,
  type StaffSessionInput,
  type StaffSessionQueue,
  type StaffSessionView,
} from './staff-sessions.service.ts';

/** The service's dependencies for a staff request in one hospital; refuses without a staff member. */
function deps(ctx: GraphQLContext, action: StaffAction, organizationId: string | number): StaffSessionDeps {
  return {
    ...staffHospitalRequest(ctx, action, organizationId),
    smsOutbox: ctx.smsOutbox,
    jobs: ctx.jobs,
    feedbackLink: { appSecret: ctx.providers.appSecret, origin: feedbackLinkOrigin(ctx.tenant.hosts) },
    log: ctx.log,
    loyalty: ctx.tenant.publicConfig.loyalty,
    leaveHome: ctx.tenant.publicConfig.leaveHome,
  };
}

/**
 * The first queue, read (and audited) at subscribe time, then one fresh read per session event;
 * ending the result ends the pub/sub subscription. A null item means "read the queue now".
 */
function queueThenEvents(first: StaffSessionQueue, events: AsyncIterable<unknown>): AsyncIterableIterator<StaffSessionQueue | null> {
  const iterator = events[Symbol.asyncIterator]();
  let pending: StaffSessionQueue | null = first;
  const result: AsyncIterableIterator<StaffSessionQueue | null> = {
    async next() {
      if (pending) {
        const value = pending;
        pending = null;
        return { done: false, value };
      }
      const step = await iterator.next();
      return step.done ? { done: true, value: undefined } : { done: false, value: null };
    },
    async return() {
      pending = null;
      await iterator.return?.();
      return { done: true, value: undefined };
    },
    async throw(error?: unknown) {
      await iterator.return?.();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return result;
    },
  };
  return result;
}

function isSessionQueue(payload: unknown): payload is StaffSessionQueue {
  return typeof payload === 'object' && payload !== null && 'session' in payload && 'appointments' in payload;
}

const ParticipationModeEnum = builder.enumType('SessionParticipationMode', {
  values: ['in_person', 'remote_presence_video_call'] as const,
});

const StaffAppointmentStatusEnum = builder.enumType('StaffAppointmentStatus', {
  description: "What staff mark an appointment: arrived is 'Ongoing', fulfilled is 'Done'.",
  values: ['arrived', 'noshow', 'fulfilled'] as const,
});

const SessionTokenCheckRef = builder.objectRef<NonNullable<StaffSessionView['tokenCheck']>>('SessionTokenCheck').implement({
  description:
    'A session paused after a restore from a backup: it takes no bookings until staff confirm the highest token already given (issue 31 §4.13).',
  fields: (t) => ({
    restoredAt: t.field({ type: 'DateTime', resolve: (c) => c.restoredAt }),
    dataAsOf: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'The newest change in the restored data: tokens given after it are not in the system.',
      resolve: (c) => c.dataAsOf,
    }),
  }),
});

const StaffSessionRef = builder.objectRef<StaffSessionView>('StaffSession').implement({
  description: "A consultation session as the hospital's staff see it.",
  fields: (t) => ({
    id: t.exposeID('id'),
    organizationId: t.exposeID('organizationId'),
    practitionerId: t.exposeID('practitionerId'),
    practitionerName: t.exposeString('practitionerName'),
    practitionerRoleCode: t.exposeString('practitionerRoleCode'),
    practitionerRoleDisplay: t.exposeString('practitionerRoleDisplay'),
    chargingSchemeId: t.exposeID('chargingSchemeId', { nullable: true }),
    locationName: t.exposeString('locationName', { nullable: true, description: 'The room.' }),
    status: t.exposeString('status'),
    startTime: t.field({ type: 'DateTime', resolve: (s) => s.startTime }),
    endTime: t.field({ type: 'DateTime', resolve: (s) => s.endTime }),
    sessionStartedTime: t.field({ type: 'DateTime', nullable: true, resolve: (s) => s.sessionStartedTime }),
    sessionCompletedTime: t.field({ type: 'DateTime', nullable: true, resolve: (s) => s.sessionCompletedTime }),
    appointmentMaxAllowed: t.exposeInt('appointmentMaxAllowed', { description: '-1 means unlimited.' }),
    delayMinutes: t.exposeInt('delayMinutes', {
      nullable: true,
      description: "The doctor's delay staff marked, in minutes (issue 32 §1.4); null when none was marked.",
    }),
    participationMode: t.exposeString('participationMode'),
    issuedTokens: t.exposeInt('issuedTokens', { description: 'Tokens handed out, cancelled ones included.' }),
    liveAppointments: t.exposeInt('liveAppointments', { description: 'Appointments not cancelled.' }),
    tokenCheck: t.field({
      type: SessionTokenCheckRef,
      nullable: true,
      description: 'Set while bookings are paused after a restore, until the highest token is confirmed.',
      resolve: (s) => s.tokenCheck,
    }),
  }),
});

const StaffQueueAppointmentRef = builder.objectRef<StaffQueueAppointment>('StaffQueueAppointment').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    sessionId: t.exposeID('sessionId'),
    patientId: t.exposeID('patientId'),
    tokenNo: t.exposeInt('tokenNo'),
    patientName: t.exposeString('patientName'),
    appointmentStatus: t.exposeString('appointmentStatus'),
    paymentStatus: t.exposeString('paymentStatus'),
    paymentRefundStatus: t.exposeString('paymentRefundStatus', {
      nullable: true,
      description: 'The refund: requested, approved (collect at the hospital), refunded or rejected; null when none was asked for.',
    }),
    practitionerStatus: t.exposeString('practitionerStatus', { nullable: true }),
    appointmentOriginChannel: t.exposeString('appointmentOriginChannel'),
    appointmentArrivedTime: t.field({ type: 'DateTime', nullable: true, resolve: (a) => a.appointmentArrivedTime }),
  }),
});

const StaffSessionQueueRef = builder.objectRef<StaffSessionQueue>('StaffSessionQueue').implement({
  fields: (t) => ({
    session: t.field({ type: StaffSessionRef, resolve: (q) => q.session }),
    appointments: t.field({ type: [StaffQueueAppointmentRef], resolve: (q) => q.appointments }),
  }),
});

const StaffChargingSchemeRef = builder.objectRef<StaffChargingSchemeView>('StaffChargingScheme').implement({
  description: "One of the hospital's active charging schemes (spec doc 2 §3 Charging scheme).",
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    practitionerId: t.exposeID('practitionerId', { nullable: true, description: 'The doctor it is for; null for any doctor.' }),
    currency: t.exposeString('currency'),
    total: t.exposeFloat('total', { description: 'The sum of its fee lines.' }),
  }),
});

const StaffSessionInputRef = builder.inputType('StaffSessionInput', {
  fields: (t) => ({
    practitionerId: t.id({ required: true }),
    practitionerRoleCode: t.string({ description: "One of the practitioner's roles; their first one when left out." }),
    chargingSchemeId: t.id(),
    locationName: t.string({ description: 'The room, at most 100 characters.' }),
    startTime: t.field({ type: 'DateTime', required: true }),
    endTime: t.field({ type: 'DateTime', required: true }),
    appointmentMaxAllowed: t.int({ required: true, description: '-1 for unlimited, else at least 1.' }),
    participationMode: t.field({ type: ParticipationModeEnum, required: true }),
  }),
});

function sessionInput(input: {
  practitionerId: string | number;
  practitionerRoleCode?: string | null;
  chargingSchemeId?: string | number | null;
  locationName?: string | null;
  startTime: Date;
  endTime: Date;
  appointmentMaxAllowed: number;
  participationMode: 'in_person' | 'remote_presence_video_call';
}): StaffSessionInput {
  return {
    practitionerId: String(input.practitionerId),
    practitionerRoleCode: input.practitionerRoleCode ?? null,
    chargingSchemeId: input.chargingSchemeId === null || input.chargingSchemeId === undefined ? null : String(input.chargingSchemeId),
    locationName: input.locationName ?? null,
    startTime: input.startTime,
    endTime: input.endTime,
    appointmentMaxAllowed: input.appointmentMaxAllowed,
    participationMode: input.participationMode,
  };
}

builder.queryField('staffSessions', (t) =>
  t.field({
    ...staffOperation('sessions.list'),
    type: [StaffSessionRef],
    description: "The hospital's sessions starting within [from, to) (default: from yesterday, 8 days; at most 31 days).",
    args: {
      organizationId: t.arg.id({ required: true }),
      from: t.arg({ type: 'DateTime' }),
      to: t.arg({ type: 'DateTime' }),
    },
    resolve: (_root, args, ctx) =>
      listStaffSessions(deps(ctx, 'sessions.list', args.organizationId), { from: args.from ?? null, to: args.to ?? null }),
  }),
);

builder.queryField('staffSessionQueue', (t) =>
  t.field({
    ...staffOperation('sessions.queue'),
    type: StaffSessionQueueRef,
    description: "A session's appointments in token order with the patients' names; audited.",
    args: { organizationId: t.arg.id({ required: true }), sessionId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => readStaffSessionQueue(deps(ctx, 'sessions.queue', args.organizationId), String(args.sessionId)),
  }),
);

builder.subscriptionField('staffSubscribeSessionQueue', (t) =>
  t.field({
    ...staffOperation('sessions.queue'),
    type: StaffSessionQueueRef,
    description:
      "Live: a session's queue (as staffSessionQueue) at once, then after every change of the session; each delivery " +
      'checks the roles as they are then and is audited.',
    args: { organizationId: t.arg.id({ required: true }), sessionId: t.arg.id({ required: true }) },
    subscribe: async (_root, args, ctx) => {
      const queueDeps = deps(ctx, 'sessions.queue', args.organizationId);
      if (!ctx.pubsub) {
        throw new Error('staffSubscribeSessionQueue called outside a websocket');
      }
      const sessionId = String(args.sessionId);
      // Listen first, then read: a change committed between the two is not lost.
      const events = await ctx.pubsub.subscribe(consultationSessionTopic(ctx.tenant.id, sessionId));
      try {
        // An unknown session, or one of another hospital, is refused here with ARO-E2001.
        return queueThenEvents(await readStaffSessionQueue(queueDeps, sessionId), events);
      } catch (error) {
        await events[Symbol.asyncIterator]().return?.();
        throw error;
      }
    },
    // Anything but the first queue (a session event, or the root value of a one-off HTTP request) reads it now.
    resolve: (payload: unknown, args, ctx) =>
      isSessionQueue(payload)
        ? payload
        : readLiveStaffSessionQueue(deps(ctx, 'sessions.queue', args.organizationId), String(args.sessionId)),
  }),
);

builder.queryField('staffChargingSchemes', (t) =>
  t.field({
    ...staffOperation('sessions.manage'),
    type: [StaffChargingSchemeRef],
    description: "The hospital's active charging schemes, by name, for a session's charging scheme.",
    args: { organizationId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => listStaffChargingSchemes(deps(ctx, 'sessions.manage', args.organizationId)),
  }),
);

builder.mutationField('staffCreateSession', (t) =>
  t.field({
    ...staffOperation('sessions.manage'),
    type: StaffSessionRef,
    description: 'Creates a scheduled session at the hospital; audited.',
    args: { organizationId: t.arg.id({ required: true }), input: t.arg({ type: StaffSessionInputRef, required: true }) },
    resolve: (_root, args, ctx) => createStaffSession(deps(ctx, 'sessions.manage', args.organizationId), sessionInput(args.input)),
  }),
);

builder.mutationField('staffUpdateSession', (t) =>
  t.field({
    ...staffOperation('sessions.manage'),
    type: StaffSessionRef,
    description: 'Changes a scheduled or started session; the capacity cannot drop below its live appointments.',
    args: {
      organizationId: t.arg.id({ required: true }),
      sessionId: t.arg.id({ required: true }),
      input: t.arg({ type: StaffSessionInputRef, required: true }),
    },
    resolve: (_root, args, ctx) =>
      updateStaffSession(deps(ctx, 'sessions.manage', args.organizationId), String(args.sessionId), sessionInput(args.input)),
  }),
);

builder.mutationField('staffCancelSession', (t) =>
  t.field({
    ...staffOperation('sessions.manage'),
    type: StaffSessionRef,
    description: "Cancels a session (practitioner_canceled); each booked patient gets an SMS and a live update.",
    args: { organizationId: t.arg.id({ required: true }), sessionId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => cancelStaffSession(deps(ctx, 'sessions.manage', args.organizationId), String(args.sessionId)),
  }),
);

builder.mutationField('staffBookAppointment', (t) =>
  t.field({
    ...staffOperation('sessions.bookAtDesk'),
    type: StaffQueueAppointmentRef,
    description: "Books a token at the desk (origin channel 'hospital') for a patient the hospital serves.",
    args: {
      organizationId: t.arg.id({ required: true }),
      sessionId: t.arg.id({ required: true }),
      patientId: t.arg.id({ required: true }),
      idempotencyKey: t.arg.string({ description: 'One key per submit, reused on retry (docs/api-contract.md).' }),
    },
    resolve: (_root, args, ctx) =>
      bookAtDesk(deps(ctx, 'sessions.bookAtDesk', args.organizationId), {
        sessionId: String(args.sessionId),
        patientId: String(args.patientId),
        idempotencyKey: args.idempotencyKey ?? null,
      }),
  }),
);

builder.mutationField('staffSetAppointmentStatus', (t) =>
  t.field({
    ...staffOperation('sessions.run'),
    type: StaffQueueAppointmentRef,
    description: "Marks an appointment arrived ('Ongoing'), no-show or fulfilled ('Done').",
    args: {
      organizationId: t.arg.id({ required: true }),
      appointmentId: t.arg.id({ required: true }),
      status: t.arg({ type: StaffAppointmentStatusEnum, required: true }),
    },
    resolve: (_root, args, ctx) =>
      setStaffAppointmentStatus(deps(ctx, 'sessions.run', args.organizationId), String(args.appointmentId), args.status),
  }),
);

builder.mutationField('staffStartSession', (t) =>
  t.field({
    ...staffOperation('sessions.run'),
    type: StaffSessionRef,
    description: "Starts a session: patients see 'Dr. Arrived'.",
    args: { organizationId: t.arg.id({ required: true }), sessionId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => startStaffSession(deps(ctx, 'sessions.run', args.organizationId), String(args.sessionId)),
  }),
);

builder.mutationField('staffCallNext', (t) =>
  t.field({
    ...staffOperation('sessions.run'),
    type: StaffSessionQueueRef,
    description: 'The patient in the room is done and the lowest booked token is called (Ongoing); returns the queue.',
    args: { organizationId: t.arg.id({ required: true }), sessionId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => callNextAppointment(deps(ctx, 'sessions.run', args.organizationId), String(args.sessionId)),
  }),
);

builder.mutationField('staffMarkSessionDelay', (t) =>
  t.field({
    ...staffOperation('sessions.run'),
    type: StaffSessionRef,
    description:
      "Marks the doctor delayed by N minutes (5 to 240, ARO-E4044) on a scheduled or started session (issue 32 §1.4): the " +
      "session's delayMinutes; each booked patient not arrived gets one SMS for this mark and sees it on the appointment; audited.",
    args: {
      organizationId: t.arg.id({ required: true }),
      sessionId: t.arg.id({ required: true }),
      delayMinutes: t.arg.int({ required: true }),
    },
    resolve: (_root, args, ctx) =>
      markStaffSessionDelay(deps(ctx, 'sessions.run', args.organizationId), String(args.sessionId), args.delayMinutes),
  }),
);

builder.mutationField('staffEndSession', (t) =>
  t.field({
    ...staffOperation('sessions.run'),
    type: StaffSessionRef,
    description: "Ends a started session: patients see 'Dr. Left'.",
    args: { organizationId: t.arg.id({ required: true }), sessionId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => endStaffSession(deps(ctx, 'sessions.run', args.organizationId), String(args.sessionId)),
  }),
);

builder.queryField('staffSessionsAwaitingTokenCheck', (t) =>
  t.field({
    ...staffOperation('sessions.list'),
    type: [StaffSessionRef],
    description: "The hospital's sessions paused after a restore until their highest token is confirmed, earliest first (any day).",
    args: { organizationId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => listSessionsAwaitingTokenCheck(deps(ctx, 'sessions.list', args.organizationId)),
  }),
);

const SessionTokenConfirmationInput = builder.inputType('SessionTokenConfirmation', {
  fields: (t) => ({
    sessionId: t.id({ required: true }),
    highestTokenGiven: t.int({ required: true, description: 'The highest token already given to a patient in the session.' }),
  }),
});

builder.mutationField('staffConfirmSessionTokens', (t) =>
  t.field({
    ...staffOperation('sessions.confirmTokens'),
    type: [StaffSessionRef],
    description:
      'After a restore: the highest token already given in each session (from the desk list, the SMS or payments). The ' +
      'next booking of each gets the token after it, and bookings open again; all or none, audited.',
    args: {
      organizationId: t.arg.id({ required: true }),
      confirmations: t.arg({ type: [SessionTokenConfirmationInput], required: true }),
    },
    resolve: (_root, args, ctx) =>
      confirmSessionTokens(
        deps(ctx, 'sessions.confirmTokens', args.organizationId),
        args.confirmations.map((c) => ({ sessionId: String(c.sessionId), highestTokenGiven: c.highestTokenGiven })),
      ),
  }),
);
