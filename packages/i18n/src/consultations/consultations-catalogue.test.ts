import { describe, expect, it } from 'vitest';
import { en } from '../catalogues/en.ts';
import { catalogueProblems } from '../check.ts';
import { compileCatalogue } from '../compile.ts';
import { staffEn } from '../staff/en.ts';
import { messages as compiledEn } from './compiled/en.ts';
import { messages as compiledSi } from './compiled/si.ts';
import { messages as compiledTa } from './compiled/ta.ts';
import { consultationsEn } from './en.ts';
import { consultationsSi } from './si.ts';
import { consultationsTa } from './ta.ts';

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

  it('the compiled catalogues are up to date (run `npm run i18n:compile` after editing a catalogue)', () => {
    expect(compiledEn).toEqual(compileCatalogue(consultationsEn));
    expect(compiledSi).toEqual(compileCatalogue(consultationsSi));
    expect(compiledTa).toEqual(compileCatalogue(consultationsTa));
  });
});
