import { QUERY_LIMITS } from '@careline/domain/constants';
import { builder } from '../../graphql/builder.ts';
import {
  listOrganizations,
  listPractitioners,
  searchDoctors,
  searchSpecialties,
  SEARCH_DEFAULT_LIMIT,
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

/** A specialty: a displayed role name and one of its codes (spec doc 2 §5 specialty search). */
const SpecialtyRef = builder.objectRef<{ code: string; display: string }>('Specialty').implement({
  description: 'A doctor specialty (a displayed role).',
  fields: (t) => ({ code: t.exposeString('code'), display: t.exposeString('display') }),
});

builder.queryField('searchDoctors', (t) =>
  t.field({
    type: [PractitionerRef],
    description:
      'Doctor search (spec doc 1 §5, doc 2 §5): word starts of name or role, or a substring when the text has a space; ' +
      'case-insensitive; optionally only doctors with a session at the organization. ARO-E2002 beyond 100 characters. Public.',
    args: {
      text: t.arg.string({ required: true }),
      organizationId: t.arg.id(),
      limit: t.arg.int({ defaultValue: SEARCH_DEFAULT_LIMIT }),
    },
    resolve: (_root, args, ctx) =>
      searchDoctors(ctx.database.db, ctx.tenant.id, {
        text: args.text,
        organizationId: args.organizationId === null || args.organizationId === undefined ? null : String(args.organizationId),
        limit: args.limit,
      }),
  }),
);

builder.queryField('searchSpecialties', (t) =>
  t.field({
    type: [SpecialtyRef],
    description:
      'Specialty search (spec doc 2 §5): distinct role names starting with the text, case-insensitive. ' +
      'ARO-E2002 beyond 100 characters. Public.',
    args: {
      text: t.arg.string({ required: true }),
      limit: t.arg.int({ defaultValue: SEARCH_DEFAULT_LIMIT }),
    },
    resolve: (_root, args, ctx) => searchSpecialties(ctx.database.db, ctx.tenant.id, { text: args.text, limit: args.limit }),
  }),
);
