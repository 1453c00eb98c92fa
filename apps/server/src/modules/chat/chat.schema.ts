import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { patientOperation, requireViewer } from '../../graphql/patient-auth.ts';
import { filterEvents, startWith } from '../../providers/pubsub/filter-events.ts';
import { accountChatTopic, onIterationEnd, patientWatching, type ChatChangedEvent } from './chat.live.ts';
import {
  CHAT_QUERY_DEFAULT,
  UUID,
  chatsChangedAfter,
  patchChat,
  prepareChat,
  publishPatientChatTyping,
  queryChats,
  readOwnChatLive,
  sendChat,
  type ChatDeps,
} from './chat.service.ts';
import { findAccountChat } from './chat.repo.ts';
import { ChatCommunicationRef } from './chat.types.ts';
// The staff inbox's operations.
import './staff-chat.schema.ts';

/*
 * The patient's chat with hospital staff (spec doc 1 §7 Chat: queryChat, prepareChat, sendChat,
 * patchChat, subscribeChat; issue 12 §3). The staff inbox is in ./staff-chat.schema.ts.
 */

function deps(ctx: GraphQLContext): ChatDeps {
  return {
    db: ctx.database.db,
    tenantId: ctx.tenant.id,
    accountId: requireViewer(ctx).accountId,
    correlationId: ctx.correlationId,
    publish: ctx.publish,
    log: ctx.log,
    presence: ctx.presence,
    agentChatEnabled: ctx.tenant.publicConfig.features.chat.enabled && ctx.tenant.publicConfig.features.agentChat.enabled,
  };
}

const ChatExtensionInput = builder.inputType('ChatExtensionInput', {
  description: "An extension of a chat: only valueId 'rating' with valueInteger 1 (happy) or 0 (unhappy).",
  fields: (t) => ({
    valueId: t.string({ required: true }),
    valueInteger: t.int(),
  }),
});

builder.queryField('queryChat', (t) =>
  t.field({
    ...patientOperation,
    type: [ChatCommunicationRef],
    description:
      "The account's chats with staff, newest first, with their notes; id names one (another account's id answers " +
      'ARO-E2001 like a missing one); status narrows to some statuses.',
    args: {
      id: t.arg.id(),
      status: t.arg.stringList(),
      limit: t.arg.int({ defaultValue: CHAT_QUERY_DEFAULT, description: '1 to 50.' }),
    },
    resolve: (_root, args, ctx) =>
      queryChats(deps(ctx), {
        id: args.id === null || args.id === undefined ? null : String(args.id),
        status: args.status ?? null,
        limit: args.limit ?? null,
      }),
  }),
);

builder.mutationField('prepareChat', (t) =>
  t.field({
    ...patientOperation,
    type: ChatCommunicationRef,
    description:
      'Starts a chat with the hospital\'s staff (spec doc 1 §7): notes (base64 JSON payloads: messages, an image of one\'s own ' +
      "upload by imageUrl, or events) for one of the account's profiles. preparation ('connecting to hospital staff'), or " +
      "suspended ('all staff busy') when no agent is online. One open chat per account (ARO-E8002).",
    args: {
      note: t.arg.stringList({ required: true, description: 'Base64 JSON payloads: authorRef, message, timestamp, extensions.' }),
      patientId: t.arg.id({ required: true, description: "One of the account's profiles." }),
      hospitalId: t.arg.id({ description: "The hospital; else the notes' extensions.hospitalId." }),
    },
    resolve: (_root, args, ctx) =>
      prepareChat(deps(ctx), {
        note: args.note,
        patientId: String(args.patientId),
        hospitalId: args.hospitalId === null || args.hospitalId === undefined ? null : String(args.hospitalId),
      }),
  }),
);

builder.mutationField('sendChat', (t) =>
  t.field({
    ...patientOperation,
    type: ChatCommunicationRef,
    description: "Adds the patient's note to their open chat (spec doc 1 §7). A closed chat answers ARO-E8003.",
    args: {
      id: t.arg.id({ required: true }),
      message: t.arg.string({ required: true, description: 'A base64 JSON payload.' }),
      authorRef: t.arg.string({ description: "'Patient/{the chat's profile}'." }),
      idempotencyKey: t.arg.string({
        description:
          'One key per note, reused on every resend (the offline outbox, issue 32 §4.7): a resend stores nothing more and answers the chat.',
      }),
    },
    resolve: (_root, args, ctx) =>
      sendChat(deps(ctx), {
        id: String(args.id),
        message: args.message,
        authorRef: args.authorRef ?? null,
        idempotencyKey: args.idempotencyKey ?? null,
      }),
  }),
);

builder.mutationField('patchChat', (t) =>
  t.field({
    ...patientOperation,
    type: ChatCommunicationRef,
    description:
      'Ends the chat (status completed; entered_in_error when no staff member took it, spec doc 1 §4) or rates a completed ' +
      "chat once (extension valueId 'rating', valueInteger 1 happy or 0 unhappy).",
    args: {
      id: t.arg.id({ required: true }),
      status: t.arg.string({ description: 'completed.' }),
      extension: t.arg({ type: [ChatExtensionInput] }),
    },
    resolve: (_root, args, ctx) =>
      patchChat(deps(ctx), {
        id: String(args.id),
        status: args.status ?? null,
        extension: args.extension?.map((e) => ({ valueId: e.valueId, valueInteger: e.valueInteger ?? null })) ?? null,
      }),
  }),
);

builder.mutationField('chatTyping', (t) =>
  t.field({
    ...patientOperation,
    type: 'Boolean',
    description:
      "Tells the hospital's inbox live that the patient is typing in their open chat (subscribeStaffChatInbox delivers the " +
      "chat with typing 'patient'); nothing is stored, at most one event a second is passed on. Another account's chat " +
      'answers ARO-E2001, a closed one ARO-E8003.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => publishPatientChatTyping(deps(ctx), String(args.id)),
  }),
);

builder.subscriptionField('subscribeChat', (t) =>
  t.field({
    ...patientOperation,
    type: ChatCommunicationRef,
    nullable: true,
    description:
      "Live: the account's chat after each change, or a typing indicator (typing set), when its id is one of `id` " +
      "(spec doc 1 §7). Another account's ids deliver nothing. While open, staff replies send no SMS. Over a websocket " +
      'only: a one-off HTTP request answers null. With `after` (the newest note the page holds), nothing between the ' +
      'read and the subscription is missed: once listening, the server first delivers each chat that changed after that ' +
      'note (a newer note, a new status), then streams.',
    args: {
      id: t.arg.idList({ required: true }),
      after: t.arg.id({
        description: "The id of the newest note the page holds of the chat (resume from it); a note it does not know resends the chat.",
      }),
    },
    subscribe: async (_root, args, ctx) => {
      const chatDeps = deps(ctx);
      if (!ctx.pubsub) {
        throw new Error('subscribeChat called outside a websocket');
      }
      // Decided once, at subscribe time: ids of another account are dropped for good.
      const ids = new Set<string>();
      for (const id of new Set(args.id.map(String).filter((id) => UUID.test(id)))) {
        const own = await findAccountChat(chatDeps.db, { tenantId: chatDeps.tenantId, accountId: chatDeps.accountId }, id);
        if (own) {
          ids.add(own.id);
        }
      }
      const events = await ctx.pubsub.subscribe(accountChatTopic(chatDeps.tenantId, chatDeps.accountId));
      // Read after listening (issue 29 §9): a change between the page's read and this subscription
      // is in the database by now, or comes through the topic; either way it reaches the page.
      const after = args.after === null || args.after === undefined ? null : String(args.after);
      const missed: ChatChangedEvent[] =
        after === null ? [] : (await chatsChangedAfter(chatDeps, [...ids], after)).map((id) => ({ id }));
      const watching = patientWatching(chatDeps.presence, chatDeps.tenantId, chatDeps.accountId);
      return onIterationEnd(
        startWith(
          missed,
          filterEvents(events, (payload) => {
            const event = payload as Partial<ChatChangedEvent> | null;
            return typeof event?.id === 'string' && ids.has(event.id);
          }),
        ),
        () => {
          void watching.leave().catch((error: unknown) => {
            chatDeps.log?.warn({ err: error }, 'chat presence not ended');
          });
        },
      );
    },
    resolve: (payload: unknown, _args, ctx) => {
      const event = payload as Partial<ChatChangedEvent> | null | undefined;
      return typeof event?.id === 'string' ? readOwnChatLive(deps(ctx), event.id, event.typing ?? null) : null;
    },
  }),
);

