import { AppError } from '@careline/domain/errors';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { patientOperation, requireViewer } from '../../graphql/patient-auth.ts';
import { patientAppointmentDeps } from './appointments.schema.ts';
import { findSessionForBooking } from './appointments.repo.ts';
import { createTemporaryAppointmentLive } from './patient-appointments.service.ts';
import { reserveBlock, type TemporaryAppointmentView } from './temporary-appointments.service.ts';
import { UUID_PATTERN as UUID } from '@careline/domain/ids';

// The reserve (pay later) path of spec doc 2 §4 Booking step 4 in the API:
// - createAppointment(patientId, sessionId, appointmentBookingType: "reserve"): reserve for an existing profile;
// - createTemporaryAppointment(sessionId): hold a place while the patient has no profile yet;
// - createAppointment(patientId, sessionId, temporaryAppointmentId): confirm it for the new profile;
// - reserveAvailable(sessionId): whether the reserve path is open for the session (domain canReserve).
// A temporary appointment has no patient, so it is its own type rather than an Appointment.

function reserveScope(ctx: GraphQLContext, sessionId: string) {
  const viewer = requireViewer(ctx);
  return {
    tenantId: ctx.tenant.id,
    accountId: viewer.accountId,
    sessionId,
    reserveEnabled: ctx.tenant.publicConfig.features.channelling.reserve,
    correlationId: ctx.correlationId,
    actor: { kind: 'patient' as const, accountId: viewer.accountId },
  };
}

/** A place held for a patient who has no profile yet (spec doc 2 §4 Booking step 4). */
const TemporaryAppointmentRef = builder
  .objectRef<TemporaryAppointmentView>('TemporaryAppointment')
  .implement({
    description:
      'A place held in a session before the patient has a profile (booking type temporary, status temporary; spec doc 2 §4). ' +
      'Confirmed by createAppointment with temporaryAppointmentId; released when its hold ends unconfirmed.',
    fields: (t) => ({
      id: t.exposeID('id'),
      sessionId: t.exposeID('sessionId'),
      tokenNo: t.exposeInt('tokenNo'),
      status: t.exposeString('status', { description: "'temporary', 'confirmed' or 'released'." }),
      bookingType: t.exposeString('bookingType'),
      holdExpiresAt: t.field({
        type: 'DateTime',
        description: 'When the place is released if it is still not confirmed.',
        resolve: (a) => new Date(a.holdExpiresAt),
      }),
      appointmentId: t.exposeID('appointmentId', {
        nullable: true,
        description: 'The appointment it became, once confirmed.',
      }),
    }),
  });

builder.mutationField('createTemporaryAppointment', (t) =>
  t.field({
    ...patientOperation,
    type: TemporaryAppointmentRef,
    description:
      "Holds the session's next token for the account while the patient's profile is being created (spec doc 2 §4 " +
      'Booking step 4, reserve path): released after TEMPORARY_APPOINTMENT_HOLD_MS unless confirmed by createAppointment ' +
      'with temporaryAppointmentId. Only where reserving is allowed: the channelling.reserve feature (ARO-E4045), a total ' +
      'above 0 (ARO-E4046), no paid appointments in the session (ARO-E4047); ARO-E4001 full, ARO-E4002 no longer bookable. ' +
      'An account without a profile holds one place at a time: asking again answers the one held, a hold in another ' +
      'session gives the earlier place back; an account with a profile reserves for it (ARO-E4050).',
    args: {
      sessionId: t.arg.id({ required: true }),
      idempotencyKey: t.arg.string({ description: 'One key per tap, reused on retry.' }),
    },
    resolve: (_root, args, ctx) =>
      createTemporaryAppointmentLive(patientAppointmentDeps(ctx), {
        sessionId: String(args.sessionId),
        idempotencyKey: args.idempotencyKey ?? null,
        reserveEnabled: ctx.tenant.publicConfig.features.channelling.reserve,
        holdMs: ctx.env.TEMPORARY_APPOINTMENT_HOLD_MS,
        jobs: ctx.jobs,
      }),
  }),
);

builder.queryField('reserveAvailable', (t) =>
  t.boolean({
    ...patientOperation,
    description:
      'Whether the reserve (pay later) path is open for a session (spec doc 2 §4 Booking step 4): the channelling.reserve ' +
      'feature, a total above 0 and no paid appointments in it. Whether the chosen profile already has an appointment ' +
      'there is the client’s to add. ARO-E2001 unknown session.',
    args: { sessionId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const scope = reserveScope(ctx, String(args.sessionId));
      const session = UUID.test(scope.sessionId)
        ? await findSessionForBooking(ctx.database.db, scope.tenantId, scope.sessionId)
        : null;
      if (!session) {
        throw new AppError('ARO-E2001');
      }
      return (await reserveBlock(ctx.database.db, scope)) === null;
    },
  }),
);
