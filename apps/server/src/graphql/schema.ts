import type { GraphQLSchema } from 'graphql';
import { builder } from './builder.ts';
// Each module adds its types to the builder when imported.
import '../modules/tenants/tenants.schema.ts';
import '../modules/hospitals/hospitals.schema.ts';
import '../modules/hospitals/staff-practitioners.schema.ts';
import '../modules/consultations/consultations.schema.ts';
import '../modules/consultations/appointments.schema.ts';
import '../modules/consultations/temporary-appointments.schema.ts';
import '../modules/auth/auth.schema.ts';
import '../modules/profiles/profiles.schema.ts';
import '../modules/accounts/accounts.schema.ts';
import '../modules/staff/staff.schema.ts';
import '../modules/audit/audit.schema.ts';
import '../modules/consultations/staff-sessions.schema.ts';
import '../modules/consultations/display-board.schema.ts';
import '../modules/consultations/upcoming-appointments.schema.ts';
import '../modules/loyalty/loyalty.schema.ts';
import '../modules/orders/orders.schema.ts';
import '../modules/orders/staff-orders.schema.ts';
import '../modules/payments/payments.schema.ts';
import '../modules/payments/staff-payments.schema.ts';
import '../modules/lab-reports/staff-lab-reports.schema.ts';
import '../modules/lab-reports/lab-results-import.schema.ts';
import '../modules/chat/chat.schema.ts';
import '../modules/video/video.schema.ts';
import '../modules/questionnaires/questionnaires.schema.ts';

let schema: GraphQLSchema | null = null;

/** The executable schema, built once per process. */
export function buildSchema(): GraphQLSchema {
  schema ??= builder.toSchema({ sortSchema: true });
  return schema;
}
