import { UUID_PATTERN as UUID } from '@careline/domain/ids';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { TenantPublicConfig } from '@careline/domain/tenant';
import { ownProfileIds } from '../profiles/index.ts';
import { createServiceRequest, type CreateOrderArgs } from './order-create.service.ts';
import { patchChangesOrder, patchServiceRequest, type OrderPatch } from './order-patch.service.ts';
import { publishOrderChanged, type OrderChangedEvent } from './orders.live.ts';
import { findOwnedServiceRequest, type Owner } from './orders.repo.ts';
import type { OrderRequest, OrderView } from './orders.service.ts';

/*
 * The patient's order operations as the live screens see them (spec doc 3 §7 Subscriptions): a change
 * is published after it commits, and a subscription hears only the orders it may see.
 */

/** Publish and log of the request, for the live update after a change. */
export type OrderLive = Parameters<typeof publishOrderChanged>[0];

/**
 * Creates an order ({@link createServiceRequest}) and tells the account's and the hospital's live
 * screens after commit.
 * @param live - publish and log of the request
 * @param db - database
 * @param request - tenant, account, correlation id and idempotency key
 * @param config - the tenant's public config
 * @param args - the order asked for
 */
export async function createServiceRequestLive(
  live: OrderLive,
  db: Db,
  request: OrderRequest,
  config: TenantPublicConfig,
  args: CreateOrderArgs,
): Promise<OrderView> {
  const order = await createServiceRequest(db, request, config, args);
  await publishOrderChanged(live, request.tenantId, request.accountId, order);
  return order;
}

/**
 * Changes an order ({@link patchServiceRequest}) and tells its live screens after commit, unless the
 * patch only stamped a heartbeat.
 * @param live - publish and log of the request
 * @param db - database
 * @param request - tenant, account, correlation id and idempotency key
 * @param input - the order, the version the app read and the patch
 */
export async function patchServiceRequestLive(
  live: OrderLive,
  db: Db,
  request: OrderRequest,
  input: { id: string; expectedVersion: number; patch: OrderPatch },
): Promise<OrderView> {
  const order = await patchServiceRequest(db, request, input);
  // A heartbeat stamp alone is no change to show: publishing it would reload every open screen
  // of the order (and the console's audited live reads) on each patient page view.
  if (patchChangesOrder(input.patch)) {
    await publishOrderChanged(live, request.tenantId, request.accountId, order);
  }
  return order;
}

/**
 * Which published order changes a patient's subscription hears: an order of the account's profiles
 * (those asked for, decided once at subscribe time: ids of another account are dropped for good),
 * never a reflex_order (spec doc 3 §4), nor one the list hides (purpose Administration, sensitive),
 * whoever changed it.
 * @param db - database
 * @param own - tenant and the signed-in account
 * @param patientIds - the profiles asked for; null for all of the account's
 */
export async function ownOrderEventFilter(
  db: DbOrTx,
  own: Owner,
  patientIds: readonly (string | number)[] | null | undefined,
): Promise<(event: unknown) => Promise<boolean>> {
  const allowed = patientIds ? await ownProfileIds(db, own, patientIds) : null;
  return async (event) => {
    const order = event as Partial<OrderChangedEvent> | null;
    return (
      typeof order?.id === 'string' &&
      UUID.test(order.id) &&
      order.intent !== 'reflex_order' &&
      (allowed === null || (typeof order.patientId === 'string' && allowed.has(order.patientId))) &&
      (await findOwnedServiceRequest(db, own, order.id)) !== null
    );
  };
}
