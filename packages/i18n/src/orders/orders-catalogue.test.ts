import { describe, expect, it } from 'vitest';
import { compileCatalogue, readCatalogue, readOrdersCatalogue } from '../catalogue-files.ts';
import { catalogueProblems } from '../check.ts';
import { messages as importedEn } from './messages-en.ts';
import { messages as importedSi } from './messages-si.ts';
import { messages as importedTa } from './messages-ta.ts';

const en = readCatalogue('catalogues', 'en');
const staffEn = readCatalogue('staff', 'en');
const consultationsEn = readCatalogue('consultations', 'en');
const ordersEn = readOrdersCatalogue('en');
const ordersSi = readOrdersCatalogue('si');
const ordersTa = readOrdersCatalogue('ta');

describe('order catalogues', () => {
  it.each([
    ['si', ordersSi],
    ['ta', ordersTa],
  ] as const)('%s has every key of en, no other, with the same placeholders and its plural forms', (locale, catalogue) => {
    expect(catalogueProblems(ordersEn, catalogue, locale)).toEqual([]);
  });

  it('en is sound against itself', () => {
    expect(catalogueProblems(ordersEn, ordersEn, 'en')).toEqual([]);
  });

  it("keys carry the part's prefix and none is shared with another catalogue (all merge into one instance)", () => {
    const keys = Object.keys(ordersEn);
    expect(keys.filter((key) => !/^orders\.(create|view|lists|payment)\./.test(key))).toEqual([]);
    expect(keys.filter((key) => key in en || key in staffEn || key in consultationsEn)).toEqual([]);
  });

  it('what the app imports (the parts’ PO files, compiled by @lingui/vite-plugin) is their texts, compiled', () => {
    expect(importedEn).toEqual(compileCatalogue(ordersEn));
    expect(importedSi).toEqual(compileCatalogue(ordersSi));
    expect(importedTa).toEqual(compileCatalogue(ordersTa));
  });
});
