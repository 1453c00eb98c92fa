import { describe, expect, it } from 'vitest';
import { payerNames } from './payer.ts';

describe('payerNames (spec doc 2 §5: names sent to the payment provider must contain a letter)', () => {
  it.each([
    ['Nimal', 'Perera', 'Nimal', 'Perera'],
    ['Nimal', '.', 'Nimal', 'Nimal'],
    ['123', 'Perera', 'Perera', 'Perera'],
    ['', 'Perera', 'Perera', 'Perera'],
    ['Nimal', '', 'Nimal', 'Nimal'],
    ['  Nimal ', ' Perera  ', 'Nimal', 'Perera'],
    ['නිමල්', '-', 'නිමල්', 'නිමල්'],
    ['-', 'குமார்', 'குமார்', 'குமார்'],
    ['J.', 'Silva', 'J.', 'Silva'],
    ['.', '-', '.', '-'],
  ])('%j %j → %j %j', (given, family, forename, surname) => {
    expect(payerNames(given, family)).toEqual({ forename, surname });
  });
});
