import { describe, expect, it } from 'vitest';
import { DOCTOR_REQUESTED_EXCLUDED_CATEGORIES } from '../consultations/appointment-rules.ts';
import {
  nothingToPay,
  buildInvoiceLines,
  CHARGE_CATEGORIES,
  namedFeeLine,
  paymentMethodName,
  refundableMinor,
  type FeeLine,
} from './invoice.ts';

describe('charge categories (spec doc 2 §4 Refund; issue 9 §1)', () => {
  it('are the doctor fee plus the categories a doctor-requested refund leaves out', () => {
    expect(CHARGE_CATEGORIES).toEqual([
      'doctor_fee',
      'hospital_fee',
      'hospital_fee_tax',
      'procedure_fee',
      'origin_channel',
      'payment_instrument',
      'scheme_discount_fee',
      'seasonal_discount_fee',
      'service_charge_fee',
    ]);
    expect(CHARGE_CATEGORIES.slice(1)).toEqual([...DOCTOR_REQUESTED_EXCLUDED_CATEGORIES]);
  });
});

describe('buildInvoiceLines', () => {
  const scheme: FeeLine[] = [
    { category: 'doctor_fee', description: 'Doctor fee', amount: 2500 },
    { category: 'hospital_fee', description: 'Hospital fee', amount: 750.5 },
    { category: 'hospital_fee_tax', description: 'Hospital fee tax', amount: 135.09 },
    { category: 'scheme_discount_fee', description: 'Scheme discount', amount: -100 },
    { category: 'seasonal_discount_fee', description: 'Seasonal discount', amount: 50.25 },
  ];

  it('converts each line to exact minor units, discounts negative, and sums them', () => {
    const { items, totalMinor } = buildInvoiceLines(scheme);
    expect(items.map((item) => item.amountMinor)).toEqual([250000, 75050, 13509, -10000, -5025]);
    expect(items[0]).toEqual({
      category: 'doctor_fee',
      description: 'Doctor fee',
      amountMinor: 250000,
    });
    expect(totalMinor).toBe(250000 + 75050 + 13509 - 10000 - 5025);
  });

  it('sums amounts whose float sum is inexact exactly', () => {
    const { totalMinor } = buildInvoiceLines([
      { category: 'doctor_fee', description: 'Doctor', amount: 0.1 },
      { category: 'hospital_fee', description: 'Hospital', amount: 0.2 },
    ]);
    expect(totalMinor).toBe(30);
  });

  it('never goes below 0', () => {
    const { totalMinor } = buildInvoiceLines([
      { category: 'doctor_fee', description: 'Doctor', amount: 100 },
      { category: 'seasonal_discount_fee', description: 'Free week', amount: 500 },
    ]);
    expect(totalMinor).toBe(0);
  });

  it('is empty with total 0 for no lines', () => {
    expect(buildInvoiceLines([])).toEqual({ items: [], totalMinor: 0 });
  });

  it.each([
    [{ category: 'tip', description: 'Tip', amount: 10 }],
    [{ category: 'doctor_fee', description: 'Doctor', amount: -10 }],
    [{ category: 'hospital_fee', description: 'Hospital', amount: 10.001 }],
    [{ category: 'hospital_fee', description: 'Hospital', amount: Number.NaN }],
  ])('rejects %o', (line) => {
    expect(() => buildInvoiceLines([line])).toThrow(RangeError);
  });
});

describe('refundableMinor (spec doc 2 §4 Refund)', () => {
  const { items } = buildInvoiceLines([
    { category: 'doctor_fee', description: 'Doctor fee', amount: 2500 },
    { category: 'hospital_fee', description: 'Hospital fee', amount: 500 },
    { category: 'hospital_fee_tax', description: 'Hospital fee tax', amount: 90 },
    { category: 'service_charge_fee', description: 'Service charge', amount: 100 },
  ]);

  it('gives back everything when nothing is excluded', () => {
    expect(refundableMinor(items, [])).toBe(319000);
  });

  it('leaves out the hospital categories on a doctor-requested refund', () => {
    expect(refundableMinor(items, DOCTOR_REQUESTED_EXCLUDED_CATEGORIES)).toBe(250000);
  });

  it('never gives back more than was paid, even when an excluded discount lowered the total', () => {
    const discounted = buildInvoiceLines([
      { category: 'doctor_fee', description: 'Doctor fee', amount: 2500 },
      { category: 'scheme_discount_fee', description: 'Scheme discount', amount: 1000 },
    ]);
    expect(discounted.totalMinor).toBe(150000);
    expect(refundableMinor(discounted.items, DOCTOR_REQUESTED_EXCLUDED_CATEGORIES)).toBe(150000);
  });

  it('is 0 when every line is excluded', () => {
    expect(refundableMinor(items, ['doctor_fee', ...DOCTOR_REQUESTED_EXCLUDED_CATEGORIES])).toBe(0);
  });
});

describe('named fee lines and payment methods (issue 29 §1.4)', () => {
  it.each([
    ['Doctor fee', 'doctorFee'],
    ['Hospital fee', 'hospitalFee'],
    ['Hospital fee tax', 'hospitalFeeTax'],
    [' hospital fee TAX ', 'hospitalFeeTax'],
    ['Consultation, Dr Perera', null],
  ] as const)('%s → %s', (description, name) => {
    expect(namedFeeLine(description)).toBe(name);
  });

  it.each([
    ['cyberSource', 'card'],
    ['masterCard', 'card'],
    ['genie', 'genie'],
    ['mobileBill', 'mobileBill'],
    ['cash', 'cash'],
    ['somethingElse', null],
    [null, null],
  ] as const)('gateway %s is the method %s', (gateway, name) => {
    expect(paymentMethodName(gateway)).toBe(name);
  });
});

describe('nothingToPay (spec doc 2 §5: a zero total shows "Can not pay Rs 00.00")', () => {
  it.each([
    // A free session (no charging scheme): nothing to pay, whatever the unpaid status says.
    ['pending', null, true],
    ['notpaid', null, true],
    // Priced by a scheme: the payment is owed.
    ['pending', '7a4b3c2d-0000-4000-8000-000000000001', false],
    ['notpaid', '7a4b3c2d-0000-4000-8000-000000000001', false],
    // Paid stays paid, with or without a scheme now.
    ['paid', null, false],
    ['paid', '7a4b3c2d-0000-4000-8000-000000000001', false],
  ])('payment %s, scheme %s: nothing to pay %s', (paymentStatus, chargingSchemeId, expected) => {
    expect(nothingToPay({ paymentStatus }, { chargingSchemeId })).toBe(expected);
  });
});
