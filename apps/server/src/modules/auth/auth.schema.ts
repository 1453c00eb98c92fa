import { builder } from '../../graphql/builder.ts';
import { revokeAccessSession } from './auth.sessions.ts';

builder.mutationField('logout', (t) =>
  t.boolean({
    description: 'Ends the access session of the token sent with this request.',
    resolve: async (_root, _args, ctx) => {
      if (ctx.viewer) {
        await revokeAccessSession(ctx.database.db, ctx.viewer.sessionId);
      }
      return true;
    },
  }),
);
