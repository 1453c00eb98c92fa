import { describe, expect, it } from 'vitest';
import { labReportContentDisposition, labReportFileName } from './lab-report-file-name.ts';
import { sampleLabReportInput } from './lab-report-pdf-test-fixture.ts';

describe('labReportFileName (spec doc 3 §9)', () => {
  it("is '<report name>-<invoice id or NOT-PAID>.pdf'", () => {
    const { report } = sampleLabReportInput();
    expect(labReportFileName(report)).toBe(
      'Full Blood Count and Urine Culture-INV-2026-004512.pdf',
    );
    expect(
      labReportFileName({
        reportName: 'Full Blood Count',
        invoiceIdentifier: null,
        extInvoiceIdentifier: null,
      }),
    ).toBe('Full Blood Count-NOT-PAID.pdf');
  });

  it('downloads under that name, with an ASCII fallback for other scripts', () => {
    expect(labReportContentDisposition('Full Blood Count-NOT-PAID.pdf')).toBe(
      'attachment; filename="Full Blood Count-NOT-PAID.pdf"; filename*=UTF-8\'\'Full%20Blood%20Count-NOT-PAID.pdf',
    );
    expect(labReportContentDisposition('රුධිර "FBC"-NOT-PAID.pdf')).toBe(
      'attachment; filename="_____ _FBC_-NOT-PAID.pdf"; filename*=UTF-8\'\'%E0%B6%BB%E0%B7%94%E0%B6%B0%E0%B7%92%E0%B6%BB%20%22FBC%22-NOT-PAID.pdf',
    );
  });
});
