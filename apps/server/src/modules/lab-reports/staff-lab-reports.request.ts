import type { GraphQLContext } from '../../graphql/context.ts';
import { staffHospitalRequest, type StaffAction } from '../../graphql/staff-auth.ts';
import type { StaffLabReportDeps } from './staff-lab-reports.service.ts';

/**
 * What a staff lab report operation needs, from a GraphQL request: the staff member acting in the
 * hospital for the action (staffHospitalRequest), the SMS sender and brand, the blob store and log.
 * @param ctx - the request's context
 * @param action - the operation's policy key
 * @param organizationId - the hospital, as the operation's argument
 */
export function staffLabReportRequest(
  ctx: GraphQLContext,
  action: StaffAction,
  organizationId: string | number,
): StaffLabReportDeps {
  return {
    ...staffHospitalRequest(ctx, action, organizationId),
    smsOutbox: ctx.smsOutbox,
    brand: ctx.tenant.publicConfig.branding.hospitalName,
    blobStore: ctx.providers.blobStore,
    log: ctx.log,
  };
}
