import { reportFileName, type PrintReport } from '@careline/domain/lab-reports';

/**
 * The downloaded file's name (spec doc 3 §9): '<report name>-<invoice id or NOT-PAID>.pdf'.
 * @param report - the print report
 */
export function labReportFileName(
  report: Pick<PrintReport, 'reportName' | 'invoiceIdentifier' | 'extInvoiceIdentifier'>,
): string {
  return reportFileName(report);
}

/**
 * The Content-Disposition header that downloads the report under its file name: an ASCII fallback
 * (other characters and quotes as '_') plus the exact name in RFC 5987 form, since a report name
 * may be written in Sinhala or Tamil.
 * @param fileName - from labReportFileName()
 */
export function labReportContentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7E]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
