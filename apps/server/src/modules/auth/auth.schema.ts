import type { SignInLinkTarget } from '@careline/domain/auth';
import { builder } from '../../graphql/builder.ts';
import { LanguageEnum } from '../../graphql/language.ts';
import { authDepsOf } from './auth.deps.ts';
import {
  completeAuthentication,
  initiateAuthentication,
  initiateLinkAuthentication,
  signOut,
  type AuthResult,
  type LinkAuthentication,
} from './auth.service.ts';

const AuthChallengeRef = builder.objectRef<{ id: string }>('AuthChallenge').implement({
  fields: (t) => ({ id: t.exposeID('id') }),
});

const AuthResultRef = builder.objectRef<AuthResult>('AuthResult').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    accessToken: t.exposeString('accessToken', { nullable: true }),
    outcome: t.exposeString('outcome'),
  }),
});

const LinkTargetRef = builder.objectRef<SignInLinkTarget>('LinkTarget').implement({
  fields: (t) => ({
    kind: t.exposeString('kind'),
    mobileNo: t.exposeString('mobileNo'),
    patientIndex: t.int({
      nullable: true,
      resolve: (target) => (target.kind === 'appointment' ? target.patientIndex : null),
    }),
    sessionId: t.id({
      nullable: true,
      resolve: (target) => (target.kind === 'appointment' ? target.sessionId : null),
    }),
    appointmentId: t.id({
      nullable: true,
      resolve: (target) => (target.kind === 'appointment' ? target.appointmentId : null),
    }),
    orderId: t.id({ nullable: true, resolve: (target) => (target.kind === 'order' ? target.orderId : null) }),
  }),
});

const LinkAuthenticationRef = builder.objectRef<LinkAuthentication>('LinkAuthentication').implement({
  fields: (t) => ({
    id: t.exposeID('id', { nullable: true }),
    alreadySignedIn: t.exposeBoolean('alreadySignedIn'),
    target: t.field({ type: LinkTargetRef, resolve: (link) => link.target }),
  }),
});

builder.mutationField('initiateAuthentication', (t) =>
  t.field({
    type: AuthChallengeRef,
    description: 'Sends a 4-digit code by SMS (spec doc 1 §4 Sign-in); again within the code life is a resend.',
    args: {
      username: t.arg.string({ required: true }),
      language: t.arg({
        type: LanguageEnum,
        description: "The app's language, for the SMS of a number that has no account language yet (issue 6 §5).",
      }),
    },
    resolve: (_root, args, ctx) => initiateAuthentication(authDepsOf(ctx), args.username, args.language ?? null),
  }),
);

builder.mutationField('completeAuthentication', (t) =>
  t.field({
    type: AuthResultRef,
    description: 'Checks the code and returns an access token (spec doc 1 §4 Sign-in).',
    args: { id: t.arg.id({ required: true }), verificationCode: t.arg.int({ required: true }) },
    resolve: (_root, args, ctx) =>
      completeAuthentication(authDepsOf(ctx), String(args.id), args.verificationCode),
  }),
);

builder.mutationField('initiateLinkAuthentication', (t) =>
  t.field({
    type: LinkAuthenticationRef,
    description: 'Starts sign-in from a signed link (spec doc 1 §4 Link sign-in).',
    args: {
      token: t.arg.string({ required: true }),
      language: t.arg({
        type: LanguageEnum,
        description: "The app's language, for the SMS of a number that has no account language yet (issue 6 §5).",
      }),
    },
    resolve: (_root, args, ctx) =>
      initiateLinkAuthentication(authDepsOf(ctx), ctx.viewer, args.token, args.language ?? null),
  }),
);

builder.mutationField('logout', (t) =>
  t.boolean({
    description: 'Ends the access session of the token sent with this request.',
    resolve: async (_root, _args, ctx) => {
      if (ctx.viewer) {
        await signOut(ctx.database.db, ctx.viewer, ctx.correlationId);
        ctx.endLiveSession(ctx.viewer.accessSessionId);
      }
      return true;
    },
  }),
);
