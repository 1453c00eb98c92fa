/**
 * `npm run bench:report-pdf` (issue 11 'Benchmark': warm p95 time to produce the 2-page report,
 * beside the other PDF library on the same document in the same run; goal p95 ≤ 300 ms): renders
 * the 2-page printable lab report of the tests (a full blood count, an antibiogram, notes, the
 * header, footer and signature images) with renderLabReportPdf (pdfkit) and with pdfmake 0.2 laid
 * out from the same printableReport() data with the same images and fonts, one after another after
 * a warm-up, and prints p50/p95, their ratio and the goal as met or missed. Also the same report
 * with a Sinhala and Tamil patient name (the embedded Noto fonts). Prints only; nothing fails on a
 * missed goal. Settings: BENCH_REPORTS (200), BENCH_WARMUP (30).
 */
import { createRequire } from 'node:module';
import {
  LAB_REPORT_LABELS,
  printableReport,
  UNCLASSIFIED,
  type PrintableReport,
} from '@careline/domain/lab-reports';
import type { Content, TableCell } from 'pdfmake';
import type { ContentText, TDocumentDefinitions, TFontDictionary } from 'pdfmake/interfaces';
import { percentile } from './support.ts';
import {
  renderLabReportPdf,
  type LabReportPdfInput,
} from '../src/modules/lab-reports/pdf/lab-report-pdf.ts';
import { sampleLabReportInput } from '../src/modules/lab-reports/pdf/lab-report-pdf-test-fixture.ts';
import { scriptFont, scriptRuns } from '../src/pdf/script-fonts.ts';

const settings = {
  reports: Number(process.env.BENCH_REPORTS ?? 200),
  warmup: Number(process.env.BENCH_WARMUP ?? 30),
};
const GOAL_P95_MS = 300;

const require = createRequire(import.meta.url);

/** pdfmake 0.2's Node printer (its CommonJS main); @types/pdfmake describes 0.3's browser API only. */
type PdfPrinter = {
  createPdfKitDocument: (definition: TDocumentDefinitions) => PDFKit.PDFDocument;
};
const PdfPrinterClass = require('pdfmake') as new (fonts: TFontDictionary) => PdfPrinter;

// The same fonts as ours: the standard Times (not embedded) and the @fontsource Noto files.
const printer = new PdfPrinterClass({
  Times: {
    normal: 'Times-Roman',
    bold: 'Times-Bold',
    italics: 'Times-Italic',
    bolditalics: 'Times-BoldItalic',
  },
  NotoSinhala: {
    normal: scriptFont('sinhala', 'regular'),
    bold: scriptFont('sinhala', 'bold'),
  },
  NotoTamil: {
    normal: scriptFont('tamil', 'regular'),
    bold: scriptFont('tamil', 'bold'),
  },
});

/** A text in pdfmake's inline runs: Sinhala and Tamil letters in their Noto font, the rest in Times. */
function runs(text: string, bold = false): ContentText {
  const pieces = scriptRuns(text).map((run) => ({
    text: run.text,
    bold,
    ...(run.script === 'sinhala'
      ? { font: 'NotoSinhala' }
      : run.script === 'tamil'
        ? { font: 'NotoTamil' }
        : {}),
  }));
  return { text: pieces.length > 0 ? pieces : '' };
}

const dataUrl = (png: Buffer): string => `data:image/png;base64,${png.toString('base64')}`;
const SIDE = 36;
const CONTENT_WIDTH = 595.28 - 2 * SIDE;

/** The same report laid out with pdfmake: header and footer images on every page, tables, signature. */
function pdfmakeDefinition(
  input: LabReportPdfInput,
  images: Record<string, string>,
): TDocumentDefinitions {
  const view: PrintableReport = printableReport(
    input.report,
    {},
    {
      reportedBy: input.reportedBy,
      timeZone: input.timeZone,
    },
  );
  const labels = LAB_REPORT_LABELS;
  const field = (label: string, value: string): TableCell[] => [
    runs(`${label}:`, true),
    runs(value),
  ];
  const testRows: TableCell[][] = [
    [labels.testName, labels.resultColumn, labels.unit, labels.referenceRange].map((text) =>
      runs(text, true),
    ),
  ];
  for (const group of view.results.groups) {
    if (group.classification !== UNCLASSIFIED) {
      testRows.push([
        { ...runs(group.classification, true), decoration: 'underline', colSpan: 4 },
        '',
        '',
        '',
      ]);
    }
    for (const row of group.rows) {
      testRows.push(
        [row.name, row.result, row.unit, row.referenceRange].map((text) => runs(text, row.bold)),
      );
    }
  }
  const antibiogram: Content[] = view.results.antibiogram.flatMap((entry): Content[] => [
    ...(entry.organism
      ? [
          {
            columns: [
              { width: 70, ...runs(`${labels.organism}:`, true) },
              { width: '*', ...runs(entry.organism.name, true) },
              { width: CONTENT_WIDTH * 0.4, ...runs(entry.organism.result, entry.organism.bold) },
            ],
            margin: [0, 4, 0, 4],
          } as Content,
        ]
      : []),
    {
      margin: [12, 0, 0, 0],
      table: {
        headerRows: 1,
        widths: ['*', CONTENT_WIDTH * 0.4],
        body: [
          [runs(labels.antibiotic, true), runs(labels.resultColumn, true)],
          ...entry.antibiotics.map((row) => [runs(row.name, row.bold), runs(row.result, row.bold)]),
        ],
      },
      layout: 'headerLineOnly',
    },
    ...(entry.comment === null
      ? []
      : [
          {
            columns: [{ width: 70, ...runs(`${labels.comment}:`, true) }, runs(entry.comment)],
          } as Content,
        ]),
  ]);
  return {
    pageSize: 'A4',
    pageMargins: [SIDE, 14.17 + 90 + 8, SIDE, 14.17 + 70 + 22],
    info: { title: view.reportName },
    defaultStyle: { font: 'Times', fontSize: 10 },
    images,
    header: () =>
      images.header
        ? { image: 'header', width: CONTENT_WIDTH, margin: [SIDE, 14.17, 0, 0] }
        : runs(input.report.organizationName ?? '', true),
    footer: (page: number, pages: number) => ({
      margin: [SIDE, 0, SIDE, 0],
      stack: [
        {
          text: `Page ${String(page)} of ${String(pages)}`,
          fontSize: 8,
          alignment: 'right',
          margin: [0, 0, 0, 8],
        },
        ...(images.footer
          ? [{ image: 'footer', fit: [CONTENT_WIDTH, 70], alignment: 'center' } as Content]
          : []),
      ],
    }),
    content: [
      {
        columns: [
          { width: 40, text: '' },
          { width: '*', ...runs(view.reportName, true), fontSize: 14, alignment: 'center' },
          { width: 40, text: view.rpMark ?? '', bold: true, fontSize: 13, alignment: 'center' },
        ],
      },
      {
        margin: [0, 6, 0, 6],
        columns: [
          {
            layout: 'noBorders',
            table: {
              widths: [112, '*'],
              body: [
                field(labels.patientName, view.patient.name),
                field(labels.patientId, view.patient.id),
                field(labels.age, view.patient.age),
                field(labels.gender, view.patient.gender),
                field(labels.nicPassport, view.patient.nic),
                field(labels.receiptNumber, view.receiptNumber),
                field(labels.referredBy, view.referredBy),
              ],
            },
          },
          {
            layout: 'noBorders',
            table: {
              widths: [112, '*'],
              body: [
                field(labels.referredOrganization, view.referredOrganization),
                field(labels.collectedTime, view.collectedTime),
                field(labels.receivedTime, view.receivedTime),
                field(labels.reportedTime, view.reportedTime),
                field(labels.reportedBy, view.reportedBy),
                field(labels.collectionCenter, view.collectionCenter),
              ],
            },
          },
        ],
      },
      {
        table: { headerRows: 1, widths: ['40%', '17%', '15%', '28%'], body: testRows },
        layout: 'headerLineOnly',
      },
      ...antibiogram,
      ...(view.notes === ''
        ? []
        : [runs(`${labels.notes}:`, true), ...view.notes.split('\n').map((line) => runs(line))]),
      {
        unbreakable: true,
        margin: [CONTENT_WIDTH - 200, 12, 0, 0],
        stack: [
          images.signature
            ? { image: 'signature', fit: [160, 50], alignment: 'center' }
            : { text: '- - - - - - - - - - - - - - - - - - - -', alignment: 'center' },
          { ...runs(view.signature.label, true), alignment: 'center' },
        ],
      },
      { ...runs(view.endOfReport, true), fontSize: 11, alignment: 'center', margin: [0, 12, 0, 0] },
    ],
  };
}

/** Renders with pdfmake: layout, then its pdfkit document streamed into one Buffer. */
function renderWithPdfmake(
  input: LabReportPdfInput,
  images: Record<string, string>,
): Promise<Buffer> {
  const doc = printer.createPdfKitDocument(pdfmakeDefinition(input, images));
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.end();
  return done;
}

type Sample = { label: string; render: () => Promise<Buffer> };
type Result = { p50: number; p95: number; bytes: number; pages: number };

const pageCount = (pdf: Buffer): number =>
  pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

/** Renders one after another (a request renders one PDF), `count` times; times each render. */
async function measure(sample: Sample, count: number): Promise<Result> {
  const times: number[] = [];
  let bytes = 0;
  let pages = 0;
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const pdf = await sample.render();
    times.push(performance.now() - started);
    bytes = pdf.length;
    pages = pageCount(pdf);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), bytes, pages };
}

function report(label: string, result: Result): void {
  console.log(
    `${label.padEnd(38)} p50 ${result.p50.toFixed(2).padStart(7)} ms  p95 ${result.p95.toFixed(2).padStart(7)} ms  ${String(result.bytes).padStart(7)} bytes  ${String(result.pages)} pages`,
  );
}

async function main(): Promise<void> {
  const latin = sampleLabReportInput();
  const scripts = sampleLabReportInput({
    patient: { ...latin.report.patient, name: 'නිමල් පෙරේරා குமார்' },
  });
  // pdfmake takes images as data URLs (or file paths): encoded once, outside the timings.
  const images = {
    header: dataUrl(latin.headerImage ?? Buffer.from('')),
    footer: dataUrl(latin.footerImage ?? Buffer.from('')),
    signature: dataUrl(latin.signatureImage ?? Buffer.from('')),
  };
  const samples: Sample[] = [
    { label: 'pdfkit (ours): 2-page report', render: () => renderLabReportPdf(latin) },
    { label: 'pdfmake 0.2: same report', render: () => renderWithPdfmake(latin, images) },
    { label: 'pdfkit (ours): si + ta name', render: () => renderLabReportPdf(scripts) },
    { label: 'pdfmake 0.2: si + ta name', render: () => renderWithPdfmake(scripts, images) },
  ];
  console.log(
    `node ${process.version}; ${String(settings.reports)} renders each after ${String(settings.warmup)} warm-up renders`,
  );
  // Warm-up: JIT, pdfkit's AFM metrics, the Noto fonts read and parsed.
  for (const sample of samples) {
    await measure(sample, settings.warmup);
  }
  const results: Result[] = [];
  for (const sample of samples) {
    const result = await measure(sample, settings.reports);
    report(sample.label, result);
    results.push(result);
  }
  const [ours, theirs, oursScripts, theirsScripts] = results as [Result, Result, Result, Result];
  console.log(
    `ratio pdfmake / pdfkit (p95): ${(theirs.p95 / ours.p95).toFixed(2)}x, with si + ta name ${(theirsScripts.p95 / oursScripts.p95).toFixed(2)}x`,
  );
  const worst = Math.max(ours.p95, oursScripts.p95);
  console.log(
    `warm p95 to produce the 2-page report: ${ours.p95.toFixed(2)} ms (${oursScripts.p95.toFixed(2)} ms with Sinhala and Tamil); goal p95 ≤ ${String(GOAL_P95_MS)} ms: ${worst <= GOAL_P95_MS ? 'met' : 'missed'}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
