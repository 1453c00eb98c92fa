/** Loyalty information on the profile card (spec doc 1 §2 Profiles screen). */

/** A loyalty account as queryOneProfile returns it (docs/api-contract.md LoyaltyAccount). */
export type LoyaltyAccount = {
  id: string;
  patientId: string;
  patientRelationship: string | null;
  name: string;
  activePoints: number;
  rate: number;
};

/**
 * The accounts to show: those with zero active points are hidden (spec doc 1 §2).
 * @param accounts - every loyalty account
 */
export function visibleLoyaltyAccounts<T extends Pick<LoyaltyAccount, 'activePoints'>>(accounts: T[]): T[] {
  return accounts.filter((account) => account.activePoints !== 0);
}

/**
 * The money value of points: points divided by rate (spec doc 1 §2); 0 when the rate is not a positive number.
 * @param points - active points
 * @param rate - points per unit of money
 */
export function loyaltyAmount(points: number, rate: number): number {
  if (!Number.isFinite(rate) || rate <= 0 || !Number.isFinite(points)) {
    return 0;
  }
  return points / rate;
}
