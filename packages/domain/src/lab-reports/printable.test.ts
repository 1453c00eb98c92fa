import { describe, expect, it } from 'vitest';
import {
  LAB_REPORT_PAGE,
  NOT_PAID,
  isCriticalResult,
  notesText,
  printableReport,
  printableResults,
  printedGender,
  printedPatientName,
  referredBy,
  reportFileName,
  scriptsIn,
  showsRpMark,
  signatureBlock,
} from './printable.ts';
import type { PrintReport, PrintReportResult } from './types.ts';

function printReport(overrides: Partial<PrintReport> = {}): PrintReport {
  return {
    patient: {
      name: 'Nimal Perera',
      identifier: 'PT-1001',
      birthday: '1990-03-15',
      gender: 'male',
      nic: '900751234V',
    },
    invoiceIdentifier: 'INV-2026-0042',
    referralPractitioner: 'Dr. Kamala Fernando',
    referralOrganization: 'Central Hospital',
    specimenCollectedTime: '2026-11-24T03:00:00Z',
    specimenReceivedTime: '2026-11-24T03:30:00Z',
    reportedTime: '2026-11-24T11:15:00Z',
    location: 'Colombo 07 Collection Center',
    reportName: 'Full Blood Count',
    summaryStatus: 'issued',
    text: { div: '<div xmlns="http://www.w3.org/1999/xhtml"><p>Fasting sample.</p></div>' },
    userProfileUrl: 'blob-signature-1',
    results: [],
    ...overrides,
  };
}

describe('the page (spec doc 3 §9)', () => {
  it('is A4, 29.7 by 21 cm, bottom margin 0.5, Times New Roman', () => {
    expect(LAB_REPORT_PAGE).toEqual({
      size: 'A4',
      heightCm: 29.7,
      widthCm: 21,
      bottomMarginCm: 0.5,
      font: 'Times New Roman',
    });
  });
});

describe("the file name (spec doc 3 §9: '<report name>-<invoice id or NOT-PAID>.pdf')", () => {
  it.each([
    [
      { reportName: 'Full Blood Count', invoiceIdentifier: 'INV-2026-0042' },
      'Full Blood Count-INV-2026-0042.pdf',
    ],
    [{ reportName: 'Full Blood Count', invoiceIdentifier: null }, 'Full Blood Count-NOT-PAID.pdf'],
    [{ reportName: 'Gamma GT', invoiceIdentifier: '  ' }, 'Gamma GT-NOT-PAID.pdf'],
    [{ reportName: 'ESR', extInvoiceIdentifier: 'EXT-77' }, 'ESR-EXT-77.pdf'],
    [
      { reportName: 'ESR', invoiceIdentifier: 'INV-1', extInvoiceIdentifier: 'EXT-77' },
      'ESR-INV-1.pdf',
    ],
    [{ reportName: 'Urine / Stool', invoiceIdentifier: 'A:1' }, 'Urine - Stool-A-1.pdf'],
    [{ reportName: 'Tab\there', invoiceIdentifier: 'X' }, 'Tab-here-X.pdf'],
  ])('%j → %s', (report, name) => {
    expect(reportFileName(report)).toBe(name);
  });

  it('writes NOT-PAID as the spec does', () => {
    expect(NOT_PAID).toBe('NOT-PAID');
  });
});

describe('critical results are bold, the RP mark shows when issued (spec doc 3 §2)', () => {
  it.each([
    [true, true],
    [false, false],
    [null, false],
    [undefined, false],
  ])('critical %s → bold %s', (critical, bold) => {
    expect(isCriticalResult({ critical })).toBe(bold);
  });

  it.each([
    ['issued', true],
    ['print_ready', false],
    ['report', false],
    [null, false],
  ])('summaryStatus %s → RP %s', (summaryStatus, rp) => {
    expect(showsRpMark(summaryStatus)).toBe(rp);
  });
});

describe("'Referred by' (spec doc 3 §2: the practitioner, or 'Self Request')", () => {
  it.each([
    [{ referralPractitioner: 'Dr. Kamala Fernando' }, 'Dr. Kamala Fernando'],
    [{ referralPractitioner: 'Dr. Kamala Fernando', selfRequest: true }, 'Self Request'],
    [{ referralPractitioner: null }, 'Self Request'],
    [{ referralPractitioner: ' ' }, 'Self Request'],
  ])('%j → %s', (report, text) => {
    expect(referredBy(report)).toBe(text);
  });
});

describe('printableResults (spec doc 3 §2, §3, §5)', () => {
  const results: PrintReportResult[] = [
    {
      name: 'Platelets',
      result: '140',
      unit: '10^3/uL',
      defaultRange: '150 - 450',
      critical: true,
      parameterOrder: 3,
    },
    {
      name: 'Haemoglobin',
      result: '13.4',
      unit: 'g/dL',
      defaultRange: '11.5 - 16.5',
      parameterOrder: 1,
    },
    {
      name: 'Old Haemoglobin',
      result: '99',
      unit: 'g/dL',
      status: 'entered_in_error',
      parameterOrder: 1,
    },
    {
      name: 'Neutrophils',
      result: '62',
      unit: '%',
      defaultRange: '40 - 75',
      subTestClassification: 'DIFFERENTIAL COUNT',
      parameterOrder: 4,
    },
    {
      name: 'Escherichia coli',
      result: 'Heavy growth',
      category: 'organism',
      definitionId: 'org-ecoli',
      parameterOrder: 1,
      comment: 'Colony count > 10^5 CFU/mL',
    },
    {
      name: 'Ciprofloxacin',
      result: 'R',
      category: 'antibiotic',
      organismDefinitionId: 'org-ecoli',
      critical: true,
      parameterOrder: 2,
    },
    {
      name: 'Amikacin',
      result: 'S',
      category: 'antibiotic',
      organismDefinitionId: 'org-ecoli',
      parameterOrder: 1,
    },
    {
      name: 'Nitrofurantoin',
      result: '',
      category: 'antibiotic',
      organismDefinitionId: 'org-ecoli',
      parameterOrder: 3,
    },
    {
      name: 'Gentamicin',
      result: 'S',
      category: 'antibiotic',
      organismDefinitionId: 'org-ecoli',
      status: 'entered_in_error',
    },
  ];
  const printed = printableResults(results);

  it('groups test rows by classification in parameterOrder, critical ones bold, entered_in_error left out', () => {
    expect(printed.groups).toEqual([
      {
        classification: 'UNCLASSIFIED',
        rows: [
          {
            name: 'Haemoglobin',
            result: '13.4',
            unit: 'g/dL',
            referenceRange: '11.5 - 16.5',
            flag: null,
            bold: false,
          },
          {
            name: 'Platelets',
            result: '140',
            unit: '10^3/uL',
            referenceRange: '150 - 450',
            flag: null,
            bold: true,
          },
        ],
      },
      {
        classification: 'DIFFERENTIAL COUNT',
        rows: [
          { name: 'Neutrophils', result: '62', unit: '%', referenceRange: '40 - 75', flag: null, bold: false },
        ],
      },
    ]);
  });

  it('prints the antibiogram: the organism, its antibiotics (empty results skipped) and the comment', () => {
    expect(printed.antibiogram).toEqual([
      {
        organism: { name: 'Escherichia coli', result: 'Heavy growth', bold: false },
        antibiotics: [
          { name: 'Amikacin', result: 'S', bold: false },
          { name: 'Ciprofloxacin', result: 'R', bold: true },
        ],
        comment: 'Colony count > 10^5 CFU/mL',
      },
    ]);
  });

  it('still prints antibiotics whose organism is missing', () => {
    expect(
      printableResults([
        { name: 'Amikacin', result: 'S', category: 'antibiotic', organismDefinitionId: 'gone' },
      ]).antibiogram,
    ).toEqual([
      {
        organism: null,
        antibiotics: [{ name: 'Amikacin', result: 'S', bold: false }],
        comment: null,
      },
    ]);
  });

  it('has no antibiogram without microbiology', () => {
    expect(printableResults([{ name: 'ESR', result: '12' }]).antibiogram).toEqual([]);
  });
});

describe('notesText', () => {
  it.each([
    ['<div xmlns="http://www.w3.org/1999/xhtml"><p>Fasting sample.</p></div>', 'Fasting sample.'],
    [
      '<p>Line one<br/>Line &amp; two</p><p>  </p><p>&lt;5 &gt; 3</p>',
      'Line one\nLine & two\n<5 > 3',
    ],
    ['Plain   text', 'Plain text'],
    [null, ''],
    ['', ''],
  ])('%j → %j', (div, text) => {
    expect(notesText(div)).toBe(text);
  });
});

describe('scriptsIn (Noto Sinhala and Tamil embedded only when needed)', () => {
  it.each([
    [['Full Blood Count'], []],
    [['නිමල් පෙරේරා'], ['sinhala']],
    [['நிமல்'], ['tamil']],
    [
      ['Nimal', 'නිමල්', 'நிமல்'],
      ['sinhala', 'tamil'],
    ],
    [[], []],
  ])('%j → %j', (texts, scripts) => {
    expect(scriptsIn(texts)).toEqual(scripts);
  });
});

describe("the signature (spec doc 3 §2: a signature or dash line labelled 'Medical Laboratory Technologist')", () => {
  it.each([
    ['blob-1', { kind: 'image', url: 'blob-1', label: 'Medical Laboratory Technologist' }],
    [null, { kind: 'dashLine', label: 'Medical Laboratory Technologist' }],
    ['', { kind: 'dashLine', label: 'Medical Laboratory Technologist' }],
  ])('%j → %j', (url, block) => {
    expect(signatureBlock(url)).toEqual(block);
  });
});

describe('printableReport (spec doc 3 §2 Printable lab report)', () => {
  it('lays out every element of an issued report', () => {
    const view = printableReport(
      printReport({
        results: [
          {
            name: 'Haemoglobin',
            result: '6.1',
            unit: 'g/dL',
            defaultRange: '11.5 - 16.5',
            critical: true,
          },
        ],
      }),
      { headerImageUrl: 'blob-header', footerImageUrl: 'blob-footer' },
      { reportedBy: 'S. Jayasinghe', timeZone: 'Asia/Colombo' },
    );
    expect(view).toEqual({
      fileName: 'Full Blood Count-INV-2026-0042.pdf',
      page: LAB_REPORT_PAGE,
      headerImageUrl: 'blob-header',
      footerImageUrl: 'blob-footer',
      patient: {
        name: 'Nimal Perera',
        id: 'PT-1001',
        age: '36 years',
        gender: 'male',
        nic: '900751234V',
      },
      receiptNumber: 'INV-2026-0042',
      referredBy: 'Dr. Kamala Fernando',
      referredOrganization: 'Central Hospital',
      collectedTime: '24th,(Tue) Nov 2026 08:30 AM',
      receivedTime: '24th,(Tue) Nov 2026 09:00 AM',
      reportedTime: '24th,(Tue) Nov 2026 04:45 PM',
      reportedBy: 'S. Jayasinghe',
      collectionCenter: 'Colombo 07 Collection Center',
      reportName: 'Full Blood Count',
      results: {
        groups: [
          {
            classification: 'UNCLASSIFIED',
            rows: [
              {
                name: 'Haemoglobin',
                result: '6.1',
                unit: 'g/dL',
                referenceRange: '11.5 - 16.5',
                flag: null,
                bold: true,
              },
            ],
          },
        ],
        antibiogram: [],
      },
      notes: 'Fasting sample.',
      signature: {
        kind: 'image',
        url: 'blob-signature-1',
        label: 'Medical Laboratory Technologist',
      },
      endOfReport: 'End of Report',
      rpMark: 'RP',
      scripts: [],
    });
  });

  it('has no RP mark before issue, and fills the gaps of an unpaid self request', () => {
    const view = printableReport(
      printReport({
        summaryStatus: 'print_ready',
        invoiceIdentifier: null,
        referralPractitioner: null,
        selfRequest: true,
        reportedTime: null,
        userProfileUrl: null,
        patient: { name: 'නිමල් පෙරේරා' },
      }),
    );
    expect(view).toMatchObject({
      fileName: 'Full Blood Count-NOT-PAID.pdf',
      headerImageUrl: null,
      footerImageUrl: null,
      receiptNumber: '',
      referredBy: 'Self Request',
      reportedTime: '',
      patient: { name: 'නිමල් පෙරේරා', id: '', age: '', gender: '', nic: '' },
      signature: { kind: 'dashLine', label: 'Medical Laboratory Technologist' },
      endOfReport: 'End of Report',
      rpMark: null,
      scripts: ['sinhala'],
    });
  });
});

describe('the printed flag, name, gender and receipt (issue 30 §3.7)', () => {
  it('flags a result against its range: 58 U/L against 0–41 is H, bold only when critical', () => {
    const { groups } = printableResults([
      { name: 'ALT', result: '58', unit: 'U/L', defaultRange: '0–41', range: { low: 0, high: 41 } },
      { name: 'Hb', result: '6.1', unit: 'g/dL', range: { low: 11.5, high: 16.5 }, critical: true },
      { name: 'AST', result: '30', unit: 'U/L', range: { low: 0, high: 40 } },
    ]);
    expect(groups[0]?.rows.map((row) => [row.name, row.flag, row.bold])).toEqual([
      ['ALT', 'H', false],
      ['Hb', 'L', true],
      ['AST', null, false],
    ]);
  });

  it('prints the name with its prefix and the gender as the spec writes it', () => {
    expect(printedPatientName({ prefix: 'Mr', givenName: 'Nimal', familyName: 'Perera' })).toBe('Mr Nimal Perera');
    expect(printedPatientName({ prefix: 'Baby Of', givenName: ' ', familyName: 'Silva' })).toBe('Baby Of Silva');
    expect(printedGender('female')).toBe('female');
    expect(printedGender('M')).toBe('male');
    expect(printedGender('Other')).toBe('other');
    expect(printedGender(null)).toBe('');
  });

  it('prints the receipt number given, else the invoice id', () => {
    const report = { patient: { name: 'A' }, reportName: 'FBC', results: [] };
    expect(printableReport({ ...report, receiptNumber: 'R-20261202-0001', invoiceIdentifier: 'INV-1' }).receiptNumber).toBe('R-20261202-0001');
    expect(printableReport({ ...report, invoiceIdentifier: 'INV-1' }).receiptNumber).toBe('INV-1');
  });
});
