import { describe, expect, it } from 'vitest';
import { loyaltyAmount, visibleLoyaltyAccounts } from './loyalty.ts';

// spec doc 1 §2: Amount is points divided by rate; accounts with zero active points are hidden.
describe('loyalty', () => {
  it('hides zero-point accounts', () => {
    const accounts = [
      { id: 'a', activePoints: 0 },
      { id: 'b', activePoints: 150 },
      { id: 'c', activePoints: 0 },
      { id: 'd', activePoints: 1 },
    ];
    expect(visibleLoyaltyAccounts(accounts).map((account) => account.id)).toEqual(['b', 'd']);
  });

  it.each([
    [150, 10, 15],
    [100, 4, 25],
    [1, 2, 0.5],
    [0, 10, 0],
    [150, 0, 0],
    [150, -1, 0],
    [150, Number.NaN, 0],
  ])('%d points at rate %d → %d', (points, rate, amount) => {
    expect(loyaltyAmount(points, rate)).toBe(amount);
  });
});
