import { describe, expect, it } from 'vitest';
import { catalogueProblems } from '../check.ts';
import { compileCatalogue } from '../compile.ts';
import { messages as compiledEn } from './compiled/en.ts';
import { messages as compiledSi } from './compiled/si.ts';
import { messages as compiledTa } from './compiled/ta.ts';
import { staffEn } from './en.ts';
import { staffSi } from './si.ts';
import { staffTa } from './ta.ts';
import { en } from '../catalogues/en.ts';

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

  it('the compiled catalogues are up to date (run `npm run i18n:compile` after editing a catalogue)', () => {
    expect(compiledEn).toEqual(compileCatalogue(staffEn));
    expect(compiledSi).toEqual(compileCatalogue(staffSi));
    expect(compiledTa).toEqual(compileCatalogue(staffTa));
  });
});
