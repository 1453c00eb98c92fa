import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { gatewayEvents } from '../../db/schema/index.ts';

/* Gateway events: each gateway answer recorded once per transaction and decision (issue 9 §3). */

/**
 * Records a gateway answer once per (tenant, gateway, event key): the new row's id, or null when
 * the same answer was recorded before (a replay, or its twin from the other channel).
 * @param tx - transaction
 * @param row - the event
 */
export async function insertGatewayEvent(tx: Tx, row: typeof gatewayEvents.$inferInsert): Promise<string | null> {
  const [inserted] = await tx
    .insert(gatewayEvents)
    .values(row)
    .onConflictDoNothing({ target: [gatewayEvents.tenantId, gatewayEvents.gateway, gatewayEvents.eventKey] })
    .returning({ id: gatewayEvents.id });
  return inserted?.id ?? null;
}

/**
 * Notes that the browser came back with an answer the merchant notification brought first: its
 * source becomes 'notify+return', so the cashier's reconciliation list (notifications without a
 * browser return, issue 9 §9) leaves it out.
 * @param tx - transaction
 * @param key - tenant, gateway and event key of the recorded answer
 */
export async function markGatewayEventReturned(
  tx: Tx,
  key: { tenantId: string; gateway: string; eventKey: string },
): Promise<void> {
  await tx
    .update(gatewayEvents)
    .set({ source: 'notify+return' })
    .where(
      and(
        eq(gatewayEvents.tenantId, key.tenantId),
        eq(gatewayEvents.gateway, key.gateway),
        eq(gatewayEvents.eventKey, key.eventKey),
        eq(gatewayEvents.source, 'notify'),
      ),
    );
}

/**
 * Sets the outcome of a recorded gateway event.
 * @param tx - transaction
 * @param id - the event
 * @param outcome - credited, failed, pending or reconcile
 */
export async function setGatewayEventOutcome(tx: Tx, id: string, outcome: string): Promise<void> {
  await tx.update(gatewayEvents).set({ outcome }).where(eq(gatewayEvents.id, id));
}
