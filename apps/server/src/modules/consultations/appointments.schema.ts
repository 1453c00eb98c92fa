import { AppError } from '@careline/domain/errors';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { patientOperation } from '../../graphql/patient-auth.ts';
import { requireViewer } from '../auth/auth.policy.ts';
import { bookAppointment, cancelAppointment, type BookedAppointment } from './appointments.service.ts';
import { consultationSessionTopic } from './consultations.schema.ts';

const AppointmentRef = builder.objectRef<BookedAppointment>('Appointment').implement({
  description: 'A numbered appointment in a consultation session (spec doc 2 §3 Appointment).',
  fields: (t) => ({
    id: t.exposeID('id'),
    sessionId: t.exposeID('sessionId'),
    patientId: t.exposeID('patientId'),
    tokenNo: t.exposeInt('tokenNo'),
    appointmentStatus: t.exposeString('appointmentStatus'),
    paymentStatus: t.exposeString('paymentStatus'),
    appointmentOriginChannel: t.exposeString('appointmentOriginChannel'),
  }),
});

/** Tells the session's live subscribers that its places changed, once the change has committed. */
async function publishSessionChange(ctx: GraphQLContext, appointment: BookedAppointment): Promise<void> {
  await ctx.publish(consultationSessionTopic(ctx.tenant.id, appointment.sessionId), {
    id: appointment.sessionId,
    changed: 'appointments',
  });
}

builder.mutationField('createAppointment', (t) =>
  t.field({
    ...patientOperation,
    type: AppointmentRef,
    description:
      'Books the next token of a session for one of the account’s profiles, paying at the hospital (spec doc 2 §4 Booking). ' +
      'ARO-E4001 full, ARO-E4002 no longer bookable, ARO-E4003 the profile already holds a place in it.',
    args: {
      patientId: t.arg.id({ required: true }),
      sessionId: t.arg.id({ required: true }),
      idempotencyKey: t.arg.string({
        description: 'One key per tap on Book, reused on retry: a double tap or a retry gives one appointment and the same answer.',
      }),
    },
    resolve: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      const appointment = await bookAppointment(ctx.database.db, {
        tenantId: ctx.tenant.id,
        accountId: viewer.accountId,
        patientId: String(args.patientId),
        sessionId: String(args.sessionId),
        originChannel: 'patient_app',
        idempotencyKey: args.idempotencyKey ?? null,
        correlationId: ctx.correlationId,
        actor: { kind: 'patient', accountId: viewer.accountId },
      });
      await publishSessionChange(ctx, appointment);
      return appointment;
    },
  }),
);

builder.mutationField('patchAppointment', (t) =>
  t.field({
    ...patientOperation,
    type: AppointmentRef,
    description:
      'Changes an appointment of the account (spec doc 2 §7 patchAppointment). Today: status "cancelled", allowed for a ' +
      'booked appointment more than 24 hours before its session (spec doc 2 §4 Cancel): ARO-E4004 not booked any more, ' +
      'ARO-E4005 within 24 hours; needs the appointmentCancel feature (ARO-E1210 when off).',
    args: {
      id: t.arg.id({ required: true }),
      status: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx);
      if (args.status !== 'cancelled') {
        throw new AppError('ARO-E2002');
      }
      if (!ctx.tenant.publicConfig.features.appointmentCancel.enabled) {
        throw new AppError('ARO-E1210');
      }
      const appointment = await cancelAppointment(ctx.database.db, {
        tenantId: ctx.tenant.id,
        accountId: viewer.accountId,
        appointmentId: String(args.id),
        now: new Date(),
        correlationId: ctx.correlationId,
        actor: { kind: 'patient', accountId: viewer.accountId },
      });
      await publishSessionChange(ctx, appointment);
      return appointment;
    },
  }),
);
