import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chargingSchemes } from '../../db/schema/index.ts';

/** A charging scheme as the session form lists it (spec doc 2 §3 Charging scheme). */
export type StaffChargingSchemeView = {
  id: string;
  name: string;
  practitionerId: string | null;
  currency: string;
  /** The sum of its fee lines. */
  total: number;
};

/**
 * The hospital's active charging schemes, by name.
 * @param db - database or transaction
 * @param scope - tenant and hospital
 */
export async function listHospitalChargingSchemes(
  db: DbOrTx,
  scope: { tenantId: string; organizationId: string },
): Promise<StaffChargingSchemeView[]> {
  const rows = await db
    .select({
      id: chargingSchemes.id,
      name: chargingSchemes.name,
      practitionerId: chargingSchemes.practitionerId,
      currency: chargingSchemes.currency,
      items: chargingSchemes.items,
    })
    .from(chargingSchemes)
    .where(
      and(
        eq(chargingSchemes.tenantId, scope.tenantId),
        eq(chargingSchemes.organizationId, scope.organizationId),
        eq(chargingSchemes.status, 'active'),
      ),
    )
    .orderBy(asc(chargingSchemes.name), asc(chargingSchemes.id));
  return rows.map(({ items, ...row }) => ({
    ...row,
    total: items.reduce((sum, item) => sum + (Number.isFinite(item.amount) ? item.amount : 0), 0),
  }));
}
