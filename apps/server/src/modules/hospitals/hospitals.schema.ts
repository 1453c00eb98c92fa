import { QUERY_LIMITS } from '@careline/domain/constants';
import { builder } from '../../graphql/builder.ts';
import {
  listOrganizations,
  listPractitioners,
  searchSessions,
  type OrganizationRecord,
  type PractitionerRecord,
  type SessionRecord,
} from './hospitals.service.ts';

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

const SessionPractitionerRef = builder
  .objectRef<SessionRecord['practitioner']>('SessionPractitioner')
  .implement({
    fields: (t) => ({
      id: t.exposeID('id'),
      text: t.exposeString('text'),
      includeNoShowInPractitionerPayment: t.exposeBoolean('includeNoShowInPractitionerPayment'),
    }),
  });

const SessionPractitionerRoleRef = builder
  .objectRef<SessionRecord>('SessionPractitionerRole')
  .implement({
    fields: (t) => ({
      display: t.exposeString('practitionerRoleDisplay'),
      code: t.exposeString('practitionerRoleCode'),
      codeDisplay: t.exposeString('practitionerRoleDisplay'),
    }),
  });

const SessionOrganizationRef = builder
  .objectRef<SessionRecord['organization']>('SessionOrganization')
  .implement({
    fields: (t) => ({ id: t.exposeID('id'), orgName: t.exposeString('name') }),
  });

const SessionLocationRef = builder.objectRef<SessionRecord>('SessionLocation').implement({
  fields: (t) => ({
    locationName: t.exposeString('locationName', { nullable: true }),
    locationImageUrl: t.exposeString('locationImageUrl', { nullable: true }),
    hospitalId: t.id({ resolve: (s) => s.organization.id }),
  }),
});

/** A consultation session (spec doc 2 §3 Session). Other modules may add fields to it. */
export const SessionRef = builder.objectRef<SessionRecord>('Session').implement({
  description: 'A doctor consultation session (spec doc 2 §3).',
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.exposeString('status'),
    startTime: t.field({ type: 'DateTime', resolve: (s) => s.startTime }),
    endTime: t.field({ type: 'DateTime', resolve: (s) => s.endTime }),
    sessionStartedTime: t.field({
      type: 'DateTime',
      nullable: true,
      resolve: (s) => s.sessionStartedTime,
    }),
    sessionCompletedTime: t.field({
      type: 'DateTime',
      nullable: true,
      resolve: (s) => s.sessionCompletedTime,
    }),
    appointmentMaxAllowed: t.exposeInt('appointmentMaxAllowed', {
      description: '-1 means unlimited.',
    }),
    type: t.exposeString('type'),
    participationMode: t.exposeString('participationMode', {
      description: "'in_person' or 'remote_presence_video_call'.",
    }),
    practitioner: t.field({ type: SessionPractitionerRef, resolve: (s) => s.practitioner }),
    practitionerRole: t.field({ type: SessionPractitionerRoleRef, resolve: (s) => s }),
    organization: t.field({ type: SessionOrganizationRef, resolve: (s) => s.organization }),
    location: t.field({ type: SessionLocationRef, resolve: (s) => s }),
    specialty: t.exposeString('practitionerRoleDisplay'),
    serviceType: t.exposeString('serviceTypeCode', {
      description: "'2' consultation, '3' procedure.",
    }),
    serviceCategory: t.exposeString('serviceCategory', { nullable: true }),
    chargingSchemeId: t.exposeID('chargingSchemeId', { nullable: true }),
    paidAppointments: t.exposeInt('paidAppointments'),
    appointmentCount: t.exposeInt('appointmentCount', {
      description: 'Appointments not cancelled.',
    }),
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

builder.queryField('querySession', (t) =>
  t.field({
    type: [SessionRef],
    description: 'Consultation sessions, earliest first (spec doc 2 §7). Public.',
    args: {
      id: t.arg.id(),
      startTime: t.arg({
        type: 'DateTime',
        description: 'Defaults to the start of today when no id is given.',
      }),
      status: t.arg.stringList(),
      serviceTypeCodingCode: t.arg.string(),
      actorReference: t.arg.stringList({
        description: "'Practitioner/{id}' or 'Organization/{id}'.",
      }),
      practitionerRoleCodingCode: t.arg.string(),
      extensionParticipationMode: t.arg.string(),
      limit: t.arg.int({ defaultValue: QUERY_LIMITS.sessions }),
    },
    resolve: (_root, args, ctx) =>
      searchSessions(ctx.database.db, ctx.tenant.id, {
        id: args.id === null || args.id === undefined ? null : String(args.id),
        startTime: args.startTime,
        status: args.status,
        serviceTypeCodingCode: args.serviceTypeCodingCode,
        actorReference: args.actorReference,
        practitionerRoleCodingCode: args.practitionerRoleCodingCode,
        extensionParticipationMode: args.extensionParticipationMode,
        limit: args.limit,
      }),
  }),
);
