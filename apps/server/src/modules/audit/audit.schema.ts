import type { StaffRole } from '@careline/domain/staff';
import { builder } from '../../graphql/builder.ts';
import { staffOperation } from '../../graphql/staff-auth.ts';
import { browseAuditTrail, type AuditEventView } from './audit.service.ts';

/** The reader's roles in the hospital (the scope has let them in as its admin). */
function readerRoles(
  // The member's memberships only (the staff module depends on this one, not the other way round).
  staff: { memberships: readonly { organizationId: string; role: StaffRole }[] } | null,
  organizationId: string,
): StaffRole[] {
  return (staff?.memberships ?? [])
    .filter((membership) => membership.organizationId === organizationId)
    .map((membership) => membership.role);
}

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
    patientName: t.exposeString('patientName', {
      nullable: true,
      description: "The patient's name, when the row concerns a patient.",
    }),
    patientMobileNo: t.exposeString('patientMobileNo', {
      nullable: true,
      description:
        "The patient's mobile number: in full ('+94 77 123 4567') for a reader whose roles in the hospital may look patients up by number, masked ('+94 77 *** **67') for any other.",
    }),
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
    action: t.string({ required: false, description: 'One of the trail’s actions (AUDIT_ACTIONS).' }),
    staffUserId: t.id({ required: false, description: 'Rows of this staff member as the actor.' }),
    patientAccountId: t.id({
      required: false,
      description: 'Rows about this patient account: its own actions, and reads of its data.',
    }),
    patient: t.string({
      required: false,
      description:
        "Rows about a patient found by 2 to 100 characters: part of the name, or digits of the mobile number (07…, 947… or +94 7…).",
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
          patient: args.filter?.patient ?? null,
          from: args.filter?.from ?? null,
          to: args.filter?.to ?? null,
          first: args.first ?? null,
          after: args.after ?? null,
        },
        readerRoles(ctx.staff, String(args.organizationId)),
      ),
  }),
);
