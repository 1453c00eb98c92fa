import { QUERY_LIMITS } from '@careline/domain/constants';
import { builder } from '../../graphql/builder.ts';
import { practitionerPhotoUrl } from '../hospitals/index.ts';
import {
  searchConsultationSessions,
  sessionFee,
  type ConsultationSessionRecord,
  type SessionFee,
} from './consultations.service.ts';
import { consultationSessionTopic } from './session-events.ts';

// The topic's home is session-events.ts, beside its publisher; tests and the other schema files take it from here too.
export { consultationSessionTopic };

builder.subscriptionField('subscribeSession', (t) =>
  t.field({
    type: 'JSON',
    description: 'Live changes of one consultation session (spec doc 2 §7 Subscriptions).',
    args: { id: t.arg.id({ required: true }) },
    subscribe: async (_root, args, ctx, info) => {
      const topic = consultationSessionTopic(ctx.tenant.id, String(args.id));
      // The event itself, the same for everyone: one execution per event for every subscriber.
      if (ctx.sharedLive) {
        return ctx.sharedLive.subscribe(ctx, info, topic);
      }
      if (!ctx.pubsub) {
        throw new Error('subscribeSession called outside a websocket');
      }
      return ctx.pubsub.subscribe(topic);
    },
    resolve: (payload) => payload,
  }),
);

const SessionPractitionerRef = builder
  .objectRef<ConsultationSessionRecord['practitioner']>('SessionPractitioner')
  .implement({
    fields: (t) => ({
      id: t.exposeID('id'),
      text: t.exposeString('text'),
      includeNoShowInPractitionerPayment: t.exposeBoolean('includeNoShowInPractitionerPayment'),
      photoUrl: t.string({
        nullable: true,
        description:
          "The doctor's photo, a small square JPEG cached for good (issue 29 §4.14); null: show initials.",
        resolve: (p) => practitionerPhotoUrl(p.photoBlobId),
      }),
    }),
  });

const SessionFeeRef = builder.objectRef<SessionFee>('SessionFee').implement({
  description: "A session's fee: what its invoice totals (issue 29 §4.14).",
  fields: (t) => ({
    amount: t.exposeString('amount', { description: "2 decimals, e.g. '2500.00'." }),
    currency: t.exposeString('currency'),
  }),
});

const SessionPractitionerRoleRef = builder
  .objectRef<ConsultationSessionRecord>('SessionPractitionerRole')
  .implement({
    fields: (t) => ({
      display: t.exposeString('practitionerRoleDisplay'),
      code: t.exposeString('practitionerRoleCode'),
      codeDisplay: t.exposeString('practitionerRoleDisplay'),
    }),
  });

const SessionOrganizationRef = builder
  .objectRef<ConsultationSessionRecord['organization']>('SessionOrganization')
  .implement({
    fields: (t) => ({ id: t.exposeID('id'), orgName: t.exposeString('name') }),
  });

const SessionLocationRef = builder.objectRef<ConsultationSessionRecord>('SessionLocation').implement({
  fields: (t) => ({
    locationName: t.exposeString('locationName', { nullable: true }),
    locationImageUrl: t.exposeString('locationImageUrl', { nullable: true }),
    hospitalId: t.id({ resolve: (s) => s.organization.id }),
  }),
});

/** A consultation session (spec doc 2 §3 Session). Other modules may add fields to it. */
export const ConsultationSessionRef = builder.objectRef<ConsultationSessionRecord>('Session').implement({
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
    delayMinutes: t.exposeInt('delayMinutes', {
      nullable: true,
      description: "The doctor's delay staff marked, in minutes (issue 32 §1.4); null when none was marked.",
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
    fee: t.field({
      type: SessionFeeRef,
      nullable: true,
      description: "The session's fee as its invoice totals it; null without a charging scheme.",
      resolve: (s, _args, ctx) =>
        sessionFee(ctx.database.db, { id: ctx.tenant.id, currency: ctx.tenant.publicConfig.currency }, s),
    }),
    paidAppointments: t.exposeInt('paidAppointments'),
    appointmentCount: t.exposeInt('appointmentCount', {
      description: 'Appointments not cancelled.',
    }),
  }),
});

builder.queryField('querySession', (t) =>
  t.field({
    type: [ConsultationSessionRef],
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
      searchConsultationSessions(ctx.database.db, ctx.tenant.id, {
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
