import { and, asc, eq, exists, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, paymentMethods } from '../../db/schema/index.ts';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/** Every query below is scoped by tenant and account: ids from a request never reach another account. */
export type CardOwner = { tenantId: string; accountId: string };

/** The account's saved cards that are not deleted, oldest first. */
export async function listPaymentMethods(
  db: DbOrTx,
  owner: CardOwner,
): Promise<PaymentMethodRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.accountId, owner.accountId),
        eq(paymentMethods.tenantId, owner.tenantId),
        ne(paymentMethods.status, 'deleted'),
      ),
    )
    .orderBy(asc(paymentMethods.createdAt), asc(paymentMethods.id));
}

/**
 * Deletes a saved card of the account: kept as a row for payment history, without its gateway token.
 * False when the id is not one of the account's cards.
 */
export async function deletePaymentMethodRow(
  db: DbOrTx,
  owner: CardOwner,
  id: string,
): Promise<boolean> {
  const rows = await db
    .update(paymentMethods)
    .set({ status: 'deleted', gatewayToken: null })
    .where(
      and(
        eq(paymentMethods.id, id),
        eq(paymentMethods.accountId, owner.accountId),
        eq(paymentMethods.tenantId, owner.tenantId),
        ne(paymentMethods.status, 'deleted'),
      ),
    )
    .returning({ id: paymentMethods.id });
  return rows.length === 1;
}

/** Clears the account's default card when it is the given one. */
export async function clearDefaultPaymentMethod(
  db: DbOrTx,
  owner: CardOwner,
  id: string,
): Promise<void> {
  await db
    .update(accounts)
    .set({ defaultPaymentMethodId: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(accounts.id, owner.accountId),
        eq(accounts.tenantId, owner.tenantId),
        eq(accounts.defaultPaymentMethodId, id),
      ),
    );
}

/** Makes a card the default, only if it is one of the account's live cards (one conditional UPDATE). */
export async function setDefaultPaymentMethodRow(
  db: DbOrTx,
  owner: CardOwner,
  id: string,
): Promise<boolean> {
  const rows = await db
    .update(accounts)
    .set({ defaultPaymentMethodId: id, updatedAt: sql`now()` })
    .where(
      and(
        eq(accounts.id, owner.accountId),
        eq(accounts.tenantId, owner.tenantId),
        exists(
          db
            .select({ one: sql`1` })
            .from(paymentMethods)
            .where(
              and(
                eq(paymentMethods.id, id),
                eq(paymentMethods.accountId, owner.accountId),
                eq(paymentMethods.tenantId, owner.tenantId),
                ne(paymentMethods.status, 'deleted'),
              ),
            ),
        ),
      ),
    )
    .returning({ id: accounts.id });
  return rows.length === 1;
}
