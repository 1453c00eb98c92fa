/**
 * The printable lab report as an A4 PDF (spec doc 3 §2 'Printable lab report', §3 Print report,
 * §9 'Report PDF: A4 (29.7 by 21 cm), bottom margin 0.5, Times New Roman, file name …'; issue 11
 * part 2). What prints, in which order and how, comes from printableReport()
 * (@careline/domain/lab-reports); this file only lays it out with pdfkit.
 *
 * Latin text is set in pdfkit's built-in Times-Roman and Times-Bold (the PDF standard fonts' Times
 * New Roman), which need no embedding. Runs of Sinhala or Tamil letters are set in embedded Noto Sans
 * Sinhala / Noto Sans Tamil, read from the @fontsource packages, shaped by fontkit and subset by
 * pdfkit, so a report without those scripts embeds no font at all.
 */
import PDFDocument from 'pdfkit';
import {
  flaggedResult,
  LAB_REPORT_LABELS,
  printableReport,
  UNCLASSIFIED,
  type PrintableReport,
  type PrintReport,
} from '@careline/domain/lab-reports';
import { pdfBytes, scriptWriter, TIMES } from '../../../pdf/script-fonts.ts';
import type { ImageMixin, OpenedImage } from './lab-report-image.ts';

/** A4 in PDF points: 21 by 29.7 cm (spec doc 3 §9). */
export const LAB_REPORT_A4_POINTS = { width: 595.28, height: 841.89 } as const;

const POINTS_PER_CM = 72 / 2.54;
/** The bottom margin, 0.5 cm (spec doc 3 §9). */
const BOTTOM_MARGIN = 0.5 * POINTS_PER_CM;

/**
 * What the printable report needs (spec doc 3 §3 Print report and Print report results, with the
 * organization's images of §2 and §3 Organization). Images are the files' bytes (PNG or JPEG): the
 * route fetches labReportHeaderImageUrl, labReportFooterImageUrl and the technologist's
 * userProfileUrl; a missing image prints the organization's name (header), nothing (footer) or a
 * dash line (signature).
 */
export type LabReportPdfInput = {
  report: PrintReport;
  headerImage?: Buffer | null;
  footerImage?: Buffer | null;
  signatureImage?: Buffer | null;
  /** Who reported (the technologist's name), printed as 'Reported By'. */
  reportedBy?: string | null;
  /** The zone the times are written in; the hospital's, Asia/Colombo by default. */
  timeZone?: string;
};

const SIDE_MARGIN = 36;
const TOP_MARGIN = BOTTOM_MARGIN;
const HEADER_MAX_HEIGHT = 90;
const FOOTER_MAX_HEIGHT = 70;
const SIGNATURE_MAX = { width: 160, height: 50 };
const PAGE_NUMBER_HEIGHT = 14;
const GAP = 8;
const BODY_SIZE = 10;

/** The height an image takes when scaled to `width`, capped at `maxHeight` (then narrower). */
function fitted(image: OpenedImage, width: number, maxHeight: number) {
  const scale = Math.min(width / image.width, maxHeight / image.height);
  return { width: image.width * scale, height: image.height * scale };
}

/**
 * Renders the printable lab report as an A4 PDF: on every page the organization's header image (or
 * its name) and footer image with the page number; on the first, the report name, the RP mark when
 * summaryStatus is issued, and the patient block (name, ID, age, gender, NIC/passport, receipt
 * number, referred by or 'Self Request', referred organization, collected, received and reported
 * times, reported by, collection center); then the test table by group (name, result, unit,
 * reference range; critical results bold), the antibiogram (organism, its antibiotics, comment),
 * the notes, the signature image or a dash line labelled 'Medical Laboratory Technologist', and
 * 'End of Report'. Long reports flow onto further pages, repeating the patient line and the table
 * heading.
 * @param input - the print report and the organization's images
 * @returns the PDF file's bytes
 * @throws Error when an image is not a PNG or JPEG file
 */
export function renderLabReportPdf(input: LabReportPdfInput): Promise<Buffer> {
  const view = printableReport(
    input.report,
    {},
    {
      reportedBy: input.reportedBy,
      timeZone: input.timeZone,
    },
  );
  const { width: pageWidth, height: pageHeight } = LAB_REPORT_A4_POINTS;
  const contentWidth = pageWidth - 2 * SIDE_MARGIN;
  const left = SIDE_MARGIN;

  // Opened once per document, drawn on every page: pdfkit then embeds each image once.
  const doc = new PDFDocument({
    size: [pageWidth, pageHeight],
    autoFirstPage: false,
    bufferPages: true,
  });
  const images = doc as unknown as ImageMixin;
  const header = input.headerImage ? images.openImage(input.headerImage) : null;
  const footer = input.footerImage ? images.openImage(input.footerImage) : null;
  const signature = input.signatureImage ? images.openImage(input.signatureImage) : null;
  const headerSize = header
    ? fitted(header, contentWidth, HEADER_MAX_HEIGHT)
    : { width: 0, height: 24 };
  const footerSize = footer
    ? fitted(footer, contentWidth, FOOTER_MAX_HEIGHT)
    : { width: 0, height: 0 };
  const contentTop = TOP_MARGIN + headerSize.height + GAP;
  const contentBottom = pageHeight - BOTTOM_MARGIN - footerSize.height - PAGE_NUMBER_HEIGHT - GAP;

  doc.info.Title = view.reportName;
  doc.info.Author = input.report.organizationName ?? '';
  doc.info.Subject = view.patient.name;

  const done = pdfBytes(doc);

  const { setSize, useFont, write } = scriptWriter(doc, TIMES, BODY_SIZE);
  /** The height a text takes in `width`, measured in Times (close enough to decide a page break). */
  const heightOf = (text: string, width: number, bold = false): number => {
    useFont(null, bold);
    return Math.max(
      doc.heightOfString(text === '' ? ' ' : text, { width }),
      doc.currentLineHeight(true),
    );
  };
  const rule = (weight = 0.5): void => {
    doc
      .moveTo(left, doc.y)
      .lineTo(left + contentWidth, doc.y)
      .lineWidth(weight)
      .stroke();
    doc.y += 4;
  };

  /** Hooks run after a page break (the patient line, the table heading in progress). */
  let onNewPage: (() => void) | null = null;
  const newPage = (): void => {
    doc.addPage({
      size: [pageWidth, pageHeight],
      margins: { top: contentTop, bottom: 0, left, right: left },
    });
    doc.y = contentTop;
    if (doc.bufferedPageRange().count > 1) {
      setSize(9);
      write(
        `${LAB_REPORT_LABELS.patientName}: ${view.patient.name}    ${LAB_REPORT_LABELS.patientId}: ${view.patient.id}    ${view.reportName}`,
        left,
        doc.y,
        { width: contentWidth },
      );
      doc.y += 2;
      rule();
      onNewPage?.();
    }
  };
  /** Starts a new page when `height` more points do not fit on this one. */
  const ensureRoom = (height: number): void => {
    if (doc.y + height > contentBottom) {
      newPage();
    }
  };

  newPage();
  writeTitle(view);
  writePatientBlock(view);
  writeTestTable(view);
  writeAntibiogram(view);
  writeNotes(view);
  writeSignatureAndEnd(view);
  writePageFurniture();
  doc.end();
  return done;

  function writeTitle(report: PrintableReport): void {
    setSize(14);
    const titleTop = doc.y;
    write(
      report.reportName,
      left + 40,
      titleTop,
      { width: contentWidth - 80, align: 'center' },
      true,
    );
    const titleBottom = doc.y;
    if (report.rpMark !== null) {
      // The RP mark (spec doc 3 §2): boxed, level with the title's first line, at the right.
      const box = { x: left + contentWidth - 34, y: titleTop - 3, width: 34, height: 21 };
      doc.rect(box.x, box.y, box.width, box.height).lineWidth(1.2).stroke();
      setSize(13);
      write(report.rpMark, box.x, box.y + 5, { width: box.width, align: 'center' }, true);
      doc.y = Math.max(titleBottom, box.y + box.height);
    }
    doc.y += 4;
    rule(1);
  }

  function writePatientBlock(report: PrintableReport): void {
    setSize(BODY_SIZE);
    const labels = LAB_REPORT_LABELS;
    const columns: [string, string][][] = [
      [
        [labels.patientName, report.patient.name],
        [labels.patientId, report.patient.id],
        [labels.age, report.patient.age],
        [labels.gender, report.patient.gender],
        [labels.nicPassport, report.patient.nic],
        [labels.receiptNumber, report.receiptNumber],
        [labels.referredBy, report.referredBy],
      ],
      [
        [labels.referredOrganization, report.referredOrganization],
        [labels.collectedTime, report.collectedTime],
        [labels.receivedTime, report.receivedTime],
        [labels.reportedTime, report.reportedTime],
        [labels.reportedBy, report.reportedBy],
        [labels.collectionCenter, report.collectionCenter],
      ],
    ];
    const columnWidth = (contentWidth - 12) / 2;
    const labelWidth = 112;
    const top = doc.y;
    let bottom = top;
    columns.forEach((fields, index) => {
      const x = left + index * (columnWidth + 12);
      let y = top;
      for (const [label, value] of fields) {
        write(`${label}:`, x, y, { width: labelWidth }, true);
        const labelBottom = doc.y;
        write(value, x + labelWidth, y, { width: columnWidth - labelWidth });
        y = Math.max(labelBottom, doc.y) + 1;
      }
      bottom = Math.max(bottom, y);
    });
    doc.y = bottom + 2;
    rule(1);
  }

  function writeTestTable(report: PrintableReport): void {
    const { groups } = report.results;
    if (groups.length === 0) {
      return;
    }
    const labels = LAB_REPORT_LABELS;
    // Name, result, unit, reference range: each column's left edge and text width.
    const shares = [0.4, 0.17, 0.15, 0.28];
    const columns = shares.map((share, index) => ({
      x: left + contentWidth * shares.slice(0, index).reduce((a, b) => a + b, 0),
      width: contentWidth * share - 4,
    }));
    /** One table row; every cell wraps within its column. */
    const row = (cells: string[], bold: boolean): void => {
      setSize(BODY_SIZE);
      const cellColumns = cells.map((cell, index) => ({
        cell,
        column: columns[index] ?? { x: left, width: contentWidth },
      }));
      const height = Math.max(
        ...cellColumns.map(({ cell, column }) => heightOf(cell, column.width, bold)),
      );
      ensureRoom(height + 3);
      const y = doc.y;
      let bottom = y;
      for (const { cell, column } of cellColumns) {
        write(cell, column.x, y, { width: column.width }, bold);
        bottom = Math.max(bottom, doc.y);
      }
      doc.y = bottom + 3;
    };
    const heading = (): void => {
      row([labels.testName, labels.resultColumn, labels.unit, labels.referenceRange], true);
      rule();
    };
    ensureRoom(40);
    heading();
    onNewPage = heading;
    for (const group of groups) {
      // The default group has no heading of its own: the laboratory gave it no name.
      if (group.classification !== UNCLASSIFIED) {
        setSize(BODY_SIZE);
        ensureRoom(heightOf(group.classification, contentWidth, true) + 20);
        write(
          group.classification,
          left,
          doc.y + 2,
          { width: contentWidth, underline: true },
          true,
        );
        doc.y += 3;
      }
      for (const test of group.rows) {
        // The result with its flag (H above the range, L below; issue 30 §3.7), bold when critical.
        row([test.name, flaggedResult(test.result, test.flag), test.unit, test.referenceRange], test.bold);
      }
    }
    onNewPage = null;
    doc.y += 4;
    rule(1);
  }

  function writeAntibiogram(report: PrintableReport): void {
    const labels = LAB_REPORT_LABELS;
    const resultX = left + contentWidth * 0.6;
    const resultWidth = contentWidth * 0.4 - 4;
    const indent = 12;
    const nameWidth = resultX - left - indent - 4;
    /** One antibiotic row (or the heading): the name indented under its organism, the result. */
    const row = (name: string, result: string, bold: boolean): void => {
      setSize(BODY_SIZE);
      ensureRoom(
        Math.max(heightOf(name, nameWidth, bold), heightOf(result, resultWidth, bold)) + 2,
      );
      const y = doc.y;
      write(name, left + indent, y, { width: nameWidth }, bold);
      const nameBottom = doc.y;
      write(result, resultX, y, { width: resultWidth }, bold);
      doc.y = Math.max(nameBottom, doc.y) + 2;
    };
    for (const entry of report.results.antibiogram) {
      ensureRoom(60);
      if (entry.organism) {
        setSize(BODY_SIZE);
        const y = doc.y;
        write(`${labels.organism}:`, left, y, { width: 70 }, true);
        const organism = entry.organism;
        write(organism.name, left + 70, y, { width: resultX - left - 74 }, true);
        const nameBottom = doc.y;
        write(organism.result, resultX, y, { width: resultWidth }, organism.bold);
        doc.y = Math.max(nameBottom, doc.y) + 4;
      }
      if (entry.antibiotics.length > 0) {
        const heading = (): void => {
          row(labels.antibiotic, labels.resultColumn, true);
          doc
            .moveTo(left + indent, doc.y)
            .lineTo(left + contentWidth, doc.y)
            .lineWidth(0.5)
            .stroke();
          doc.y += 3;
        };
        heading();
        onNewPage = heading;
        for (const antibiotic of entry.antibiotics) {
          row(antibiotic.name, antibiotic.result, antibiotic.bold);
        }
        onNewPage = null;
      }
      if (entry.comment !== null) {
        setSize(BODY_SIZE);
        ensureRoom(heightOf(entry.comment, contentWidth - 70) + 4);
        const y = doc.y + 2;
        write(`${labels.comment}:`, left, y, { width: 70 }, true);
        const labelBottom = doc.y;
        write(entry.comment, left + 70, y, { width: contentWidth - 70 });
        doc.y = Math.max(labelBottom, doc.y);
      }
      doc.y += 4;
      rule(1);
    }
  }

  function writeNotes(report: PrintableReport): void {
    if (report.notes === '') {
      return;
    }
    setSize(BODY_SIZE);
    ensureRoom(heightOf(report.notes, contentWidth) + 18);
    write(`${LAB_REPORT_LABELS.notes}:`, left, doc.y + 2, { width: contentWidth }, true);
    for (const line of report.notes.split('\n')) {
      ensureRoom(heightOf(line, contentWidth));
      write(line, left, doc.y, { width: contentWidth });
    }
    doc.y += 4;
  }

  function writeSignatureAndEnd(report: PrintableReport): void {
    const blockWidth = 200;
    const x = left + contentWidth - blockWidth;
    const imageSize = signature
      ? fitted(signature, SIGNATURE_MAX.width, SIGNATURE_MAX.height)
      : null;
    ensureRoom((imageSize?.height ?? 30) + 50);
    doc.y += 12;
    if (signature && imageSize) {
      images.image(signature, x + (blockWidth - imageSize.width) / 2, doc.y, imageSize);
      doc.y += imageSize.height + 2;
    } else {
      // The dash line to sign on (spec doc 3 §2 'a signature or dash line').
      doc.y += 26;
      doc
        .moveTo(x + 10, doc.y)
        .lineTo(x + blockWidth - 10, doc.y)
        .lineWidth(0.8)
        .dash(3, { space: 2 })
        .stroke()
        .undash();
      doc.y += 3;
    }
    setSize(BODY_SIZE);
    write(report.signature.label, x, doc.y, { width: blockWidth, align: 'center' }, true);
    doc.y += 12;
    setSize(11);
    write(report.endOfReport, left, doc.y, { width: contentWidth, align: 'center' }, true);
  }

  /** The header image (or the organization's name), the footer image and 'Page n of N' on every page. */
  function writePageFurniture(): void {
    const range = doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index++) {
      doc.switchToPage(index);
      doc.page.margins.bottom = 0;
      if (header) {
        images.image(header, left + (contentWidth - headerSize.width) / 2, TOP_MARGIN, headerSize);
      } else {
        setSize(16);
        write(
          input.report.organizationName ?? '',
          left,
          TOP_MARGIN + 4,
          { width: contentWidth, align: 'center', lineBreak: false },
          true,
        );
      }
      const footerTop = pageHeight - BOTTOM_MARGIN - footerSize.height;
      if (footer) {
        images.image(footer, left + (contentWidth - footerSize.width) / 2, footerTop, footerSize);
      }
      setSize(8);
      doc.fillColor('#444444');
      write(
        `Page ${String(index + 1)} of ${String(range.count)}`,
        left,
        footerTop - PAGE_NUMBER_HEIGHT + 2,
        {
          width: contentWidth,
          align: 'right',
          lineBreak: false,
        },
      );
      doc.fillColor('black');
    }
  }
}
