/// <reference types="../po-modules.d.ts" />
import { describe, expect, it } from 'vitest';
import { compileCatalogue, readCatalogue } from '../catalogue-files.ts';
import { catalogueProblems } from '../check.ts';
import { messages as importedEn } from './en.po';
import { messages as importedSi } from './si.po';
import { messages as importedTa } from './ta.po';

const en = readCatalogue('catalogues', 'en');
const staffEn = readCatalogue('staff', 'en');
const staffSi = readCatalogue('staff', 'si');
const staffTa = readCatalogue('staff', 'ta');

describe('staff console catalogues', () => {
  it.each([
    ['si', staffSi],
    ['ta', staffTa],
  ] as const)('%s has every key of en, no other, with the same placeholders and its plural forms', (locale, catalogue) => {
    expect(catalogueProblems(staffEn, catalogue, locale)).toEqual([]);
  });

  it('en is sound against itself', () => {
    expect(catalogueProblems(staffEn, staffEn, 'en')).toEqual([]);
  });

  it('shares no key with the patient app catalogue (both load into one instance)', () => {
    expect(Object.keys(staffEn).filter((key) => key in en)).toEqual([]);
  });

  it('what the console imports (the PO files, compiled by @lingui/vite-plugin) is each PO file’s texts, compiled', () => {
    expect(importedEn).toEqual(compileCatalogue(staffEn));
    expect(importedSi).toEqual(compileCatalogue(staffSi));
    expect(importedTa).toEqual(compileCatalogue(staffTa));
  });
});
