import { describe, expect, it } from 'vitest';
import { en } from '../catalogues/en.ts';
import { catalogueProblems } from '../check.ts';
import { compileCatalogue } from '../compile.ts';
import { consultationsEn } from '../consultations/en.ts';
import { staffEn } from '../staff/en.ts';
import { messages as compiledEn } from './compiled/en.ts';
import { messages as compiledSi } from './compiled/si.ts';
import { messages as compiledTa } from './compiled/ta.ts';
import { ordersEn } from './en.ts';
import { ordersSi } from './si.ts';
import { ordersTa } from './ta.ts';

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

  it('the compiled catalogues are up to date (run `npm run i18n:compile` after editing a catalogue)', () => {
    expect(compiledEn).toEqual(compileCatalogue(ordersEn));
    expect(compiledSi).toEqual(compileCatalogue(ordersSi));
    expect(compiledTa).toEqual(compileCatalogue(ordersTa));
  });
});
