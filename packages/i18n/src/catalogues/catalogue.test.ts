import { authTexts, mobileNoTexts, verificationCodeTexts } from '@careline/domain/auth';
import { errorCatalogue } from '@careline/domain/errors';
import {
  addressLabels,
  genders,
  loyaltyLabels,
  multipleRolesRelationships,
  namePrefixes,
  patientFormTexts,
  profileCountText,
  profileTexts,
  relationshipChoices,
  relationshipModalHeading,
  unclassifiedPrompt,
} from '@careline/domain/profiles';
import {
  addToHomeTexts,
  bottomBarLabels,
  errorScreenTexts,
  historyBarItems,
  networkTexts,
} from '@careline/domain/shell';
/// <reference types="../po-modules.d.ts" />
import { describe, expect, it } from 'vitest';
import { compileCatalogue, readCatalogue } from '../catalogue-files.ts';
import { catalogueProblems } from '../check.ts';
import { createI18n, translate } from '../core.ts';
import { messages as importedEn } from './en.po';
import { messages as importedSi } from './si.po';
import { messages as importedTa } from './ta.po';

const en = readCatalogue('catalogues', 'en');
const si = readCatalogue('catalogues', 'si');
const ta = readCatalogue('catalogues', 'ta');

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

  it('what the apps import (the PO files, compiled by @lingui/vite-plugin) is each PO file’s texts, compiled', () => {
    expect(importedEn).toEqual(compileCatalogue(en));
    expect(importedSi).toEqual(compileCatalogue(si));
    expect(importedTa).toEqual(compileCatalogue(ta));
  });

  it('English holds the server error catalogue word for word, every code and no other', () => {
    const fromCatalogue = Object.fromEntries(
      Object.entries(en)
        .filter(([key]) => key.startsWith('error.'))
        .map(([key, text]) => [key.slice('error.'.length), text]),
    );
    expect(fromCatalogue).toEqual(errorCatalogue);
  });

  it('English holds the spec’s texts character for character (packages/domain keeps them for the rules)', () => {
    const expected: Record<string, string> = {
      'auth.mobilePlaceholder': authTexts.mobilePlaceholder,
      'auth.sendNow': authTexts.sendNow,
      'auth.codePlaceholder': authTexts.codePlaceholder,
      'auth.verifyNow': authTexts.verifyNow,
      'auth.resendOtp': authTexts.resendOtp,
      'auth.otpResent': authTexts.otpResent,
      'auth.wrongCode': authTexts.wrongCode,
      'auth.smsDelay': authTexts.smsDelay,
      'auth.mobile.empty': mobileNoTexts.empty,
      'auth.mobile.invalid': mobileNoTexts.invalid,
      'auth.mobile.with94': mobileNoTexts.with94,
      'auth.mobile.with0': mobileNoTexts.with0,
      'auth.mobile.plain': mobileNoTexts.plain,
      'auth.code.empty': verificationCodeTexts.empty,
      'auth.code.length': verificationCodeTexts.length,
      'shell.bottomBar.doctor': bottomBarLabels.doctor,
      'shell.bottomBar.home': bottomBarLabels.home,
      'shell.bottomBar.account': bottomBarLabels.account,
      'shell.network.offline': networkTexts.offline,
      'shell.network.offlineRecheck': networkTexts.offlineRecheck,
      'shell.network.slow': networkTexts.slow,
      'shell.network.slowDetail': networkTexts.slowDetail,
      'shell.network.refreshNow': networkTexts.refreshNow,
      'shell.error.generic': errorScreenTexts.generic,
      'shell.error.goHome': errorScreenTexts.goHome,
      'shell.error.detailed': errorScreenTexts.detailed,
      'shell.addToHome.title': addToHomeTexts.title,
      'shell.addToHome.subtitle': addToHomeTexts.subtitle,
      'shell.addToHome.add': addToHomeTexts.add,
      'profiles.addNewProfile': profileTexts.addNewProfile,
      'profiles.logout': profileTexts.logout,
      'profiles.editProfile': profileTexts.editProfile,
      'profiles.loyaltyInformation': profileTexts.loyaltyInformation,
      'profiles.viewAppointments': profileTexts.viewAppointments,
      'profiles.back': profileTexts.back,
      'profiles.menu.consultations': profileTexts.menuRows[0],
      'profiles.menu.labTests': profileTexts.menuRows[1],
      'profiles.menu.procedures': profileTexts.menuRows[2],
      'profiles.menu.paymentHistory': profileTexts.menuRows[3],
      'profiles.menu.savedPaymentMethods': profileTexts.menuRows[4],
      'profiles.loyalty.name': loyaltyLabels.name,
      'profiles.loyalty.activePoints': loyaltyLabels.activePoints,
      'profiles.loyalty.amount': loyaltyLabels.amount,
      'profiles.unclassified': profileTexts.unclassified,
      'profiles.form.selectRelationship': profileTexts.selectRelationship,
      'profiles.form.addressLine1': addressLabels[0],
      'profiles.form.addressLine2': addressLabels[1],
      'profiles.form.landmark': addressLabels[2],
      'profiles.form.city': addressLabels[3],
      'profiles.form.error.prefix': patientFormTexts.prefix,
      'profiles.form.error.prefixGender': patientFormTexts.prefixGender,
      'profiles.form.error.givenName': patientFormTexts.givenName,
      'profiles.form.error.familyName': patientFormTexts.familyName,
      'profiles.form.error.gender': patientFormTexts.gender,
      'profiles.form.error.day': patientFormTexts.day,
      'profiles.form.error.month': patientFormTexts.month,
      'profiles.form.error.year': patientFormTexts.year,
      'profiles.form.error.nameLength': patientFormTexts.nameLength,
      'profiles.count.none': profileCountText(0).title,
      'profiles.count.noneSubtitle': profileCountText(0).subtitle ?? '',
      'profiles.count.selectSubtitle': profileCountText(2).subtitle ?? '',
      'profiles.modal.accountFor': relationshipModalHeading(null),
      'shell.historyBar.appointments': historyBarItems[0].label,
      'shell.historyBar.orders': historyBarItems[1].label,
      'profiles.gender.female': genders[0],
      'profiles.gender.male': genders[1],
      'profiles.gender.other': genders[2],
      'profiles.prefix.mr': namePrefixes[0],
      'profiles.prefix.miss': namePrefixes[1],
      'profiles.prefix.mrs': namePrefixes[2],
      'profiles.prefix.ms': namePrefixes[3],
      'profiles.prefix.baby': namePrefixes[4],
      'profiles.prefix.babyOf': namePrefixes[5],
      'profiles.relationship.other': multipleRolesRelationships[5],
      ...Object.fromEntries(relationshipChoices.map((choice) => [`profiles.relationship.${choice.toLowerCase()}`, choice])),
    };
    const actual: Record<string, string | undefined> = Object.fromEntries(
      Object.keys(expected).map((key) => [key, en[key]]),
    );
    expect(actual).toEqual(expected);
  });

  it('English messages with values read as the spec’s texts the rules make (packages/domain)', () => {
    const i18n = createI18n();
    const cases: [string, string][] = [
      [translate(i18n, 'profiles.count.title', { count: 1 }), profileCountText(1).title],
      [translate(i18n, 'profiles.count.title', { count: 2 }), profileCountText(2).title],
      [translate(i18n, 'profiles.count.title', { count: 12 }), profileCountText(12).title],
      [translate(i18n, 'profiles.unclassifiedPrompt', { count: 1 }), unclassifiedPrompt(1)],
      [translate(i18n, 'profiles.unclassifiedPrompt', { count: 3 }), unclassifiedPrompt(3)],
      [translate(i18n, 'profiles.unclassifiedPromptFor', { count: 1, relationship: 'Mother' }), unclassifiedPrompt(1, 'Mother')],
      [translate(i18n, 'profiles.unclassifiedPromptFor', { count: 2, relationship: 'Son' }), unclassifiedPrompt(2, 'Son')],
      [translate(i18n, 'profiles.modal.whoIs', { name: 'Mrs Kamala Perera' }), relationshipModalHeading('Mrs Kamala Perera')],
    ];
    expect(cases.map(([message]) => message)).toEqual(cases.map(([, spec]) => spec));
  });
});
