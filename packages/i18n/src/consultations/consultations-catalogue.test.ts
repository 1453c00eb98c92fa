/// <reference types="../po-modules.d.ts" />
import { describe, expect, it } from 'vitest';
import { compileCatalogue, readCatalogue } from '../catalogue-files.ts';
import { catalogueProblems } from '../check.ts';
import { messages as importedEn } from './en.po';
import { messages as importedSi } from './si.po';
import { messages as importedTa } from './ta.po';

const en = readCatalogue('catalogues', 'en');
const staffEn = readCatalogue('staff', 'en');
const consultationsEn = readCatalogue('consultations', 'en');
const consultationsSi = readCatalogue('consultations', 'si');
const consultationsTa = readCatalogue('consultations', 'ta');

describe('consultation catalogues', () => {
  it.each([
    ['si', consultationsSi],
    ['ta', consultationsTa],
  ] as const)('%s has every key of en, no other, with the same placeholders and its plural forms', (locale, catalogue) => {
    expect(catalogueProblems(consultationsEn, catalogue, locale)).toEqual([]);
  });

  it('en is sound against itself', () => {
    expect(catalogueProblems(consultationsEn, consultationsEn, 'en')).toEqual([]);
  });

  it('keys carry the feature prefixes and none is shared with the app or staff catalogues (all merge into one instance)', () => {
    const keys = Object.keys(consultationsEn);
    expect(keys.filter((key) => !/^(consultations|history|feedback|refund)\./.test(key))).toEqual([]);
    expect(keys.filter((key) => key in en || key in staffEn)).toEqual([]);
  });

  it('what the app imports (the PO files, compiled by @lingui/vite-plugin) is each PO file’s texts, compiled', () => {
    expect(importedEn).toEqual(compileCatalogue(consultationsEn));
    expect(importedSi).toEqual(compileCatalogue(consultationsSi));
    expect(importedTa).toEqual(compileCatalogue(consultationsTa));
  });
});
