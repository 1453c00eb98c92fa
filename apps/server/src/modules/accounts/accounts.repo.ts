import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loyaltyAccounts } from '../../db/schema/index.ts';

export type LoyaltyAccountRow = typeof loyaltyAccounts.$inferSelect;

export async function listLoyaltyAccounts(
  db: DbOrTx,
  tenantId: string,
  patientIds: string[],
): Promise<LoyaltyAccountRow[]> {
  if (patientIds.length === 0) {
    return [];
  }
  return db
    .select()
    .from(loyaltyAccounts)
    .where(and(inArray(loyaltyAccounts.patientId, patientIds), eq(loyaltyAccounts.tenantId, tenantId)))
    .orderBy(asc(loyaltyAccounts.createdAt), asc(loyaltyAccounts.id));
}
