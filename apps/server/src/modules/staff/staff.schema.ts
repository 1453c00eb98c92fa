import { STAFF_ROLES } from '@careline/domain/staff';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { staffOperation, staffSelfOperation } from '../../graphql/staff-auth.ts';
import type { StaffViewer } from './staff.access-sessions.ts';
import { staffAccessError, staffPolicies } from './staff.permissions.ts';
import {
  createStaffUser,
  listStaff,
  setStaffRoles,
  staffChangePassword,
  staffAccountNow,
  staffMe,
  staffSignIn,
  staffSignOut,
  type StaffDeps,
  type StaffMembershipView,
  type StaffUserView,
} from './staff.service.ts';

function staffDeps(ctx: GraphQLContext): StaffDeps {
  return {
    db: ctx.database.db,
    tenantId: ctx.tenant.id,
    correlationId: ctx.correlationId,
    clientIp: ctx.clientIp,
    log: ctx.log,
  };
}

/** Topic on which a staff member's own account changes (roles set by an admin) are published. */
export const staffAccountTopic = (tenantId: string, staffUserId: string): string =>
  `tenant:${tenantId}:staff-account:${staffUserId}`;

/** The staff member of a request whose scope check passed. */
export function signedInStaff(ctx: GraphQLContext): StaffViewer {
  if (!ctx.staff) {
    throw staffAccessError(ctx);
  }
  return ctx.staff;
}

export const StaffRoleEnum = builder.enumType('StaffRole', { values: STAFF_ROLES });

const StaffMembershipRef = builder.objectRef<StaffMembershipView>('StaffMembership').implement({
  fields: (t) => ({
    organizationId: t.exposeID('organizationId'),
    organizationName: t.exposeString('organizationName'),
    role: t.field({ type: StaffRoleEnum, resolve: (m) => m.role }),
    practitionerId: t.exposeID('practitionerId', { nullable: true }),
    // The console shows only what a role may do (role-aware navigation), from the one policy table.
    allowedActions: t.stringList({
      description: 'The policy actions this role may run in this hospital.',
      resolve: (m) =>
        Object.entries(staffPolicies)
          .filter(([, roles]) => (roles as readonly string[]).includes(m.role))
          .map(([action]) => action),
    }),
  }),
});

export const StaffUserRef = builder.objectRef<StaffUserView>('StaffUser').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    displayName: t.exposeString('displayName'),
    mustChangePassword: t.exposeBoolean('mustChangePassword'),
    disabled: t.exposeBoolean('disabled'),
    memberships: t.field({ type: [StaffMembershipRef], resolve: (user) => user.memberships }),
  }),
});

const StaffSignInResultRef = builder
  .objectRef<{ token: string; staff: StaffUserView }>('StaffSignInResult')
  .implement({
    fields: (t) => ({
      token: t.exposeString('token'),
      staff: t.field({ type: StaffUserRef, resolve: (result) => result.staff }),
    }),
  });

const CreatedStaffUserRef = builder
  .objectRef<{ user: StaffUserView; temporaryPassword: string }>('CreatedStaffUser')
  .implement({
    fields: (t) => ({
      user: t.field({ type: StaffUserRef, resolve: (result) => result.user }),
      /** Shown once to the admin, who hands it over; it must be changed at first sign-in. */
      temporaryPassword: t.exposeString('temporaryPassword'),
    }),
  });

const StaffRoleInputRef = builder.inputType('StaffRoleInput', {
  fields: (t) => ({
    role: t.field({ type: StaffRoleEnum, required: true }),
    practitionerId: t.id({ required: false }),
  }),
});

const CreateStaffUserInputRef = builder.inputType('CreateStaffUserInput', {
  fields: (t) => ({
    email: t.string({ required: true }),
    displayName: t.string({ required: true }),
    roles: t.field({ type: [StaffRoleInputRef], required: true }),
  }),
});

builder.mutationField('staffSignIn', (t) =>
  t.field({
    type: StaffSignInResultRef,
    description: 'Staff sign-in with email and password; limited per account and per address.',
    args: {
      email: t.arg.string({ required: true }),
      password: t.arg.string({ required: true }),
    },
    resolve: (_root, args, ctx) => staffSignIn(staffDeps(ctx), args),
  }),
);

builder.mutationField('staffSignOut', (t) =>
  t.boolean({
    ...staffSelfOperation,
    resolve: async (_root, _args, ctx) => {
      const staff = signedInStaff(ctx);
      await staffSignOut(staffDeps(ctx), staff);
      ctx.endLiveSession(staff.accessSessionId);
      return true;
    },
  }),
);

builder.mutationField('staffChangePassword', (t) =>
  t.field({
    ...staffSelfOperation,
    type: StaffUserRef,
    args: {
      currentPassword: t.arg.string({ required: true }),
      newPassword: t.arg.string({ required: true }),
    },
    resolve: (_root, args, ctx) => staffChangePassword(staffDeps(ctx), signedInStaff(ctx), args),
  }),
);

builder.queryField('staffMe', (t) =>
  t.field({
    ...staffSelfOperation,
    type: StaffUserRef,
    resolve: (_root, _args, ctx) => staffMe(staffDeps(ctx), signedInStaff(ctx)),
  }),
);

builder.queryField('staffUsers', (t) =>
  t.field({
    ...staffOperation('staff.users.list'),
    type: [StaffUserRef],
    args: { organizationId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) =>
      listStaff(staffDeps(ctx), signedInStaff(ctx), String(args.organizationId)),
  }),
);

builder.mutationField('createStaffUser', (t) =>
  t.field({
    ...staffOperation('staff.users.create'),
    type: CreatedStaffUserRef,
    args: {
      organizationId: t.arg.id({ required: true }),
      input: t.arg({ type: CreateStaffUserInputRef, required: true }),
    },
    resolve: (_root, args, ctx) =>
      createStaffUser(staffDeps(ctx), signedInStaff(ctx), String(args.organizationId), args.input),
  }),
);

builder.mutationField('setStaffRoles', (t) =>
  t.field({
    ...staffOperation('staff.users.setRoles'),
    type: StaffUserRef,
    args: {
      organizationId: t.arg.id({ required: true }),
      staffUserId: t.arg.id({ required: true }),
      roles: t.arg({ type: [StaffRoleInputRef], required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const user = await setStaffRoles(
        staffDeps(ctx),
        signedInStaff(ctx),
        String(args.organizationId),
        String(args.staffUserId),
        { roles: args.roles },
      );
      // The member's open consoles update their navigation at once (staffAccountChanged). The change
      // is committed: a lost live update must not turn it into an error.
      try {
        await ctx.publish(staffAccountTopic(ctx.tenant.id, user.id), { staffUserId: user.id });
      } catch (error) {
        ctx.log.warn({ err: error }, 'staff account change not published');
      }
      return user;
    },
  }),
);

builder.subscriptionField('staffAccountChanged', (t) =>
  t.field({
    ...staffSelfOperation,
    type: StaffUserRef,
    description:
      "Live: the signed-in staff member's own account after an admin changed it (roles), so the console's navigation follows at once.",
    subscribe: async (_root, _args, ctx) => {
      const staff = signedInStaff(ctx);
      if (!ctx.pubsub) {
        throw new Error('staffAccountChanged called outside a websocket');
      }
      return ctx.pubsub.subscribe(staffAccountTopic(ctx.tenant.id, staff.staffUserId));
    },
    resolve: (_payload, _args, ctx) => staffAccountNow(staffDeps(ctx), signedInStaff(ctx).staffUserId),
  }),
);
