import type { GraphQLContext } from '../../graphql/context.ts';

/** What is published when an order changed: enough to filter, never the order itself. */
export type OrderChangedEvent = { id: string; patientId: string; intent: string };

/** What the hospital's staff topic carries: the order and its category, for the console's filters. */
export type StaffOrderChangedEvent = { id: string; category: string };

/**
 * The live topic of one account's orders: every change of an order of its profiles is published
 * here, by the patient's calls and by staff's.
 * @param tenantId - the tenant
 * @param accountId - the patient account that owns the orders
 */
export function accountOrdersTopic(tenantId: string, accountId: string): string {
  return `orders:${tenantId}:${accountId}`;
}

/**
 * The live topic of one hospital's orders (the staff console's queues): every change of an order of
 * the hospital is published here, by the patient's calls and by staff's.
 * @param tenantId - the tenant
 * @param organizationId - the hospital
 */
export function staffOrdersTopic(tenantId: string, organizationId: string): string {
  return `staff-orders:${tenantId}:${organizationId}`;
}

/**
 * Tells live subscribers an order changed, after the change committed: the account's topic, and the
 * hospital's staff topic when the order names its hospital and category. A failed publish is logged
 * and does not undo the change: the app still reads the order when it next loads.
 * @param ctx - publish and log of the request
 * @param tenantId - the tenant
 * @param accountId - the account that owns the order
 * @param order - the order's id, profile and intent (and its hospital and category for staff)
 */
export async function publishOrderChanged(
  ctx: Pick<GraphQLContext, 'publish'> & { log?: Pick<GraphQLContext['log'], 'warn'> },
  tenantId: string,
  accountId: string,
  order: OrderChangedEvent & { organizationId?: string | null; category?: string },
): Promise<void> {
  const event: OrderChangedEvent = { id: order.id, patientId: order.patientId, intent: order.intent };
  try {
    await ctx.publish(accountOrdersTopic(tenantId, accountId), event);
  } catch (error) {
    ctx.log?.warn({ err: error, serviceRequestId: order.id }, 'order change not published');
  }
  if (order.organizationId && order.category) {
    const staffEvent: StaffOrderChangedEvent = { id: order.id, category: order.category };
    try {
      await ctx.publish(staffOrdersTopic(tenantId, order.organizationId), staffEvent);
    } catch (error) {
      ctx.log?.warn({ err: error, serviceRequestId: order.id }, 'order change not published to staff');
    }
  }
}
