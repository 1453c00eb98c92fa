import { errorCatalogue } from '@careline/domain/errors';
import { describe, expect, it } from 'vitest';
import { catalogueProblems } from '../check.ts';
import { compileCatalogue } from '../compile.ts';
import { messages as compiledEn } from '../compiled/en.ts';
import { messages as compiledSi } from '../compiled/si.ts';
import { messages as compiledTa } from '../compiled/ta.ts';
import { en } from './en.ts';
import { si } from './si.ts';
import { ta } from './ta.ts';

describe('catalogues', () => {
  it.each([
    ['si', si],
    ['ta', ta],
  ] as const)(
    '%s has every key of en, no other, with the same placeholders and its plural forms',
    (locale, catalogue) => {
      expect(catalogueProblems(en, catalogue, locale)).toEqual([]);
    },
  );

  it('en is sound against itself (valid ICU, English plural forms)', () => {
    expect(catalogueProblems(en, en, 'en')).toEqual([]);
  });

  it('reports a missing key, an extra key, a lost placeholder and a lost plural form', () => {
    const { 'language.label': _dropped, ...withoutLabel } = si;
    const broken: Record<string, string> = {
      ...withoutLabel,
      'made.up': 'x',
      'error.ARO-E9999': 'යම් දෝෂයක් සිදු විය.',
      'sms.verificationCode': '{hospital} {code} {minutes, plural, other {#}}',
    };
    expect(catalogueProblems(en, broken, 'en')).toEqual([
      'en: missing key language.label',
      'en: error.ARO-E9999 has placeholders {}, the source has {hospital}',
      'en: sms.verificationCode minutes:plural lacks the forms one',
      'en: extra key made.up',
    ]);
  });

  it('the compiled catalogues are up to date (run `npm run i18n:compile` after editing a catalogue)', () => {
    expect(compiledEn).toEqual(compileCatalogue(en));
    expect(compiledSi).toEqual(compileCatalogue(si));
    expect(compiledTa).toEqual(compileCatalogue(ta));
  });

  it('English holds the server error catalogue word for word, every code and no other', () => {
    const fromCatalogue = Object.fromEntries(
      Object.entries(en)
        .filter(([key]) => key.startsWith('error.'))
        .map(([key, text]) => [key.slice('error.'.length), text]),
    );
    expect(fromCatalogue).toEqual(errorCatalogue);
  });
});
