import { describe, expect, it } from 'vitest';
import { newPayKey, payKeyFor } from './pay-key.ts';

describe('the idempotency key of a tap on Pay (docs/api-contract.md Retried writes)', () => {
  let counter = 0;
  const fresh = () => `k-${++counter}`;

  it('a first tap gets a new key', () => {
    expect(payKeyFor(null, ['inv-1', false], fresh).key).toMatch(/^k-/);
  });

  it('a retry of the same request after a failure keeps the key; another request gets a new one', () => {
    const first = payKeyFor(null, ['inv-1', false], fresh);
    expect(payKeyFor(first, ['inv-1', false], fresh)).toBe(first);
    expect(payKeyFor(first, ['inv-1', true], fresh).key).not.toBe(first.key);
  });

  it('fresh keys differ', () => {
    expect(newPayKey()).not.toBe(newPayKey());
  });
});
