import { describe, expect, it } from 'vitest';
import {
  CREATABLE_ORDER_CATEGORIES,
  ORDER_CATEGORIES,
  ORDER_STATUSES,
  ORDER_TEXTS,
  REQUEST_NEW_LABELS,
  orderHeaderLabel,
  orderListTexts,
  orderStatusLabel,
} from '@careline/domain/orders';
import { readCatalogue } from '../../catalogue-files.ts';

const ordersListsEn = readCatalogue('orders/lists', 'en');

describe('order list texts (spec doc 3 §2 Order lists, §8)', () => {
  it('English holds the spec’s error, empty and button texts character for character', () => {
    expect(ordersListsEn['orders.lists.error.orders']).toBe(orderListTexts('orders').error);
    expect(ordersListsEn['orders.lists.error.labTests']).toBe(orderListTexts('labTests').error);
    expect(ordersListsEn['orders.lists.empty.orders']).toBe(orderListTexts('orders').empty);
    expect(ordersListsEn['orders.lists.empty.labTests']).toBe(orderListTexts('labTests').empty);
    expect(ordersListsEn['orders.lists.loadMore']).toBe(ORDER_TEXTS.loadMoreOrder);
    expect(ordersListsEn['orders.lists.title.orders']).toBe(ORDER_TEXTS.allOrders);
    expect(ordersListsEn['orders.lists.requestedAt']).toBe(ORDER_TEXTS.requestedAt);
  });

  it('the request buttons name what the spec asks for: Medicine, Lab Test, Medical service', () => {
    for (const category of CREATABLE_ORDER_CATEGORIES) {
      expect(ordersListsEn[`orders.lists.requestNew.${category}`]).toBe(
        `Request a new ${REQUEST_NEW_LABELS[category]}`,
      );
    }
  });

  it('headers and status labels read as the domain makes them', () => {
    for (const category of ORDER_CATEGORIES) {
      expect(ordersListsEn[`orders.lists.header.${category}`]).toBe(orderHeaderLabel(category));
    }
    for (const status of ORDER_STATUSES) {
      expect(ordersListsEn[`orders.lists.status.${status}`]).toBe(orderStatusLabel(status));
    }
  });
});
