/**
 * `npm run bench:invoice-pdf` (issue 9 'Done when': the time to produce Invoice.pdf, warm p95): renders
 * invoices with renderInvoicePdf after a warm-up and prints p50/p95, beside a baseline measured in the
 * same run, the least pdfkit can do: an empty A4 page with one line of Helvetica. The ratio says what
 * the invoice's layout, extra text and fonts cost over the library's own fixed cost. Also an invoice
 * with a Sinhala and Tamil patient name (the embedded Noto fonts are shaped and subset per file).
 * Prints only; no goals. Settings: BENCH_INVOICES (200), BENCH_WARMUP (30), BENCH_LINES (4).
 */
import PDFDocument from 'pdfkit';
import { percentile } from './support.ts';
import { renderInvoicePdf, type InvoicePdfInput } from '../src/modules/payments/pdf/invoice-pdf.ts';

const settings = {
  invoices: Number(process.env.BENCH_INVOICES ?? 200),
  warmup: Number(process.env.BENCH_WARMUP ?? 30),
  lines: Number(process.env.BENCH_LINES ?? 4),
};

/** The baseline: pdfkit's fixed cost for one A4 page with one line of built-in Helvetica. */
function renderBaselinePdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: [595.28, 841.89] });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica').fontSize(12).text('Payment Invoice', 50, 50);
  doc.end();
  return done;
}

const CATEGORIES = [
  'Doctor fee',
  'Hospital fee',
  'Hospital fee tax',
  'Service charge',
  'Procedure fee',
  'Scheme discount',
];

/** A realistic invoice with `lines` fee lines. */
function sampleInvoice(lines: number, patientName: string): InvoicePdfInput {
  const items = Array.from({ length: lines }, (_, i) => ({
    description: CATEGORIES[i % CATEGORIES.length] ?? 'Fee',
    amountMinor: 250_000 - i * 12_345,
  }));
  return {
    hospitalName: 'Careline Central Hospital',
    billingAddress: ['114 Norris Canal Road', 'Colombo 10', 'Sri Lanka'],
    paymentId: 'c2f0a8d4-5b1e-4f7a-9d7e-1f1b2c3d4e5f',
    transactionReference: '7000123456789012345678',
    paidAt: new Date('2026-11-24T04:45:00Z'),
    patientName,
    items,
    totalMinor: items.reduce((sum, item) => sum + item.amountMinor, 0),
    currency: 'LKR',
    cardType: '001',
    cardNumber: '411111XXXXXXXXXX',
    gateway: 'cyberSource',
  };
}


type Sample = { label: string; render: () => Promise<Buffer> };
type Result = { p50: number; p95: number; bytes: number };

/** Renders one after another (a request renders one PDF), `count` times; times each render. */
async function measure(sample: Sample, count: number): Promise<Result> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const pdf = await sample.render();
    times.push(performance.now() - started);
    bytes = pdf.length;
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), bytes };
}

function report(label: string, result: Result): void {
  console.log(
    `${label.padEnd(34)} p50 ${result.p50.toFixed(2).padStart(7)} ms  p95 ${result.p95.toFixed(2).padStart(7)} ms  ${String(result.bytes).padStart(7)} bytes`,
  );
}

async function main(): Promise<void> {
  const samples: Sample[] = [
    { label: 'baseline: empty A4, one line', render: renderBaselinePdf },
    {
      label: `Invoice.pdf, ${String(settings.lines)} lines`,
      render: () => renderInvoicePdf(sampleInvoice(settings.lines, 'Nimal Perera')),
    },
    {
      label: `Invoice.pdf, ${String(settings.lines)} lines, si + ta name`,
      render: () => renderInvoicePdf(sampleInvoice(settings.lines, 'නිමල් පෙරේරා குமார்')),
    },
  ];
  console.log(
    `node ${process.version}; ${String(settings.invoices)} renders each after ${String(settings.warmup)} warm-up renders`,
  );
  // Warm-up: JIT, pdfkit's AFM metrics, the Noto font files read and parsed.
  for (const sample of samples) {
    await measure(sample, settings.warmup);
  }
  const results: Result[] = [];
  for (const sample of samples) {
    const result = await measure(sample, settings.invoices);
    report(sample.label, result);
    results.push(result);
  }
  const [baseline, latin, scripts] = results as [Result, Result, Result];
  console.log(
    `ratio to baseline (p95): Invoice.pdf ${(latin.p95 / baseline.p95).toFixed(2)}x, with si + ta name ${(scripts.p95 / baseline.p95).toFixed(2)}x`,
  );
  console.log(
    `warm p95 to produce Invoice.pdf: ${latin.p95.toFixed(2)} ms (${scripts.p95.toFixed(2)} ms with Sinhala and Tamil)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
