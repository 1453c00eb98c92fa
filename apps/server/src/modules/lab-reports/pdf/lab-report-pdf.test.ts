import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../../../test/read-pdf.ts';
import { LAB_REPORT_A4_POINTS, renderLabReportPdf } from './lab-report-pdf.ts';
import { sampleLabReportInput } from './lab-report-pdf-test-fixture.ts';

// pdf.js reads the metrics of the 14 standard fonts (Times) from its package.
const standardFontDataUrl =
  join(
    dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
    'standard_fonts',
  ) + '/';

type TextItem = { str: string; font: string };
type ReadPage = { width: number; height: number; items: TextItem[]; images: number };

/**
 * Reads the report back with pdf.js: each page's size, its text items with the name of the font
 * each is set in (e.g. 'Times-Bold'), and how many images it paints.
 */
async function readReport(bytes: Uint8Array): Promise<ReadPage[]> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    standardFontDataUrl,
  }).promise;
  try {
    const pages: ReadPage[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      // The operator list loads the page's fonts into commonObjs and lists its painted images.
      const operators = await page.getOperatorList();
      const content = await page.getTextContent();
      const items = content.items.flatMap((item) => {
        if (!('str' in item) || item.str.trim() === '') {
          return [];
        }
        const font = page.commonObjs.has(item.fontName)
          ? ((page.commonObjs.get(item.fontName) as { name?: string }).name ?? '')
          : '';
        return [{ str: item.str, font }];
      });
      const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view;
      const images = operators.fnArray.filter((op) => op === OPS.paintImageXObject).length;
      pages.push({ width: x1 - x0, height: y1 - y0, items, images });
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}

const allText = (pages: ReadPage[]): string =>
  pages.flatMap((page) => page.items.map((item) => item.str)).join('\n');
const itemsNamed = (pages: ReadPage[], str: string): TextItem[] =>
  pages.flatMap((page) => page.items.filter((item) => item.str === str));

// Where the browser journeys keep their screenshots (apps/web/e2e/support: screenshot()); gitignored.
const screenshotsDir = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../../web/e2e/screenshots',
);
const hasPdftoppm = !spawnSync('pdftoppm', ['-v']).error;

describe('renderLabReportPdf (spec doc 3 §2 Printable lab report, §9 Report PDF)', () => {
  it('is a 2-page A4 report with every element of the printable report', async () => {
    const bytes = await renderLabReportPdf(sampleLabReportInput());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = await readReport(bytes);
    expect(pages).toHaveLength(2);
    for (const page of pages) {
      expect(page.width).toBeCloseTo(LAB_REPORT_A4_POINTS.width, 2);
      expect(page.height).toBeCloseTo(LAB_REPORT_A4_POINTS.height, 2);
      expect(page.width).toBeCloseTo((21 / 2.54) * 72, 1);
      expect(page.height).toBeCloseTo((29.7 / 2.54) * 72, 1);
    }
    const text = allText(pages);
    for (const expected of [
      'Full Blood Count and Urine Culture',
      // The patient block.
      'Nimal Perera',
      'CL-000482',
      '42 years',
      '198407501234',
      'INV-2026-004512',
      'Dr. Kamala Jayasinghe',
      'Careline Central Hospital',
      // Collected, received and reported times (Asia/Colombo), reported by, collection center.
      '24th,(Tue) Nov 2026 08:10 AM',
      '24th,(Tue) Nov 2026 08:35 AM',
      '24th,(Tue) Nov 2026 11:50 AM',
      'S. Fernando',
      'Colombo 10 Collection Center',
      // The test table: name, result, unit, reference range, by group.
      'Test',
      'Reference Range',
      'RED CELLS',
      'WHITE CELLS',
      'Haemoglobin',
      '6.8',
      'g/dL',
      '11.5 - 16.5',
      'Mean Platelet Volume (MPV)',
      '7.4 - 10.4',
      'mm/1st hr',
      '< 20',
      // The antibiogram: organism, its antibiotics, the comment.
      'Escherichia coli',
      'Colony count > 10^5 CFU/mL',
      'Antibiotic',
      'Amikacin',
      'Piperacillin / Tazobactam',
      'Intermediate',
      'Extended-spectrum beta-lactamase (ESBL) producer not detected.',
      // The notes as text, entities decoded.
      'Please correlate clinically & repeat the full blood count in 48 hours.',
      'Medical Laboratory Technologist',
      'End of Report',
      'Page 1 of 2',
      'Page 2 of 2',
    ]) {
      expect(text).toContain(expected);
    }
    // Labels are joined with their value in the text layer's order: check a few whole.
    for (const label of [
      'Patient Name:',
      'Patient ID:',
      'Age:',
      'Gender:',
      'NIC/Passport:',
      'Receipt No:',
    ]) {
      expect(itemsNamed(pages, label)).not.toHaveLength(0);
    }
    // The signature, 'Medical Laboratory Technologist' and 'End of Report' close the report, on its last page.
    const last = pages[1]?.items.map((item) => item.str) ?? [];
    expect(last.at(-2)).toBe('End of Report');
    expect(last).toContain('Medical Laboratory Technologist');
    expect(itemsNamed(pages, 'End of Report')).toHaveLength(1);
  });

  it("draws the organization's header and footer on every page and the signature once", async () => {
    const pages = await readReport(await renderLabReportPdf(sampleLabReportInput()));
    expect(pages.map((page) => page.images)).toEqual([2, 3]);
    const raw = (await renderLabReportPdf(sampleLabReportInput())).toString('latin1');
    // Each image is embedded once however many pages show it (plus the signature's alpha mask).
    expect(raw.match(/\/Subtype \/Image/g)).toHaveLength(4);
  });

  it("prints the organization's name and a dash line when it has no images", async () => {
    const input = {
      ...sampleLabReportInput(),
      headerImage: null,
      footerImage: null,
      signatureImage: null,
    };
    const pages = await readReport(await renderLabReportPdf(input));
    expect(pages.map((page) => page.images).every((count) => count === 0)).toBe(true);
    expect(itemsNamed(pages, 'Careline Central Hospital').length).toBeGreaterThanOrEqual(
      pages.length,
    );
    expect(allText(pages)).toContain('Medical Laboratory Technologist');
  });

  it('sets critical results in bold and the others in Times-Roman', async () => {
    const pages = await readReport(await renderLabReportPdf(sampleLabReportInput()));
    // Haemoglobin 6.8, White Blood Cells 18.9, Platelets 32 and Ciprofloxacin are critical.
    for (const critical of ['6.8', '18.9', '32', 'Haemoglobin', 'Ciprofloxacin']) {
      const items = itemsNamed(pages, critical);
      expect(items, critical).toHaveLength(1);
      expect(items[0]?.font, critical).toBe('Times-Bold');
    }
    for (const normal of ['3.10', '24.1', '77.7', 'Red Blood Cells', 'Amikacin']) {
      const items = itemsNamed(pages, normal);
      expect(items, normal).toHaveLength(1);
      expect(items[0]?.font, normal).toBe('Times-Roman');
    }
  });

  it.each([
    ['issued', true],
    ['report', false],
    ['print_ready', false],
    [null, false],
  ] as const)(
    'prints the RP mark only when summaryStatus is issued (%s)',
    async (summaryStatus, shown) => {
      const pages = await readReport(
        await renderLabReportPdf(sampleLabReportInput({ summaryStatus })),
      );
      expect(itemsNamed(pages, 'RP')).toHaveLength(shown ? 1 : 0);
    },
  );

  it("reads 'Self Request' when nobody referred, and leaves out results entered in error", async () => {
    const base = sampleLabReportInput();
    const pages = await readReport(
      await renderLabReportPdf(
        sampleLabReportInput({
          selfRequest: true,
          referralPractitioner: null,
          results: [
            ...base.report.results,
            {
              name: 'Withdrawn Glucose',
              result: '9.9',
              status: 'entered_in_error',
              parameterOrder: 2,
            },
          ],
        }),
      ),
    );
    const text = allText(pages);
    expect(text).toContain('Self Request');
    expect(text).not.toContain('Dr. Kamala Jayasinghe');
    expect(text).not.toContain('Withdrawn Glucose');
  });

  it('embeds Noto Sinhala and Tamil only for a report that holds those scripts', async () => {
    const latin = (await renderLabReportPdf(sampleLabReportInput())).toString('latin1');
    expect(latin).not.toContain('NotoSans');
    expect(latin).not.toContain('/FontFile2');
    expect(latin).toContain('/BaseFont /Times-Roman');
    expect(latin).toContain('/BaseFont /Times-Bold');

    const bytes = await renderLabReportPdf(
      sampleLabReportInput({
        patient: {
          name: 'නිමල් පෙරේරා Perera குமார்',
          identifier: 'CL-000482',
          birthday: '1984-03-15',
          gender: 'M',
        },
        location: 'කොළඹ 10 Collection Center',
      }),
    );
    const raw = bytes.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSinhala/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansTamil/);
    const { pages } = await readPdf(bytes);
    // pdf.js splits shaped Sinhala and Tamil into pieces with guessed spaces, and reads a pre-base
    // vowel sign in drawing order (ෙකා for කො): compare without spaces, and skip those syllables.
    const text = pages
      .map((page) => page.text)
      .join('')
      .replace(/\s+/g, '');
    for (const expected of ['නිමල්', 'Perera', 'குமார்', 'ළඹ10CollectionCenter']) {
      expect(text).toContain(expected);
    }
  });

  it.skipIf(!hasPdftoppm)(
    'renders page 1 to a PNG among the screenshots with pdftoppm',
    async () => {
      const work = mkdtempSync(join(tmpdir(), 'lab-report-pdf-'));
      try {
        const pdfPath = join(work, 'report.pdf');
        writeFileSync(pdfPath, await renderLabReportPdf(sampleLabReportInput()));
        mkdirSync(screenshotsDir, { recursive: true });
        const base = join(screenshotsDir, 'lab-report-page-1');
        rmSync(`${base}.png`, { force: true });
        execFileSync('pdftoppm', [
          '-png',
          '-r',
          '110',
          '-f',
          '1',
          '-l',
          '1',
          '-singlefile',
          pdfPath,
          base,
        ]);
        expect(statSync(`${base}.png`).size).toBeGreaterThan(10_000);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
  );
});
