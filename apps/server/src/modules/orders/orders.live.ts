import type { GraphQLContext } from '../../graphql/context.ts';

/** What is published when an order changed: enough to filter, never the order itself. */
export type OrderChangedEvent = { id: string; patientId: string; intent: string };

/**
 * The live topic of one account's orders: every change of an order of its profiles is published
 * here, by the patient's calls and (later) by staff's.
 * @param tenantId - the tenant
 * @param accountId - the patient account that owns the orders
 */
export function accountOrdersTopic(tenantId: string, accountId: string): string {
  return `orders:${tenantId}:${accountId}`;
}

/**
 * Tells live subscribers an order changed, after the change committed. A failed publish is logged
 * and does not undo the change: the app still reads the order when it next loads.
 * @param ctx - publish and log of the request
 * @param tenantId - the tenant
 * @param accountId - the account that owns the order
 * @param order - the order's id, profile and intent
 */
export async function publishOrderChanged(
  ctx: Pick<GraphQLContext, 'publish' | 'log'>,
  tenantId: string,
  accountId: string,
  order: OrderChangedEvent,
): Promise<void> {
  const event: OrderChangedEvent = { id: order.id, patientId: order.patientId, intent: order.intent };
  try {
    await ctx.publish(accountOrdersTopic(tenantId, accountId), event);
  } catch (error) {
    ctx.log.warn({ err: error, serviceRequestId: order.id }, 'order change not published');
  }
}
