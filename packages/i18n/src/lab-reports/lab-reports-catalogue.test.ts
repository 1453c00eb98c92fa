/// <reference types="../po-modules.d.ts" />
import { describe, expect, it } from 'vitest';
import { LAB_REPORT_LABELS, LAB_REPORT_TEXTS } from '@careline/domain/lab-reports';
import { ORDER_TEXTS } from '@careline/domain/orders';
import { compileCatalogue, readCatalogue, readOrdersCatalogue } from '../catalogue-files.ts';
import { catalogueProblems } from '../check.ts';
import { messages as importedEn } from './en.po';
import { messages as importedSi } from './si.po';
import { messages as importedTa } from './ta.po';

const en = readCatalogue('catalogues', 'en');
const staffEn = readCatalogue('staff', 'en');
const consultationsEn = readCatalogue('consultations', 'en');
const ordersEn = readOrdersCatalogue('en');
const labReportsEn = readCatalogue('lab-reports', 'en');
const labReportsSi = readCatalogue('lab-reports', 'si');
const labReportsTa = readCatalogue('lab-reports', 'ta');

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

  it('what the app imports (the PO files, compiled by @lingui/vite-plugin) is each PO file’s texts, compiled', () => {
    expect(importedEn).toEqual(compileCatalogue(labReportsEn));
    expect(importedSi).toEqual(compileCatalogue(labReportsSi));
    expect(importedTa).toEqual(compileCatalogue(labReportsTa));
  });
});
