import { renderMessage } from '@careline/i18n/server';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../../../test/read-pdf.ts';
import {
  A4_POINTS,
  formatPaidAt,
  INVOICE_FOOTER,
  renderInvoicePdf,
  type InvoicePdfInput,
} from './invoice-pdf.ts';

const invoice = (overrides: Partial<InvoicePdfInput> = {}): InvoicePdfInput => ({
  hospitalName: 'Careline Central Hospital',
  billingAddress: ['114 Norris Canal Road', 'Colombo 10'],
  paymentId: 'c2f0a8d4-5b1e-4f7a-9d7e-1f1b2c3d4e5f',
  transactionReference: '7000123456789012345678',
  paidAt: new Date('2026-11-24T04:45:00Z'),
  patientName: 'Nimal Perera',
  items: [
    { description: 'Doctor fee', amountMinor: 250000 },
    { description: 'Hospital fee', amountMinor: 75050 },
    { description: 'Hospital fee tax', amountMinor: 13509 },
    { description: 'Scheme discount', amountMinor: -10000 },
  ],
  totalMinor: 328559,
  currency: 'LKR',
  cardType: '001',
  cardNumber: '411111XXXXXXXXXX',
  gateway: 'cyberSource',
  ...overrides,
});

describe('renderInvoicePdf (spec doc 2 §2: Invoice.pdf, A4)', () => {
  it('is an A4 PDF titled Payment Invoice with every line, 2-decimal amounts and the total', async () => {
    const bytes = await renderInvoicePdf(invoice());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { pages, title } = await readPdf(bytes);
    expect(title).toBe('Payment Invoice');
    expect(pages).toHaveLength(1);
    const [page] = pages;
    expect(page?.width).toBeCloseTo(A4_POINTS.width, 2);
    expect(page?.height).toBeCloseTo(A4_POINTS.height, 2);
    expect(page?.width).toBeCloseTo(595.28, 2);
    expect(page?.height).toBeCloseTo(841.89, 2);
    const text = page?.text ?? '';
    for (const expected of [
      'Payment Invoice',
      'Careline Central Hospital',
      '114 Norris Canal Road',
      'Colombo 10',
      'c2f0a8d4-5b1e-4f7a-9d7e-1f1b2c3d4e5f',
      '7000123456789012345678',
      '24th,(Tue) Nov 2026 10:15 AM',
      'Nimal Perera',
      'Visa 411111XXXXXXXXXX',
      'Doctor fee',
      '2500.00',
      'Hospital fee',
      '750.50',
      'Hospital fee tax',
      '135.09',
      'Scheme discount',
      '-100.00',
      'Total',
      '3285.59 LKR',
      INVOICE_FOOTER,
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("shows 'Not Available' for a missing transaction reference and leaves out a missing card", async () => {
    const { pages } = await readPdf(
      await renderInvoicePdf(invoice({ transactionReference: null, cardNumber: null })),
    );
    expect(pages[0]?.text).toContain('Not Available');
    expect(pages[0]?.text).not.toContain('Card:');
  });

  it("names the method and the card brand, never the gateway's codes (issue 29 §1.4)", async () => {
    const card = (await readPdf(await renderInvoicePdf(invoice({ cardNumber: '400000XXXXXXXXXX' })))).pages[0]?.text ?? '';
    expect(card).toMatch(/Paid with:\s*Card/);
    expect(card).toMatch(/Card:\s*Visa 400000XXXXXXXXXX/);
    expect(card).not.toContain('cyberSource');
    expect(card).not.toMatch(/Card:\s*001/);
    for (const [gateway, name] of [
      ['genie', 'Genie'],
      ['mobileBill', 'Mobile bill'],
      ['cash', 'Cash'],
    ] as const) {
      const text = (await readPdf(await renderInvoicePdf(invoice({ gateway, cardNumber: null })))).pages[0]?.text ?? '';
      expect(text).toMatch(new RegExp(`Paid with:\\s*${name}`));
      expect(text).not.toContain(gateway);
    }
  });

  // pdf.js reads a pre-base vowel sign in drawing order (ෛව for වෛ, ைன for னை): the reading puts a
  // Sinhala or Tamil pre-base sign back after its consonant, and takes out the spaces it guesses
  // between shaped pieces.
  it.each([
    ['si', ['වෛද්‍යගාස්තුව', 'ගාස්තුබද්ද', '24වැනි', '2026', 'කාඩ්පත', 'Visa411111XXXXXXXXXX', '2500.00', '135.09']],
    ['ta', ['மருத்துவர்கட்டணம்', 'மருத்துவமனைக்கட்டணம்', 'கட்டணவரி', '24வது', '2026', 'அட்டை', 'Visa411111XXXXXXXXXX', '2500.00', '135.09']],
  ] as const)("is written in the account's language, %s: fee lines, labels, method and date (issue 29 §1.4)", async (locale, expected) => {
    const bytes = await renderInvoicePdf(invoice({ locale }));
    const { pages, title } = await readPdf(bytes);
    const raw = pages[0]?.text ?? '';
    const text = raw
      .replace(/\s+/g, '')
      .replace(/([\u0DD9-\u0DDB\u0BC6-\u0BC8])([\u0D9A-\u0DC6\u0B95-\u0BB9])/g, '$2$1');
    for (const part of expected) {
      expect(text).toContain(part);
    }
    for (const english of ['Doctor fee', 'Hospital fee', 'Paid at', 'Paid with', 'Payment ID', 'Patient', 'Tue', 'Nov', 'Page 1 of 1']) {
      expect(raw).not.toContain(english);
    }
    expect(title).toBe(renderMessage(locale, 'paymentHistory.invoiceTitle'));
    // A hospital's own line keeps its wording.
    const own = await readPdf(
      await renderInvoicePdf(invoice({ locale, items: [{ description: 'Scheme discount', amountMinor: -10000 }], totalMinor: 0 })),
    );
    expect(own.pages[0]?.text).toContain('Scheme discount');
  });

  it('flows a long invoice onto further A4 pages, each with its footer, and keeps every line', async () => {
    const items = Array.from({ length: 80 }, (_, i) => ({
      description: `Procedure line ${String(i + 1)}`,
      amountMinor: 1000 + i,
    }));
    const totalMinor = items.reduce((sum, item) => sum + item.amountMinor, 0);
    const { pages } = await readPdf(await renderInvoicePdf(invoice({ items, totalMinor })));
    expect(pages.length).toBeGreaterThan(1);
    const all = pages.map((page) => page.text).join('\n');
    for (const item of items) {
      expect(all).toContain(item.description);
    }
    expect(all).toContain(`${(totalMinor / 100).toFixed(2)} LKR`);
    pages.forEach((page, index) => {
      expect(page.width).toBeCloseTo(595.28, 2);
      expect(page.height).toBeCloseTo(841.89, 2);
      expect(page.text).toContain(`Page ${String(index + 1)} of ${String(pages.length)}`);
    });
  });

  it('sets Sinhala and Tamil names in embedded Noto fonts, and Latin in Helvetica', async () => {
    const bytes = await renderInvoicePdf(
      invoice({
        patientName: 'නිමල් Perera குமார்',
        items: [{ description: 'වෛද්‍ය ගාස්තු Doctor fee', amountMinor: 250000 }],
        totalMinor: 250000,
      }),
    );
    const raw = bytes.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSinhala/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansTamil/);
    expect(raw).toContain('/BaseFont /Helvetica');
    const { pages } = await readPdf(bytes);
    // pdf.js splits shaped Sinhala and Tamil into positioned pieces with guessed spaces between them,
    // and reads a pre-base vowel sign in drawing order (ෛව for වෛ), so the check skips that syllable.
    const text = (pages[0]?.text ?? '').replace(/\s+/g, '');
    for (const expected of ['නිමල්', 'Perera', 'குமார்', 'ද්‍යගාස්තු', 'Doctorfee', '2500.00LKR']) {
      expect(text).toContain(expected);
    }
  });

  it('needs no script font for an all-Latin invoice', async () => {
    const raw = (await renderInvoicePdf(invoice())).toString('latin1');
    expect(raw).not.toContain('NotoSans');
  });
});

describe('formatPaidAt (spec doc 2 §9 Do,(ddd) MMM YYYY hh:mm A)', () => {
  it.each([
    ['2026-11-24T04:45:00Z', 'Asia/Colombo', '24th,(Tue) Nov 2026 10:15 AM', 'en'],
    ['2026-11-24T04:45:00Z', 'Asia/Colombo', '24 වැනි,(අඟහ) ඉල් 2026 10:15 පෙ.ව.', 'si'],
    ['2026-11-24T04:45:00Z', 'Asia/Colombo', '24வது,(செவ்.) நவ. 2026 10:15 AM', 'ta'],
  ])('%s in %s reads %s in %s (issue 29 §1.4)', (iso, zone, text, locale) => {
    expect(formatPaidAt(new Date(iso), zone, locale)).toBe(text);
  });

  it.each([
    ['2026-11-24T04:45:00Z', 'Asia/Colombo', '24th,(Tue) Nov 2026 10:15 AM'],
    ['2026-11-01T06:30:00Z', 'UTC', '1st,(Sun) Nov 2026 06:30 AM'],
    ['2026-11-22T18:30:00Z', 'Asia/Colombo', '23rd,(Mon) Nov 2026 12:00 AM'],
    ['2026-11-12T12:05:00Z', 'UTC', '12th,(Thu) Nov 2026 12:05 PM'],
  ])('%s in %s reads %s', (iso, zone, text) => {
    expect(formatPaidAt(new Date(iso), zone)).toBe(text);
  });
});
