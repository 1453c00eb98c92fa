import { QUERY_LIMITS } from '@careline/domain/constants';
import { builder } from '../../graphql/builder.ts';
import {
  listOrganizations,
  listPractitioners,
  type OrganizationRecord,
  type PractitionerRecord,
} from './hospitals.service.ts';

/** A hospital of the tenant's group (spec doc 1 §3 Organization). */
export const OrganizationRef = builder.objectRef<OrganizationRecord>('Organization').implement({
  description: 'A hospital of the group (spec doc 1 §3).',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    city: t.exposeString('city', { nullable: true }),
    phone: t.exposeString('phone', { nullable: true }),
    labReportHeaderImageUrl: t.exposeString('labReportHeaderImageUrl', { nullable: true }),
    labReportFooterImageUrl: t.exposeString('labReportFooterImageUrl', { nullable: true }),
  }),
});

type RoleCoding = { code: string; display: string };
const PractitionerRoleCodingRef = builder
  .objectRef<RoleCoding>('PractitionerRoleCoding')
  .implement({
    fields: (t) => ({ code: t.exposeString('code'), display: t.exposeString('display') }),
  });

const PractitionerNameRef = builder.objectRef<PractitionerRecord>('PractitionerName').implement({
  fields: (t) => ({
    prefix: t.exposeString('prefix'),
    given: t.stringList({ resolve: (p) => [p.givenName] }),
    family: t.exposeString('familyName'),
    text: t.exposeString('text'),
  }),
});

/** A doctor, data only (spec doc 1 §3 Practitioner). */
export const PractitionerRef = builder.objectRef<PractitionerRecord>('Practitioner').implement({
  description: 'A doctor (spec doc 1 §3). roles never include the role Doctor.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.field({ type: PractitionerNameRef, resolve: (p) => p }),
    active: t.exposeBoolean('active'),
    roles: t.field({ type: [PractitionerRoleCodingRef], resolve: (p) => p.roles }),
    includeNoShowInPractitionerPayment: t.exposeBoolean('includeNoShowInPractitionerPayment'),
  }),
});

builder.queryField('queryOrganization', (t) =>
  t.field({
    type: [OrganizationRef],
    description: "The tenant's active hospitals, sorted naturally by name. Public.",
    resolve: (_root, _args, ctx) => listOrganizations(ctx.database.db, ctx.tenant.id),
  }),
);

builder.queryField('queryPractitioner', (t) =>
  t.field({
    type: [PractitionerRef],
    description: 'Active practitioners with a role (spec doc 1 §5, §7). Public.',
    args: {
      limit: t.arg.int({ defaultValue: QUERY_LIMITS.practitioners }),
      has: t.arg.string({ description: 'Doctor search text (spec doc 1 §5) or a role code.' }),
    },
    resolve: (_root, args, ctx) =>
      listPractitioners(ctx.database.db, ctx.tenant.id, { limit: args.limit, has: args.has }),
  }),
);
