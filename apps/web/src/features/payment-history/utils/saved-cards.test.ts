import { describe, expect, it } from 'vitest';
import type { AccountView } from '../../../lib/session';
import { accountHolderName, savedCards } from './saved-cards.ts';

const method = (id: string, defaultMethod = false) => ({
  id,
  type: 'card',
  status: 'active',
  cardExpiry: '12-2030',
  cardType: '001',
  cardNumber: '411111XXXXXXXXXX',
  defaultMethod,
});

describe('savedCards', () => {
  it('puts the account’s default first and marks it', () => {
    const cards = savedCards({ paymentMethods: [method('m1'), method('m2')], defaultPaymentMethod: 'm2' });
    expect(cards.map((card) => [card.id, card.isDefault])).toEqual([
      ['m2', true],
      ['m1', false],
    ]);
    expect(cards[0]).toMatchObject({ typeName: 'Visa', maskedNumber: '411111XXXXXXXXXX', expiry: '12-2030' });
  });
  it('falls back to the card’s own flag when the account names no default', () => {
    const cards = savedCards({ paymentMethods: [method('m1'), method('m2', true)], defaultPaymentMethod: null });
    expect(cards[0]?.id).toBe('m2');
  });
});

describe('accountHolderName', () => {
  const patient = (givenName: string, relationship: string | null) =>
    ({ givenName, displayName: `Mrs ${givenName}`, relationship }) as AccountView['patientList'][number];
  it('is the Me profile, else the first, else the mobile number', () => {
    expect(accountHolderName({ patientList: [patient('Nimali', 'Mother'), patient('Kamala', 'Me')] }, '94771234567')).toBe('Kamala');
    expect(accountHolderName({ patientList: [patient('Nimali', 'Mother')] }, null)).toBe('Nimali');
    expect(accountHolderName(null, '94771234567')).toBe('+94771234567');
  });
});
