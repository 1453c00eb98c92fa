import { AppError } from '@careline/domain/errors';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { staffHospitalRequest, staffOperation } from '../../graphql/staff-auth.ts';
import {
  checkDisplay,
  concernsBoard,
  createStaffDisplay,
  displayTokenTopic,
  isDisplayRevoked,
  listStaffDisplays,
  readDisplayBoard,
  revokeStaffDisplay,
  type BoardSession,
  type CreatedDisplay,
  type DisplayBoard,
  type DisplayTokenView,
  type StaffDisplayDeps,
} from './display-board.service.ts';
import { feedbackLinkOrigin } from './feedback-link.service.ts';
import { tenantSessionsTopic } from './session-events.ts';

// The waiting-room board (issue 32 §3.6): the console's displays (admins) and the board a TV reads
// with a display's secret, which it sends as a variable (never in an address the server logs).

function deps(ctx: GraphQLContext, organizationId: string | number): StaffDisplayDeps {
  return { ...staffHospitalRequest(ctx, 'displays.manage', organizationId), log: ctx.log };
}

const DisplayTokenRef = builder.objectRef<DisplayTokenView>('DisplayToken').implement({
  description: "A waiting-room display of the hospital (a TV that opens the board); never its secret.",
  fields: (t) => ({
    id: t.exposeID('id'),
    organizationId: t.exposeID('organizationId'),
    name: t.exposeString('name'),
    createdAt: t.field({ type: 'DateTime', resolve: (d) => d.createdAt }),
    lastSeenAt: t.field({ type: 'DateTime', nullable: true, description: 'When a board last read with it (to the minute).', resolve: (d) => d.lastSeenAt }),
    revokedAt: t.field({ type: 'DateTime', nullable: true, resolve: (d) => d.revokedAt }),
  }),
});

const CreatedDisplayRef = builder.objectRef<CreatedDisplay>('CreatedDisplayToken').implement({
  description: "A new display: the secret is answered this once; the board's address carries it in its fragment.",
  fields: (t) => ({
    display: t.field({ type: DisplayTokenRef, resolve: (c) => c.display }),
    secret: t.exposeString('secret'),
    boardUrl: t.exposeString('boardUrl', { description: 'Open it on the TV: /display/<hospital>#<secret>.' }),
  }),
});

const BoardTokenRef = builder.objectRef<BoardSession['next'][number]>('DisplayBoardToken').implement({
  fields: (t) => ({
    tokenNo: t.exposeInt('tokenNo'),
    expectedAt: t.field({ type: 'DateTime', nullable: true, description: 'When it is expected to be called.', resolve: (n) => n.expectedAt }),
  }),
});

const BoardSessionRef = builder.objectRef<BoardSession>('DisplayBoardSession').implement({
  description: 'A session on the board: no patient data, tokens only.',
  fields: (t) => ({
    practitionerName: t.exposeString('practitionerName'),
    specialty: t.exposeString('specialty'),
    room: t.exposeString('room', { nullable: true }),
    status: t.exposeString('status', {
      description:
        'scheduled (not held once its expected end passed unstarted: shown without tokens for 30 minutes after it), ' +
        'started, completed (ended: shown for 30 minutes after it ended, marked so) or practitioner_canceled ' +
        '(cancelled: shown without tokens for the rest of its planned time, at least 30 minutes after the cancel).',
    }),
    startTime: t.field({ type: 'DateTime', resolve: (s) => s.startTime }),
    expectedStart: t.field({ type: 'DateTime', description: 'The start moved by a marked delay; the actual start once started; the planned start once cancelled.', resolve: (s) => s.expectedStart }),
    expectedEnd: t.field({
      type: 'DateTime',
      description: 'The planned end moved by a marked delay: a scheduled session not started by then was not held (shown so for 30 minutes, then gone).',
      resolve: (s) => s.expectedEnd,
    }),
    delayMinutes: t.exposeInt('delayMinutes', { nullable: true }),
    endedAt: t.field({ type: 'DateTime', nullable: true, description: 'When it ended; null while it has not.', resolve: (s) => s.endedAt }),
    nowSeeing: t.exposeInt('nowSeeing', { nullable: true, description: 'The token with the doctor now.' }),
    next: t.field({ type: [BoardTokenRef], description: 'The next booked tokens, lowest first.', resolve: (s) => s.next }),
  }),
});

const DisplayBoardRef = builder.objectRef<DisplayBoard>('DisplayBoard').implement({
  description: "A hospital's waiting-room board: today's sessions that are not over, then those cancelled or not held, then those that ended in the last 30 minutes.",
  fields: (t) => ({
    hospitalName: t.exposeString('hospitalName'),
    updatedAt: t.field({ type: 'DateTime', resolve: (b) => b.updatedAt }),
    sessions: t.field({ type: [BoardSessionRef], resolve: (b) => b.sessions }),
  }),
});

function isBoard(payload: unknown): payload is DisplayBoard {
  return typeof payload === 'object' && payload !== null && 'sessions' in payload && 'hospitalName' in payload;
}

/** What the board's stream yields: the first board, 'read' (a session of the hospital changed), 'revoked'. */
type BoardStep = DisplayBoard | 'read' | 'revoked';

/**
 * The first board, then 'read' for every change of a session of the hospital, then 'revoked' once
 * the display is revoked, after which the stream ends. Ending it ends the pub/sub subscription.
 */
function boardSteps(ctx: GraphQLContext, organizationId: string, first: DisplayBoard, events: AsyncIterable<unknown>): AsyncIterableIterator<BoardStep> {
  const iterator = events[Symbol.asyncIterator]();
  let pending: DisplayBoard | null = first;
  let ended = false;
  const end = async (): Promise<IteratorResult<BoardStep>> => {
    ended = true;
    pending = null;
    await iterator.return?.();
    return { done: true, value: undefined };
  };
  const result: AsyncIterableIterator<BoardStep> = {
    async next() {
      if (pending) {
        const value = pending;
        pending = null;
        return { done: false, value };
      }
      for (;;) {
        if (ended) {
          return { done: true, value: undefined };
        }
        const step = await iterator.next();
        if (step.done) {
          return end();
        }
        if (isDisplayRevoked(step.value)) {
          ended = true;
          await iterator.return?.();
          return { done: false, value: 'revoked' };
        }
        const sessionId = (step.value as { id?: unknown } | null)?.id;
        if (typeof sessionId === 'string' && (await concernsBoard(ctx.database.db, ctx.tenant.id, organizationId, sessionId))) {
          return { done: false, value: 'read' };
        }
      }
    },
    return: end,
    async throw(error?: unknown) {
      await end();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return result;
    },
  };
  return result;
}

builder.queryField('displayBoard', (t) =>
  t.field({
    type: DisplayBoardRef,
    description:
      "A hospital's waiting-room board (issue 32 §3.6), for a display token's secret: today's sessions with the doctor, room, " +
      'token being seen and the next tokens with their expected times. No patient data. ARO-E4062 for a secret unknown, revoked or of another hospital.',
    args: { hospitalId: t.arg.id({ required: true }), secret: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const hospitalId = String(args.hospitalId);
      await checkDisplay(ctx.database.db, ctx.tenant.id, hospitalId, args.secret);
      return readDisplayBoard(ctx.database.db, ctx.tenant.id, hospitalId);
    },
  }),
);

builder.subscriptionField('subscribeDisplayBoard', (t) =>
  t.field({
    type: DisplayBoardRef,
    description:
      'Live: the board (as displayBoard) at once, then after every change of a session of the hospital. Revoking the display ' +
      'ends it at once with ARO-E4062 (on every instance); each delivery checks the display again.',
    args: { hospitalId: t.arg.id({ required: true }), secret: t.arg.string({ required: true }) },
    subscribe: async (_root, args, ctx) => {
      const hospitalId = String(args.hospitalId);
      const displayId = await checkDisplay(ctx.database.db, ctx.tenant.id, hospitalId, args.secret);
      if (!ctx.pubsub) {
        throw new Error('subscribeDisplayBoard called outside a websocket');
      }
      // Listen first, then read: a change committed between the two is not lost.
      const events = await ctx.pubsub.subscribe([tenantSessionsTopic(ctx.tenant.id), displayTokenTopic(ctx.tenant.id, displayId)]);
      try {
        return boardSteps(ctx, hospitalId, await readDisplayBoard(ctx.database.db, ctx.tenant.id, hospitalId), events);
      } catch (error) {
        await events[Symbol.asyncIterator]().return?.();
        throw error;
      }
    },
    resolve: async (payload: unknown, args, ctx) => {
      if (isBoard(payload)) {
        return payload;
      }
      if (payload === 'revoked') {
        throw new AppError('ARO-E4062');
      }
      const hospitalId = String(args.hospitalId);
      await checkDisplay(ctx.database.db, ctx.tenant.id, hospitalId, args.secret);
      return readDisplayBoard(ctx.database.db, ctx.tenant.id, hospitalId);
    },
  }),
);

builder.queryField('staffDisplayTokens', (t) =>
  t.field({
    ...staffOperation('displays.manage'),
    type: [DisplayTokenRef],
    description: "The hospital's waiting-room displays, newest first, revoked ones too (admins).",
    args: { organizationId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => listStaffDisplays(deps(ctx, args.organizationId)),
  }),
);

builder.mutationField('staffCreateDisplayToken', (t) =>
  t.field({
    ...staffOperation('displays.manage'),
    type: CreatedDisplayRef,
    description: "Creates a waiting-room display for the hospital; its secret is answered once (kept hashed); audited.",
    args: { organizationId: t.arg.id({ required: true }), name: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) =>
      createStaffDisplay(deps(ctx, args.organizationId), args.name, feedbackLinkOrigin(ctx.tenant.hosts) ?? ctx.requestOrigin ?? ''),
  }),
);

builder.mutationField('staffRevokeDisplayToken', (t) =>
  t.field({
    ...staffOperation('displays.manage'),
    type: DisplayTokenRef,
    description: 'Revokes a display: its boards are refused at once and the open ones end; audited.',
    args: { organizationId: t.arg.id({ required: true }), displayTokenId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => revokeStaffDisplay(deps(ctx, args.organizationId), String(args.displayTokenId)),
  }),
);
