import { describe, expect, it } from 'vitest';
import { keyForSubmit } from './submit-key.ts';

let counter = 0;
const newKey = () => `key-${++counter}`;
const input = { name: { given: ['Nimal'] }, birthDate: '1990-05-07' };

describe('keyForSubmit (one idempotency key per submit, issue 6 §2)', () => {
  it('makes a key for a first submit', () => {
    expect(keyForSubmit(null, input, newKey).key).toMatch(/^key-\d+$/);
  });

  it('reuses the key when the same input is submitted again after a failure', () => {
    const first = keyForSubmit(null, input, newKey);
    const retry = keyForSubmit(first, { name: { given: ['Nimal'] }, birthDate: '1990-05-07' }, newKey);
    expect(retry.key).toBe(first.key);
  });

  it('makes a new key when the input changed, or after a success (previous reset to null)', () => {
    const first = keyForSubmit(null, input, newKey);
    expect(keyForSubmit(first, { ...input, birthDate: '1990-05-08' }, newKey).key).not.toBe(first.key);
    expect(keyForSubmit(null, input, newKey).key).not.toBe(first.key);
  });
});
