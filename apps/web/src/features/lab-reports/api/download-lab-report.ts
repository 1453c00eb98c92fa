import { downloadFile, type DownloadDeps } from '../../../lib/download/download-file.ts';

/** The address of a lab report as the printable A4 PDF (spec doc 3 §2 'Printable lab report'). */
export function labReportPdfPath(reportId: string): string {
  return `/lab-reports/${encodeURIComponent(reportId)}.pdf`;
}

/** The name a PDF is saved under when the server does not name it (ours). */
export const FALLBACK_LAB_REPORT_FILE_NAME = 'Lab report.pdf';

/**
 * Fetches a lab report's printable PDF, made on the server, with the account's token, and saves it
 * under the server's file name ('<report name>-<invoice id or NOT-PAID>.pdf', spec doc 3 §9, which may
 * hold Sinhala or Tamil). Throws when the server answers with anything but a PDF.
 * @param reportId - the diagnostic report's id
 * @param deps - fetch, token and save; the browser's by default
 */
export function downloadLabReport(reportId: string, deps?: DownloadDeps): Promise<void> {
  return downloadFile(
    {
      path: labReportPdfPath(reportId),
      mediaType: 'application/pdf',
      fileName: FALLBACK_LAB_REPORT_FILE_NAME,
      nameFromServer: true,
      label: 'lab report',
    },
    deps,
  );
}
