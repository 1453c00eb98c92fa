import { builder } from '../../graphql/builder.ts';
import { patientOperation, requireViewer } from '../../graphql/patient-auth.ts';
import { AppointmentRef } from './appointments.schema.ts';
import { listUpcomingAppointments, UPCOMING_APPOINTMENTS_MAX } from './upcoming-appointments.service.ts';

builder.queryField('queryUpcomingAppointments', (t) =>
  t.field({
    ...patientOperation,
    type: [AppointmentRef],
    description:
      "Upcoming events of the account's own profiles (spec doc 2 §4, issue 8 §10): sessions from the start of today " +
      '(hospital time) on, not cancelled, fulfilled or entered_in_error, soonest first. Another account\'s ids give [].',
    args: {
      patientIds: t.arg.idList({ description: 'Only these profiles; all of the account when omitted.' }),
      limit: t.arg.int({ defaultValue: UPCOMING_APPOINTMENTS_MAX }),
    },
    resolve: (_root, args, ctx) =>
      listUpcomingAppointments(
        ctx.database.db,
        { tenantId: ctx.tenant.id, accountId: requireViewer(ctx).accountId },
        { patientIds: args.patientIds?.map(String) ?? null, limit: args.limit },
      ),
  }),
);
