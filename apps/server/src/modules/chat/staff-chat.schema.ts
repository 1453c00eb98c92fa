import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { staffHospitalRequest, staffOperation, type StaffAction } from '../../graphql/staff-auth.ts';
import { filterEvents } from '../../providers/pubsub/filter-events.ts';
import { agentOnline, onIterationEnd, staffChatTopic, type ChatChangedEvent } from './chat.live.ts';
import { ChatCommunicationRef } from './chat.types.ts';
import {
  STAFF_CHAT_PAGE_DEFAULT,
  closeStaffChat,
  listStaffChats,
  readStaffChat,
  readStaffChatLive,
  replyStaffChat,
  requireStaffChatReader,
  staffChatContext,
  staffChatTyping,
  suspendWhenNoAgent,
  takeStaffChat,
  type StaffChatAppointment,
  type StaffChatContext,
  type StaffChatDeps,
  type StaffChatPage,
  type StaffChatPatient,
  type StaffChatView,
} from './staff-chat.service.ts';

/*
 * The staff inbox of chats with the hospital (issue 12 §4): call-centre agents, receptionists and
 * admins of the hospital (packages/domain staff/policies.ts). Every read of a patient's chat is audited.
 */

function deps(ctx: GraphQLContext, action: StaffAction, organizationId: string | number): StaffChatDeps {
  return {
    ...staffHospitalRequest(ctx, action, organizationId),
    smsOutbox: ctx.smsOutbox,
    config: ctx.tenant.publicConfig,
    log: ctx.log,
    presence: ctx.presence,
  };
}

const StaffChatQueueEnum = builder.enumType('StaffChatQueue', {
  description: 'A queue of the inbox: WAITING (preparation, suspended), ACTIVE (in_progress).',
  values: ['WAITING', 'ACTIVE'] as const,
});

const StaffChatPatientRef = builder.objectRef<StaffChatPatient>('StaffChatPatient').implement({
  description: 'A profile as the hospital sees it (no relationship to the account holder).',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name', { description: 'Prefix, given and family name.' }),
    givenName: t.exposeString('givenName'),
    familyName: t.exposeString('familyName'),
    gender: t.exposeString('gender'),
    birthDate: t.exposeString('birthDate', { nullable: true, description: 'YYYY-MM-DD.' }),
    ageLabel: t.exposeString('ageLabel', { description: "As profiles show it ('34 years'); '' without a birth date." }),
    mobileNo: t.exposeString('mobileNo', { nullable: true }),
  }),
});

const StaffChatRef = builder.objectRef<StaffChatView>('StaffChat').implement({
  description: 'A chat as the inbox shows it: the chat with its notes, its patient and who took it.',
  fields: (t) => ({
    id: t.exposeID('id'),
    chat: t.field({
      type: ChatCommunicationRef,
      description: "The chat; its unreadCount counts the patient's notes after staff's last note.",
      resolve: (view) => view,
    }),
    patient: t.field({ type: StaffChatPatientRef, nullable: true, resolve: (view) => view.patient }),
    assignedStaffUserId: t.exposeID('assignedStaffUserId', { nullable: true }),
    assignedToMe: t.exposeBoolean('assignedToMe'),
  }),
});

const StaffChatPageRef = builder.objectRef<StaffChatPage>('StaffChatPage').implement({
  description: 'A page of the inbox, longest waiting first.',
  fields: (t) => ({
    nodes: t.field({ type: [StaffChatRef], resolve: (page) => page.nodes }),
    endCursor: t.exposeString('endCursor', { nullable: true, description: 'Pass as `after` for the next page.' }),
    hasMore: t.exposeBoolean('hasMore'),
    totalCount: t.exposeInt('totalCount'),
  }),
});

const StaffChatAppointmentRef = builder.objectRef<StaffChatAppointment>('StaffChatAppointment').implement({
  description: 'An upcoming appointment of one of the chat account\'s profiles at this hospital.',
  fields: (t) => ({
    id: t.exposeID('id'),
    patientId: t.exposeID('patientId'),
    patientName: t.exposeString('patientName'),
    doctorName: t.exposeString('doctorName'),
    organizationName: t.exposeString('organizationName'),
    start: t.expose('start', { type: 'DateTime' }),
    end: t.expose('end', { type: 'DateTime' }),
    tokenNo: t.exposeInt('tokenNo'),
    appointmentStatus: t.exposeString('appointmentStatus'),
  }),
});

const StaffChatContextRef = builder.objectRef<StaffChatContext>('StaffChatContext').implement({
  description: "The context of a chat: the account's profiles and their upcoming appointments at this hospital.",
  fields: (t) => ({
    profiles: t.field({ type: [StaffChatPatientRef], resolve: (context) => context.profiles }),
    upcomingAppointments: t.field({ type: [StaffChatAppointmentRef], resolve: (context) => context.upcomingAppointments }),
  }),
});

builder.queryField('staffChatInbox', (t) =>
  t.field({
    ...staffOperation('chat.read'),
    type: StaffChatPageRef,
    description:
      "The hospital's chats, longest waiting first: WAITING (preparation, suspended), ACTIVE (in_progress), or both when " +
      'queue is unset. Audited.',
    args: {
      organizationId: t.arg.id({ required: true }),
      queue: t.arg({ type: StaffChatQueueEnum }),
      first: t.arg.int({ defaultValue: STAFF_CHAT_PAGE_DEFAULT, description: '1 to 50.' }),
      after: t.arg.string({ description: 'endCursor of the page before.' }),
    },
    resolve: (_root, args, ctx) =>
      listStaffChats(deps(ctx, 'chat.read', args.organizationId), {
        queue: args.queue ?? null,
        first: args.first ?? STAFF_CHAT_PAGE_DEFAULT,
        after: args.after ?? null,
      }),
  }),
);

builder.queryField('staffChat', (t) =>
  t.field({
    ...staffOperation('chat.read'),
    type: StaffChatRef,
    description: "A chat of the hospital with its notes and patient; another hospital's answers ARO-E2001. Audited.",
    args: { organizationId: t.arg.id({ required: true }), id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => readStaffChat(deps(ctx, 'chat.read', args.organizationId), String(args.id)),
  }),
);

builder.queryField('staffChatContext', (t) =>
  t.field({
    ...staffOperation('chat.read'),
    type: StaffChatContextRef,
    description: "The chat account's profiles and their upcoming appointments at this hospital, for the answer. Audited.",
    args: { organizationId: t.arg.id({ required: true }), id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => staffChatContext(deps(ctx, 'chat.read', args.organizationId), String(args.id)),
  }),
);

builder.subscriptionField('subscribeStaffChatInbox', (t) =>
  t.field({
    ...staffOperation('chat.read'),
    type: StaffChatRef,
    nullable: true,
    description:
      "Live: a chat of the hospital after each change, or a typing indicator (chat.typing set). While open, the member " +
      'counts as online: new chats wait in preparation rather than suspended; when the last agent of the hospital leaves, ' +
      'waiting chats are suspended. Each delivery is audited. Over a websocket only: a one-off HTTP request answers null.',
    args: { organizationId: t.arg.id({ required: true }) },
    subscribe: async (_root, args, ctx) => {
      const chatDeps = deps(ctx, 'chat.read', args.organizationId);
      if (!ctx.pubsub) {
        throw new Error('subscribeStaffChatInbox called outside a websocket');
      }
      // The scope is checked when a result resolves: refuse here too, before listening.
      requireStaffChatReader(chatDeps);
      const hospital = { tenantId: chatDeps.tenantId, organizationId: chatDeps.organizationId };
      const events = await ctx.pubsub.subscribe(staffChatTopic(hospital.tenantId, hospital.organizationId));
      const online = agentOnline(chatDeps.presence, hospital.tenantId, hospital.organizationId);
      return onIterationEnd(
        filterEvents(events, (payload) => typeof (payload as Partial<ChatChangedEvent> | null)?.id === 'string'),
        () => {
          void online
            .leave()
            .then((nobodyLeft) =>
              nobodyLeft ? suspendWhenNoAgent({ db: chatDeps.db, publish: chatDeps.publish, log: chatDeps.log }, hospital) : undefined,
            )
            .catch((error: unknown) => {
              chatDeps.log?.warn({ err: error }, 'waiting chats not suspended');
            });
        },
      );
    },
    resolve: (payload: unknown, args, ctx) => {
      const event = payload as Partial<ChatChangedEvent> | null | undefined;
      return typeof event?.id === 'string'
        ? readStaffChatLive(deps(ctx, 'chat.read', args.organizationId), event.id, event.typing ?? null)
        : null;
    },
  }),
);

builder.mutationField('staffTakeChat', (t) =>
  t.field({
    ...staffOperation('chat.work'),
    type: StaffChatRef,
    description:
      'Takes a waiting chat (preparation or suspended): in_progress, assigned to this member. Taken by another member: ' +
      'ARO-E8004; closed: ARO-E8003. Audited.',
    args: { organizationId: t.arg.id({ required: true }), id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => takeStaffChat(deps(ctx, 'chat.work', args.organizationId), String(args.id)),
  }),
);

builder.mutationField('staffReplyChat', (t) =>
  t.field({
    ...staffOperation('chat.work'),
    type: StaffChatRef,
    description:
      'Replies with text, an image this member uploaded (blob id), or both; stored as text. A waiting chat is taken by the ' +
      'reply; one another member took answers ARO-E8004. A patient away (no live chat open, not seen for a minute) gets an ' +
      'SMS in their language, at most one per chat in 15 minutes. Audited.',
    args: {
      organizationId: t.arg.id({ required: true }),
      id: t.arg.id({ required: true }),
      message: t.arg.string({ description: 'Plain text, at most 2000 characters (line breaks allowed).' }),
      imageBlobId: t.arg.id({ description: 'An image this member uploaded (POST /blob/put?organizationId=...).' }),
      description: t.arg.string({ description: "The image's description." }),
    },
    resolve: (_root, args, ctx) =>
      replyStaffChat(deps(ctx, 'chat.work', args.organizationId), String(args.id), {
        message: args.message ?? null,
        imageBlobId: args.imageBlobId === null || args.imageBlobId === undefined ? null : String(args.imageBlobId),
        description: args.description ?? null,
      }),
  }),
);

builder.mutationField('staffCloseChat', (t) =>
  t.field({
    ...staffOperation('chat.work'),
    type: StaffChatRef,
    description: 'Closes the chat: completed once taken, entered_in_error while still waiting. Closed: ARO-E8003. Audited.',
    args: { organizationId: t.arg.id({ required: true }), id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => closeStaffChat(deps(ctx, 'chat.work', args.organizationId), String(args.id)),
  }),
);

builder.mutationField('staffChatTyping', (t) =>
  t.field({
    ...staffOperation('chat.work'),
    type: 'Boolean',
    description: "Tells the patient live that this member is typing (subscribeChat delivers the chat with typing 'staff').",
    args: { organizationId: t.arg.id({ required: true }), id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => staffChatTyping(deps(ctx, 'chat.work', args.organizationId), String(args.id)),
  }),
);
