import { builder } from '../../graphql/builder.ts';

/** Topic on which a session's changes are published (status, tokens issued). */
export const sessionTopic = (tenantId: string, sessionId: string): string =>
  `tenant:${tenantId}:session:${sessionId}`;

builder.subscriptionField('subscribeSession', (t) =>
  t.field({
    type: 'JSON',
    description: 'Live changes of one consultation session (spec doc 2 §7 Subscriptions).',
    args: { id: t.arg.id({ required: true }) },
    subscribe: async (_root, args, ctx) => {
      if (!ctx.pubsub) {
        throw new Error('subscribeSession called outside a websocket');
      }
      return ctx.pubsub.subscribe(sessionTopic(ctx.tenant.id, String(args.id)));
    },
    resolve: (payload) => payload,
  }),
);
