import { describe, expect, it } from 'vitest';
import { baseTenantConfig } from '../tenant/base.ts';
import {
  ORDER_CATEGORIES,
  ORDER_CATEGORY_CODES,
  ORDER_CATEGORY_LABELS,
  ORDER_CONTACT_KINDS,
  ORDER_STATUS_FIELDS,
  REQUEST_NEW_LABELS,
  DEFAULT_INITIATED_FOR,
  DEFAULT_INITIATED_FROM,
  isOrderCategory,
  isOrderCategoryEnabled,
  isOrderPaymentEnabled,
  orderChatRoute,
  orderCreateCategory,
  orderCreateRoute,
  orderHeaderLabel,
  orderViewRoute,
  requestAnotherLabel,
} from './categories.ts';

describe('order categories (spec doc 3 §3, §9)', () => {
  it('are Medication, Examination, Procedure and Finance (shown as Admission)', () => {
    expect(ORDER_CATEGORIES).toEqual(['Medication', 'Examination', 'Procedure', 'Finance']);
    expect(ORDER_CATEGORY_LABELS).toEqual({
      Medication: 'Medication',
      Examination: 'Examination',
      Procedure: 'Procedure',
      Finance: 'Admission',
    });
  });

  it('have the codes Procedure 3, Medication 4, Examination 5', () => {
    expect(ORDER_CATEGORY_CODES).toEqual({
      Procedure: '3',
      Medication: '4',
      Examination: '5',
      Finance: null,
    });
  });

  it.each([
    ['Medication', true],
    ['Finance', true],
    ['Admission', false],
    ['medication', false],
  ])('isOrderCategory(%s) is %s', (value, expected) => {
    expect(isOrderCategory(value)).toBe(expected);
  });

  it('keep their status in the matching extension', () => {
    expect(ORDER_STATUS_FIELDS).toEqual({
      Medication: 'medicationOrderStatus',
      Examination: 'examinationOrderStatus',
      Procedure: 'procedureOrderStatus',
      Finance: 'encounterOrderStatus',
    });
    expect(ORDER_CONTACT_KINDS).toEqual({
      Medication: 'medication',
      Examination: 'examination',
      Procedure: 'procedure',
      Finance: 'admission',
    });
  });

  it('default to homecare from heartbeat (spec doc 3 §9)', () => {
    expect(DEFAULT_INITIATED_FOR).toBe('homecare');
    expect(DEFAULT_INITIATED_FROM).toBe('heartbeat');
  });
});

describe('order routes (spec doc 3 §2)', () => {
  it.each([
    ['Medication', '/order/create/Medication', '/chat-home/Medication'],
    ['Examination', '/order/create/Examination', '/chat-home/Examination'],
    ['Procedure', '/order/create/Procedure', '/chat-home/Procedure'],
  ] as const)('%s creates at %s and chats at %s', (category, create, chat) => {
    expect(orderCreateRoute(category)).toBe(create);
    expect(orderChatRoute(category)).toBe(chat);
    expect(orderCreateCategory(category)).toBe(category);
  });

  it.each(['Finance', 'Admission', 'medication', '', 'Medication/x'])(
    '/order/create/%s is not a creation route',
    (segment) => {
      expect(orderCreateCategory(segment)).toBeNull();
    },
  );

  it('the order view carries the order id, and paymentStatus=Success after a payment', () => {
    expect(orderViewRoute('a1b2')).toBe('/order/view?orderId=a1b2');
    expect(orderViewRoute('a1b2', true)).toBe('/order/view?orderId=a1b2&paymentStatus=Success');
    expect(orderViewRoute('a&b')).toBe('/order/view?orderId=a%26b');
  });
});

describe('per-category labels (spec doc 3 §2)', () => {
  it.each([
    ['Medication', 'Medication Order', 'Request Another Medication'],
    ['Examination', 'Examination Order', 'Request Another Examination'],
    ['Procedure', 'Procedure Order', 'Request Another Procedure'],
    ['Finance', 'Admission', null],
  ] as const)('%s: header %s, request another %s', (category, header, another) => {
    expect(orderHeaderLabel(category)).toBe(header);
    expect(requestAnotherLabel(category)).toBe(another);
  });

  it('the lists ask for a new Medicine, Lab Test or Medical service', () => {
    expect(REQUEST_NEW_LABELS).toEqual({
      Medication: 'Medicine',
      Examination: 'Lab Test',
      Procedure: 'Medical service',
    });
  });
});

describe('feature flags (spec doc 3 §1)', () => {
  const features = {
    ...baseTenantConfig.features,
    medicationOrder: { enabled: false, payment: false },
    examinationOrder: { enabled: true, payment: true },
    procedureOrder: { enabled: true, payment: false },
    encounterOrder: { enabled: true, payment: false },
  };

  it.each([
    ['Medication', false, false],
    ['Examination', true, true],
    ['Procedure', true, false],
    ['Finance', true, false],
  ] as const)('%s: offered %s, payable %s', (category, enabled, payment) => {
    expect(isOrderCategoryEnabled(features, category)).toBe(enabled);
    expect(isOrderPaymentEnabled(features, category)).toBe(payment);
  });
});
