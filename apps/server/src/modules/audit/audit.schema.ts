import { builder } from '../../graphql/builder.ts';
import { staffOperation } from '../../graphql/staff-auth.ts';
import { browseAuditTrail, type AuditEventView } from './audit.service.ts';

const AuditEventRef = builder.objectRef<AuditEventView>('AuditEvent').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    at: t.field({ type: 'DateTime', resolve: (event) => event.at }),
    actorKind: t.exposeString('actorKind'),
    actorId: t.exposeID('actorId'),
    actorName: t.exposeString('actorName', { nullable: true }),
    role: t.exposeString('role', { nullable: true }),
    organizationId: t.exposeID('organizationId', {
      nullable: true,
      description: 'The hospital the row concerns; null for a row of the tenant as a whole.',
    }),
    action: t.exposeString('action'),
    patientAccountId: t.exposeID('patientAccountId', { nullable: true }),
    patientId: t.exposeID('patientId', { nullable: true }),
    correlationId: t.exposeString('correlationId'),
    details: t.field({ type: 'JSON', resolve: (event) => event.details }),
  }),
});

const AuditPageRef = builder
  .objectRef<{ events: AuditEventView[]; nextCursor: string | null }>('AuditPage')
  .implement({
    fields: (t) => ({
      events: t.field({ type: [AuditEventRef], resolve: (page) => page.events }),
      nextCursor: t.exposeString('nextCursor', { nullable: true }),
    }),
  });

const AuditFilterRef = builder.inputType('AuditFilter', {
  fields: (t) => ({
    action: t.string({ required: false }),
    staffUserId: t.id({ required: false, description: 'Rows of this staff member as the actor.' }),
    patientAccountId: t.id({
      required: false,
      description: 'Rows about this patient account: its own actions, and reads of its data.',
    }),
    from: t.field({ type: 'DateTime', required: false }),
    to: t.field({ type: 'DateTime', required: false }),
  }),
});

builder.queryField('auditTrail', (t) =>
  t.field({
    ...staffOperation('audit.browse'),
    type: AuditPageRef,
    description:
      "The audit trail an admin sees from a hospital, newest first: the hospital's rows and the tenant-wide ones (sign-ins, account changes). Read-only: no API edits it.",
    args: {
      organizationId: t.arg.id({ required: true }),
      filter: t.arg({ type: AuditFilterRef, required: false }),
      first: t.arg.int({ required: false }),
      after: t.arg.string({ required: false }),
    },
    resolve: (_root, args, ctx) =>
      browseAuditTrail(
        { db: ctx.database.db, tenantId: ctx.tenant.id },
        String(args.organizationId),
        {
          action: args.filter?.action ?? null,
          staffUserId: args.filter?.staffUserId ? String(args.filter.staffUserId) : null,
          patientAccountId: args.filter?.patientAccountId
            ? String(args.filter.patientAccountId)
            : null,
          from: args.filter?.from ?? null,
          to: args.filter?.to ?? null,
          first: args.first ?? null,
          after: args.after ?? null,
        },
      ),
  }),
);
