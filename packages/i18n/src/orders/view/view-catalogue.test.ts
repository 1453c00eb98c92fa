import { describe, expect, it } from 'vitest';
import { ORDER_TEXTS, type OrderTextKey } from '@careline/domain/orders';
import { readCatalogue } from '../../catalogue-files.ts';

const ordersViewEn = readCatalogue('orders/view', 'en');

describe('order view catalogue (spec doc 3 §2)', () => {
  it("'orders.view.text.<key>' is ORDER_TEXTS[key] character for character", () => {
    const specKeys = Object.keys(ordersViewEn).filter((key) => key.startsWith('orders.view.text.'));
    expect(specKeys.length).toBeGreaterThan(30);
    for (const key of specKeys) {
      const textKey = key.slice('orders.view.text.'.length) as OrderTextKey;
      expect(ordersViewEn[key], key).toBe(ORDER_TEXTS[textKey]);
    }
  });
});
