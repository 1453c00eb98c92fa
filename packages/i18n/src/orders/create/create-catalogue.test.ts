import { describe, expect, it } from 'vitest';
import { ORDER_TEXTS, type OrderTextKey } from '@careline/domain/orders';
import { readCatalogue } from '../../catalogue-files.ts';

const ordersCreateEn = readCatalogue('orders/create', 'en');

describe('order creation catalogue (spec doc 3 §2 Order creation screen, §4, §8)', () => {
  it("'orders.create.text.<key>' is ORDER_TEXTS[key] character for character", () => {
    const specKeys = Object.keys(ordersCreateEn).filter((key) => key.startsWith('orders.create.text.'));
    expect(specKeys.length).toBe(14);
    for (const key of specKeys) {
      const textKey = key.slice('orders.create.text.'.length) as OrderTextKey;
      expect(ordersCreateEn[key], key).toBe(ORDER_TEXTS[textKey]);
    }
  });
});
