import { describe, expect, it } from 'vitest';
import { LAB_REPORT_LABELS, LAB_REPORT_TEXTS } from '@careline/domain/lab-reports';
import { ORDER_TEXTS } from '@careline/domain/orders';
import { en } from '../catalogues/en.ts';
import { catalogueProblems } from '../check.ts';
import { compileCatalogue } from '../compile.ts';
import { consultationsEn } from '../consultations/en.ts';
import { ordersEn } from '../orders/en.ts';
import { staffEn } from '../staff/en.ts';
import { messages as compiledEn } from './compiled/en.ts';
import { messages as compiledSi } from './compiled/si.ts';
import { messages as compiledTa } from './compiled/ta.ts';
import { labReportsEn } from './en.ts';
import { labReportsSi } from './si.ts';
import { labReportsTa } from './ta.ts';

describe('lab report catalogues (spec doc 3 §2 Lab results graph)', () => {
  it.each([
    ['si', labReportsSi],
    ['ta', labReportsTa],
  ] as const)(
    '%s has every key of en, no other, with the same placeholders',
    (locale, catalogue) => {
      expect(catalogueProblems(labReportsEn, catalogue, locale)).toEqual([]);
    },
  );

  it('en is sound against itself', () => {
    expect(catalogueProblems(labReportsEn, labReportsEn, 'en')).toEqual([]);
  });

  it("the spec's texts are copied character for character", () => {
    expect(labReportsEn['labReports.text.loadingReport']).toBe(LAB_REPORT_TEXTS.loadingReport);
    expect(labReportsEn['labReports.text.download']).toBe(LAB_REPORT_TEXTS.download);
    expect(labReportsEn['labReports.text.preparingReport']).toBe(LAB_REPORT_TEXTS.preparingReport);
    expect(labReportsEn['labReports.text.onlineViewNotAvailable']).toBe(
      LAB_REPORT_TEXTS.onlineViewNotAvailable,
    );
    expect(labReportsEn['labReports.text.paymentPending']).toBe(LAB_REPORT_TEXTS.paymentPending);
    expect(labReportsEn['labReports.text.reportDataFailed']).toBe(
      LAB_REPORT_TEXTS.reportDataFailed,
    );
    expect(labReportsEn['labReports.text.loadFailed']).toBe(ORDER_TEXTS.labTestsLoadFailed);
    expect(labReportsEn['labReports.text.empty']).toBe(ORDER_TEXTS.labTestsEmpty);
    expect(labReportsEn['labReports.label.result']).toBe(LAB_REPORT_LABELS.result);
    expect(labReportsEn['labReports.label.unit']).toBe(LAB_REPORT_LABELS.unit);
    expect(labReportsEn['labReports.label.referenceRange']).toBe(LAB_REPORT_LABELS.referenceRange);
    expect(labReportsEn['labReports.label.testName']).toBe(LAB_REPORT_LABELS.testName);
  });

  it('keys carry the prefix and none is shared with another catalogue (all merge into one instance)', () => {
    const keys = Object.keys(labReportsEn);
    expect(keys.filter((key) => !/^labReports\.(text|label|ui)\./.test(key))).toEqual([]);
    expect(
      keys.filter(
        (key) => key in en || key in staffEn || key in consultationsEn || key in ordersEn,
      ),
    ).toEqual([]);
  });

  it('the compiled catalogues are up to date (run `npm run i18n:compile` after editing a catalogue)', () => {
    expect(compiledEn).toEqual(compileCatalogue(labReportsEn));
    expect(compiledSi).toEqual(compileCatalogue(labReportsSi));
    expect(compiledTa).toEqual(compileCatalogue(labReportsTa));
  });
});
