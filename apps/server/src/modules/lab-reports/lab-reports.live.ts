import type { GraphQLContext } from '../../graphql/context.ts';
import { publishOrderChanged } from '../orders/index.ts';

/** What is published when a report of an account was issued: enough to filter, never the report. */
export type LabReportIssuedEvent = { id: string; patientId: string };

/**
 * The live topic of one account's lab reports: every issue of a version, from a lab order or the
 * desk. The spec names no report subscription (doc 3 §7 Subscriptions: service request,
 * appointment, communication, chat); subscribeDiagnosticReport (ours, issue 11: "the patient's
 * screen updates live when a report is issued") listens here, so a desk report, which has no order
 * to announce it on subscribeServiceRequest, reaches the patient's screen too.
 * @param tenantId - the tenant
 * @param accountId - the patient account that owns the reports
 */
export function accountLabReportsTopic(tenantId: string, accountId: string): string {
  return `lab-reports:${tenantId}:${accountId}`;
}

/**
 * Tells live subscribers a report was issued, after the change committed: the account's lab report
 * topic, and, for a report of a lab order, the order's own topics (the patient's order view and
 * lab tracker, which the shell already subscribes to, and the hospital's staff queue). A failed
 * publish is logged and does not undo the change: the app reads the report when it next loads.
 * @param ctx - publish and log of the request
 * @param tenantId - the tenant
 * @param accountId - the account that owns the report
 * @param report - the report's id and profile, and its order (id, intent, hospital) when it has one
 */
export async function publishLabReportIssued(
  ctx: Pick<GraphQLContext, 'publish'> & { log?: Pick<GraphQLContext['log'], 'warn'> },
  tenantId: string,
  accountId: string,
  report: LabReportIssuedEvent & {
    order: { id: string; intent: string; organizationId: string | null; category: string } | null;
  },
): Promise<void> {
  const event: LabReportIssuedEvent = { id: report.id, patientId: report.patientId };
  try {
    await ctx.publish(accountLabReportsTopic(tenantId, accountId), event);
  } catch (error) {
    ctx.log?.warn({ err: error, diagnosticReportId: report.id }, 'lab report issue not published');
  }
  if (report.order) {
    await publishOrderChanged(ctx, tenantId, accountId, {
      id: report.order.id,
      patientId: report.patientId,
      intent: report.order.intent,
      organizationId: report.order.organizationId,
      category: report.order.category,
    });
  }
}
