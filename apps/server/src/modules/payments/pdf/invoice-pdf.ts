/**
 * Invoice.pdf: the payment history's 'Payment Invoice' as an A4 PDF (spec doc 2 §2 Payment history
 * screen 'Download as PDF' (file Invoice.pdf, A4), §5 'Invoice amounts are shown with 2 decimals',
 * §9 payment date format; issue 9 §6), in the account's language: its labels, the named fee lines
 * (Doctor fee, Hospital fee, Hospital fee tax), the payment method's name and the date come from the
 * catalogues and the time module (issue 29 §1.4); the card reads as its brand and masked number.
 *
 * Latin text is set in pdfkit's built-in Helvetica, whose WinAnsi encoding has no Sinhala or Tamil
 * glyphs. Runs of Sinhala or Tamil letters (names, hospital names, addresses in the tenant's
 * languages) are set in embedded Noto Sans Sinhala / Noto Sans Tamil, read from the @fontsource
 * packages the web app already ships, and shaped by fontkit; pdfkit embeds only the glyphs used.
 */
import PDFDocument from 'pdfkit';
import { DEFAULT_TIME_ZONE } from '@careline/domain/loyalty';
import { formatInstant } from '@careline/domain/time';
import { cardDisplayText, minorToDecimal, namedFeeLine, paymentMethodName } from '@careline/domain/payments';
import { renderMessage } from '@careline/i18n/server';
import { HELVETICA, pdfBytes, scriptWriter } from '../../../pdf/script-fonts.ts';

/** A4 in PDF points (spec doc 2 §2 'Invoice.pdf, A4'). */
export const A4_POINTS = { width: 595.28, height: 841.89 } as const;

/** What the invoice shows. Amounts are integer minor units. */
export type InvoicePdfInput = {
  hospitalName: string;
  billingAddress: string[];
  paymentId: string;
  transactionReference: string | null;
  paidAt: Date;
  patientName: string;
  items: { description: string; amountMinor: number }[];
  totalMinor: number;
  currency: string;
  /** The card type as the gateway recorded it ('001' or 'visa'). */
  cardType?: string | null;
  /** The card number as recorded (masked after its first 6 digits); the card is left out without one. */
  cardNumber?: string | null;
  /** The recorded paymentGatewayType ('cyberSource', 'genie', 'mobileBill', 'cash'). */
  gateway: string;
  /** The account's language (en, si, ta); English for anything else. */
  locale?: string | null;
  /** The zone the payment time is written in; the tenant's, Asia/Colombo by default. */
  timeZone?: string;
};

/** Footer line of every page, in English (invoicePdf.footer). */
export const INVOICE_FOOTER = renderMessage('en', 'invoicePdf.footer');

/**
 * A payment time as the spec writes it, DATE_FORMATS.payment 'Do,(ddd) MMM YYYY hh:mm A'
 * (spec doc 2 §9): '24th,(Tue) Nov 2026 10:15 AM', in Sinhala '24 වැනි,(අඟහ) ඉල් 2026 10:15 පෙ.ව.'.
 * @param date - the time
 * @param timeZone - the zone to write it in
 * @param locale - the language; English by default
 */
export function formatPaidAt(date: Date, timeZone: string, locale = 'en'): string {
  return formatInstant(date, 'payment', { timeZone, locale }) ?? '';
}

/**
 * How the invoice names a payment method: Card, Genie, Mobile bill, Cash in the language; a gateway
 * the apps do not name is shown as recorded.
 */
function methodText(locale: string, gateway: string): string {
  const name = paymentMethodName(gateway);
  return name ? renderMessage(locale, `payments.gatewayName.${name}`) : gateway;
}

/** An invoice line's description: a named fee line in the language, a hospital's own wording as written. */
function lineText(locale: string, description: string): string {
  const named = namedFeeLine(description);
  return named ? renderMessage(locale, `invoice.line.${named}`) : description;
}

const MARGIN = 50;
const FOOTER_HEIGHT = 40;
const AMOUNT_WIDTH = 120;

/**
 * Renders a payment's invoice as an A4 PDF: title 'Payment Invoice', the hospital and its billing
 * address, the payment's details, one row per line with its 2-decimal amount, the total, and a footer
 * with page numbers on every page. Long invoices flow onto further pages.
 * @param input - what the invoice shows; amounts in minor units
 * @returns the PDF file's bytes
 */
export function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const locale = input.locale ?? 'en';
  const text = (id: Parameters<typeof renderMessage>[1], values?: Parameters<typeof renderMessage>[2]): string =>
    renderMessage(locale, id, values);
  const title = text('paymentHistory.invoiceTitle');
  const cardText = cardDisplayText(input.cardType, input.cardNumber);
  const doc = new PDFDocument({
    size: [A4_POINTS.width, A4_POINTS.height],
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_HEIGHT },
    bufferPages: true,
    info: {
      Title: title,
      Author: input.hospitalName,
      Subject: `Payment ${input.paymentId}`,
    },
  });
  const done = pdfBytes(doc);

  const { setSize, useFont, write } = scriptWriter(doc, HELVETICA, 12);

  const left = MARGIN;
  const contentWidth = A4_POINTS.width - 2 * MARGIN;
  const amountLeft = left + contentWidth - AMOUNT_WIDTH;
  const descriptionWidth = contentWidth - AMOUNT_WIDTH - 10;
  const bottom = A4_POINTS.height - MARGIN - FOOTER_HEIGHT;

  setSize(20);
  write(title, left, MARGIN, {}, true);
  doc.moveDown(0.5);
  setSize(12);
  write(input.hospitalName, left, doc.y, { width: contentWidth }, true);
  setSize(10);
  for (const line of input.billingAddress) {
    write(line, left, doc.y, { width: contentWidth });
  }
  doc.moveDown();

  const details: [string, string][] = [
    [text('invoicePdf.paymentId'), input.paymentId],
    [text('paymentHistory.field.reference'), input.transactionReference ?? text('paymentHistory.notAvailable')],
    [text('invoicePdf.paidAt'), formatPaidAt(input.paidAt, input.timeZone ?? DEFAULT_TIME_ZONE, locale)],
    [text('invoicePdf.patient'), input.patientName],
    ...(cardText ? ([[text('paymentHistory.field.card'), cardText]] as [string, string][]) : []),
    [text('invoicePdf.paidWith'), methodText(locale, input.gateway)],
  ];
  for (const [label, value] of details) {
    const y = doc.y;
    write(`${label}:`, left, y, { width: 140 }, true);
    const labelBottom = doc.y;
    write(value, left + 150, y, { width: contentWidth - 150 });
    doc.y = Math.max(labelBottom, doc.y);
  }
  doc.moveDown();

  /** Draws one row: the description wrapped to its column, the amount right-aligned. */
  const row = (description: string, amount: string, bold = false): void => {
    useFont(null, bold);
    // An estimate in Helvetica's metrics, enough to decide whether the row needs a new page.
    const estimate = Math.max(
      doc.heightOfString(description, { width: descriptionWidth }),
      doc.currentLineHeight(true),
    );
    if (doc.y + estimate > bottom) {
      doc.addPage();
    }
    const y = doc.y;
    write(description, left, y, { width: descriptionWidth }, bold);
    const descriptionBottom = doc.y;
    write(amount, amountLeft, y, { width: AMOUNT_WIDTH, align: 'right' }, bold);
    doc.y = Math.max(descriptionBottom, doc.y) + 4;
  };
  const rule = (): void => {
    doc
      .moveTo(left, doc.y)
      .lineTo(left + contentWidth, doc.y)
      .lineWidth(0.5)
      .stroke();
    doc.y += 6;
  };

  setSize(11);
  row(text('paymentHistory.invoice.description'), text('invoicePdf.amountIn', { currency: input.currency }), true);
  rule();
  for (const item of input.items) {
    row(lineText(locale, item.description), minorToDecimal(item.amountMinor));
  }
  rule();
  row(text('paymentHistory.invoice.total'), `${minorToDecimal(input.totalMinor)} ${input.currency}`, true);

  // Footers go below the bottom margin, where pdfkit would otherwise start a new page.
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    doc.page.margins.bottom = 0;
    const y = A4_POINTS.height - MARGIN - 12;
    setSize(8);
    doc.fillColor('#555555');
    write(text('invoicePdf.footer'), left, y, { width: contentWidth - 60, lineBreak: false });
    write(text('invoicePdf.page', { page: index + 1, pages: range.count }), left + contentWidth - 60, y, {
      width: 60,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.end();
  return done;
}
