/**
 * Video calls in GraphQL (issue 13; spec doc 2 §3, §4 Video call, §7 createTwilioToken,
 * sendCommunication, subscribeCommunication). The patient: createTwilioToken, callIceServers,
 * sendCommunication, sendCallSignal, subscribeCommunication, and the appointment's communication
 * fields. Staff (the doctor who calls): staffVideoCall, staffVideoHangUp, staffSendCallSignal,
 * staffSubscribeCommunication. Signalling reaches only the appointment's patient account and the
 * member who placed the current call.
 */
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { patientOperation, requireViewer } from '../../graphql/patient-auth.ts';
import { staffHospitalRequest, staffOperation } from '../../graphql/staff-auth.ts';
import { AppointmentRef } from '../consultations/appointments.schema.ts';
import { filterEvents } from '../../providers/pubsub/filter-events.ts';
import type { IceServer } from './turn-credentials.ts';
import { callTopic, isCallLiveEvent, type CallSignal } from './video.live.ts';
import type { VideoCallHistoryRow } from './video.repo.ts';
import {
  appointmentCommunication,
  communicationRing,
  createCallToken,
  hangUpCall,
  liveItem,
  patientCallAccess,
  patientIceServers,
  placeCall,
  sendCommunicationReport,
  sendPatientSignal,
  sendStaffSignal,
  staffCallAccess,
  type CallLiveItem,
  type CallSignalInput,
  type PatientCallDeps,
  type StaffCallDeps,
  type StaffCallView,
  type VideoCommunicationView,
} from './video.service.ts';

function patientDeps(ctx: GraphQLContext): PatientCallDeps {
  return {
    db: ctx.database.db,
    tenantId: ctx.tenant.id,
    accountId: requireViewer(ctx).accountId,
    correlationId: ctx.correlationId,
    publish: ctx.publish,
    log: ctx.log,
    video: ctx.tenant.video,
    appSecret: ctx.providers.appSecret,
  };
}

function staffDeps(ctx: GraphQLContext, organizationId: string | number): StaffCallDeps {
  return {
    ...staffHospitalRequest(ctx, 'video.call', organizationId),
    log: ctx.log,
    video: ctx.tenant.video,
    appSecret: ctx.providers.appSecret,
  };
}

function subscriber(ctx: GraphQLContext): NonNullable<GraphQLContext['pubsub']> {
  if (!ctx.pubsub) {
    throw new Error('subscription called outside a websocket');
  }
  return ctx.pubsub;
}

const CallPermissionsRef = builder
  .objectRef<{ camera?: string; microphone?: string }>('VideoCallPermissions')
  .implement({
    description: "The patient's camera and microphone permissions: granted, denied or prompt.",
    fields: (t) => ({
      camera: t.string({ nullable: true, resolve: (p) => p.camera ?? null }),
      microphone: t.string({ nullable: true, resolve: (p) => p.microphone ?? null }),
    }),
  });

const VideoCallHistoryRef = builder.objectRef<VideoCallHistoryRow>('VideoCallHistoryEntry').implement({
  description: 'A connect or disconnect event of a call (spec doc 2 §3 videoCallHistory).',
  fields: (t) => ({
    timestamp: t.field({ type: 'DateTime', resolve: (e) => e.timestamp }),
    participantReference: t.exposeString('participantReference', { description: 'Patient/{id}, Practitioner/{id} or User/{id}.' }),
    participantStatus: t.exposeString('participantStatus', { description: 'connected or disconnected.' }),
  }),
});

export const VideoCommunicationRef = builder.objectRef<VideoCommunicationView>('VideoCommunication').implement({
  description: 'The VIDEOCONF communication of an appointment (spec doc 2 §3 Video communication).',
  fields: (t) => ({
    id: t.exposeID('id'),
    appointmentId: t.exposeID('appointmentId'),
    patientId: t.exposeID('patientId'),
    medium: t.exposeString('medium'),
    participantStatus: t.exposeString('participantStatus', {
      nullable: true,
      description: "The calling side: connected while the practitioner calls in the room (the incoming card), disconnected after hang-up.",
    }),
    participantReference: t.exposeString('participantReference', { nullable: true, description: "The patient's report: Patient/{id}." }),
    permissions: t.field({ type: CallPermissionsRef, nullable: true, resolve: (c) => c.permissions ?? null }),
    deviceSupport: t.exposeBoolean('deviceSupport', { nullable: true }),
    roomSid: t.exposeString('roomSid', { nullable: true, description: "The room of the call (the appointment's remoteCommunicationLink)." }),
    sent: t.field({ type: 'DateTime', description: 'When it last changed.', resolve: (c) => c.updatedAt }),
    createdTime: t.field({ type: 'DateTime', resolve: (c) => c.createdTime }),
    videoCallHistory: t.field({ type: [VideoCallHistoryRef], description: 'Oldest first.', resolve: (c) => c.videoCallHistory }),
    ringing: t.boolean({
      description:
        "Whether the patient's phone rings now (the incoming card): from the Call until the hang-up, an answer on any of the " +
        "patient's devices, or the ring's timeout (issue 29 §2.7). A patient's leave rings again for a rejoin.",
      resolve: (c) => communicationRing(c).ringing,
    }),
    ringRemainingMs: t.int({
      nullable: true,
      description: 'While ringing, the milliseconds until the ring times out (read again then); null otherwise.',
      resolve: (c) => {
        const now = new Date();
        const ring = communicationRing(c, now);
        return ring.endsAt === null ? null : Math.max(0, ring.endsAt - now.getTime());
      },
    }),
  }),
});

builder.objectFields(AppointmentRef, (t) => ({
  remoteCommunicationLink: t.string({
    nullable: true,
    description: 'The room of the current or last video call (spec doc 2 §3); passed to createTwilioToken as roomSid.',
    resolve: async (a, _args, ctx) => (await appointmentCommunication(ctx.database.db, ctx.tenant.id, a.id))?.roomSid ?? null,
  }),
  communication: t.field({
    type: VideoCommunicationRef,
    nullable: true,
    description: "The appointment's latest VIDEOCONF communication (spec doc 2 §3), or null before any call.",
    resolve: (a, _args, ctx) => appointmentCommunication(ctx.database.db, ctx.tenant.id, a.id),
  }),
}));

const IceServerRef = builder.objectRef<IceServer>('IceServer').implement({
  description: 'One entry of RTCConfiguration.iceServers, in the W3C field names.',
  fields: (t) => ({
    urls: t.exposeStringList('urls'),
    username: t.string({ nullable: true, resolve: (s) => s.username ?? null }),
    credential: t.string({ nullable: true, resolve: (s) => s.credential ?? null }),
  }),
});

const CallIceServersRef = builder
  .objectRef<{ iceServers: IceServer[]; expiresAt: Date | null }>('CallIceServers')
  .implement({
    description: 'The ICE servers of a call: STUN as configured, TURN with a short-lived credential (null expiry without TURN).',
    fields: (t) => ({
      iceServers: t.field({ type: [IceServerRef], resolve: (s) => s.iceServers }),
      expiresAt: t.field({ type: 'DateTime', nullable: true, resolve: (s) => s.expiresAt }),
    }),
  });

const StaffVideoCallRef = builder.objectRef<StaffCallView>('StaffVideoCall').implement({
  description: 'A call just placed: the communication, the room, and the caller’s ICE servers.',
  fields: (t) => ({
    communication: t.field({ type: VideoCommunicationRef, resolve: (c) => c.communication }),
    roomSid: t.exposeString('roomSid'),
    iceServers: t.field({ type: [IceServerRef], resolve: (c) => c.iceServers }),
    iceServersExpireAt: t.field({ type: 'DateTime', nullable: true, resolve: (c) => c.iceServersExpireAt }),
  }),
});

const CallSignalKindEnum = builder.enumType('CallSignalKind', {
  description: 'offer and answer (SDP), candidate (ICE), hangup, media (camera and microphone on or off).',
  values: ['offer', 'answer', 'candidate', 'hangup', 'media'] as const,
});

const CallSignalRef = builder.objectRef<CallSignal>('CallSignal').implement({
  description: 'A signalling message between the two parties of a call; the server relays it and never carries media.',
  fields: (t) => ({
    kind: t.field({ type: CallSignalKindEnum, resolve: (s) => s.kind }),
    from: t.exposeString('from', { description: 'patient or practitioner.' }),
    roomSid: t.exposeString('roomSid'),
    sdp: t.exposeString('sdp', { nullable: true }),
    candidate: t.exposeString('candidate', { nullable: true, description: 'RTCIceCandidateInit as JSON; null ends the candidates.' }),
    camera: t.exposeBoolean('camera', { nullable: true }),
    microphone: t.exposeBoolean('microphone', { nullable: true }),
  }),
});

const CallSignalInputRef = builder.inputType('CallSignalInput', {
  fields: (t) => ({
    kind: t.field({ type: CallSignalKindEnum, required: true }),
    sdp: t.string({ description: 'For offer and answer.' }),
    candidate: t.string({ description: 'For candidate: RTCIceCandidateInit as JSON; omitted ends the candidates.' }),
    camera: t.boolean({ description: 'For media.' }),
    microphone: t.boolean({ description: 'For media.' }),
  }),
});

const CommunicationEventRef = builder.objectRef<CallLiveItem>('CommunicationEvent').implement({
  description: 'A live item of a call: the communication after a change, or a signalling message.',
  fields: (t) => ({
    communication: t.field({ type: VideoCommunicationRef, nullable: true, resolve: (e) => e.communication }),
    signal: t.field({ type: CallSignalRef, nullable: true, resolve: (e) => e.signal }),
  }),
});

const ContentAttachmentInputRef = builder.inputType('CommunicationContentAttachmentInput', {
  fields: (t) => ({
    contentType: t.string({ description: 'application/json (the default).' }),
    data: t.string({ required: true, description: "The patient's report as JSON (or base64 of it)." }),
  }),
});

function signalInput(input: { kind: CallSignalInput['kind']; sdp?: string | null; candidate?: string | null; camera?: boolean | null; microphone?: boolean | null }): CallSignalInput {
  return { kind: input.kind, sdp: input.sdp, candidate: input.candidate, camera: input.camera, microphone: input.microphone };
}

// ---- The patient ------------------------------------------------------------------------------

builder.mutationField('createTwilioToken', (t) =>
  t.string({
    ...patientOperation,
    description:
      "The video token of the account's own appointment while the practitioner calls in that room (spec doc 2 §7): for the " +
      "tenant's provider, a careline call token (bound to the account, appointment and room; expires) or a Twilio access " +
      'token. ARO-E8053 when that room is not being called.',
    args: { roomSid: t.arg.string({ required: true }), appointmentId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => createCallToken(patientDeps(ctx), args.roomSid, String(args.appointmentId)),
  }),
);

builder.queryField('callIceServers', (t) =>
  t.field({
    ...patientOperation,
    type: CallIceServersRef,
    description: "The patient's ICE servers for a call, with a per-call TURN credential; needs the call token.",
    args: { appointmentId: t.arg.id({ required: true }), token: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => patientIceServers(patientDeps(ctx), String(args.appointmentId), args.token),
  }),
);

builder.queryField('queryCommunication', (t) =>
  t.field({
    ...patientOperation,
    type: VideoCommunicationRef,
    nullable: true,
    description:
      "The account's own appointment's latest VIDEOCONF communication with its call history (spec doc 2 §2 call history " +
      "modal), or null before any call. ARO-E2001 for another account's appointment.",
    args: { appointmentId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const deps = patientDeps(ctx);
      const appointment = await patientCallAccess(deps, String(args.appointmentId));
      return appointmentCommunication(deps.db, deps.tenantId, appointment.id);
    },
  }),
);

builder.mutationField('sendCommunication', (t) =>
  t.field({
    ...patientOperation,
    type: VideoCommunicationRef,
    description:
      "The patient's report on the VIDEOCONF communication (spec doc 2 §4, §7): camera and microphone permissions, device " +
      'support and participant reference, and its connect or disconnect in the call history.',
    args: {
      id: t.arg.id({ required: true }),
      contentAttachment: t.arg({ type: ContentAttachmentInputRef, required: true }),
    },
    resolve: (_root, args, ctx) => sendCommunicationReport(patientDeps(ctx), String(args.id), args.contentAttachment.data),
  }),
);

builder.mutationField('sendCallSignal', (t) =>
  t.boolean({
    ...patientOperation,
    description: 'Sends an offer, answer, ICE candidate, hang-up or media state to the practitioner of the call; needs the call token.',
    args: {
      appointmentId: t.arg.id({ required: true }),
      token: t.arg.string({ required: true }),
      signal: t.arg({ type: CallSignalInputRef, required: true }),
    },
    resolve: (_root, args, ctx) =>
      sendPatientSignal(patientDeps(ctx), args.token, String(args.appointmentId), signalInput(args.signal)),
  }),
);

builder.subscriptionField('subscribeCommunication', (t) =>
  t.field({
    ...patientOperation,
    type: CommunicationEventRef,
    nullable: true,
    description:
      "Live: the account's own appointment's VIDEOCONF communication after each change, and the practitioner's signalling " +
      "messages (spec doc 2 §7). Another account's appointment is refused (ARO-E2001).",
    args: { appointmentId: t.arg.id({ required: true }) },
    subscribe: async (_root, args, ctx) => {
      const deps = patientDeps(ctx);
      const pubsub = subscriber(ctx);
      // Decided once, at subscribe time: another account's appointment is refused.
      const appointment = await patientCallAccess(deps, String(args.appointmentId));
      const events = await pubsub.subscribe(callTopic(deps.tenantId, appointment.id));
      return filterEvents(
        events,
        (event) =>
          isCallLiveEvent(event) &&
          event.appointmentId === appointment.id &&
          event.accountId === deps.accountId &&
          (event.to === 'patient' || event.to === 'both'),
      );
    },
    resolve: async (payload: unknown, args, ctx) => {
      const deps = patientDeps(ctx);
      if (!isCallLiveEvent(payload)) {
        // A one-off HTTP request: the communication now.
        const appointment = await patientCallAccess(deps, String(args.appointmentId));
        return { communication: await appointmentCommunication(deps.db, deps.tenantId, appointment.id), signal: null };
      }
      return liveItem(deps.db, deps.tenantId, payload);
    },
  }),
);

// ---- Staff: the doctor who calls --------------------------------------------------------------

builder.mutationField('staffVideoCall', (t) =>
  t.field({
    ...staffOperation('video.call'),
    type: StaffVideoCallRef,
    description:
      "Call: rings the patient of an arrived appointment of the hospital's video session (communication participantStatus " +
      'connected, a new room link), recorded in the call history and audited. ARO-E8050 not a video session, ARO-E8051 not arrived.',
    args: { organizationId: t.arg.id({ required: true }), appointmentId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => placeCall(staffDeps(ctx, args.organizationId), String(args.appointmentId)),
  }),
);

builder.mutationField('staffVideoHangUp', (t) =>
  t.field({
    ...staffOperation('video.call'),
    type: VideoCommunicationRef,
    description:
      'Ends the call the member placed (participantStatus disconnected), recorded and audited. ARO-E8052 no call, ARO-E8059 another member’s call.',
    args: { organizationId: t.arg.id({ required: true }), appointmentId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => hangUpCall(staffDeps(ctx, args.organizationId), String(args.appointmentId)),
  }),
);

builder.mutationField('staffSendCallSignal', (t) =>
  t.boolean({
    ...staffOperation('video.call'),
    description: 'Sends an offer, answer, ICE candidate, hang-up or media state to the patient of the call the member placed.',
    args: {
      organizationId: t.arg.id({ required: true }),
      appointmentId: t.arg.id({ required: true }),
      signal: t.arg({ type: CallSignalInputRef, required: true }),
    },
    resolve: (_root, args, ctx) =>
      sendStaffSignal(staffDeps(ctx, args.organizationId), String(args.appointmentId), signalInput(args.signal)),
  }),
);

builder.subscriptionField('staffSubscribeCommunication', (t) =>
  t.field({
    ...staffOperation('video.call'),
    type: CommunicationEventRef,
    nullable: true,
    description:
      "Live: the call's communication after each change and the patient's signalling messages, only while the member is the " +
      'one who placed the current call; another member of the hospital receives nothing.',
    args: { organizationId: t.arg.id({ required: true }), appointmentId: t.arg.id({ required: true }) },
    subscribe: async (_root, args, ctx) => {
      const deps = staffDeps(ctx, args.organizationId);
      const pubsub = subscriber(ctx);
      const { appointment, staffRef } = await staffCallAccess(deps, String(args.appointmentId));
      const events = await pubsub.subscribe(callTopic(deps.tenantId, appointment.id));
      return filterEvents(
        events,
        (event) =>
          isCallLiveEvent(event) &&
          event.appointmentId === appointment.id &&
          event.staffRef === staffRef &&
          (event.to === 'staff' || event.to === 'both'),
      );
    },
    resolve: async (payload: unknown, args, ctx) => {
      const deps = staffDeps(ctx, args.organizationId);
      if (!isCallLiveEvent(payload)) {
        // A one-off HTTP request: the communication now.
        const { appointment } = await staffCallAccess(deps, String(args.appointmentId));
        return { communication: await appointmentCommunication(deps.db, deps.tenantId, appointment.id), signal: null };
      }
      return liveItem(deps.db, deps.tenantId, payload);
    },
  }),
);
