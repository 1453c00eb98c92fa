import { requestHeaders } from '../../../lib/graphql/client.ts';
import { getAccessToken } from '../../../lib/session/session-storage.ts';

/** The address of a lab report as the printable A4 PDF (spec doc 3 §2 'Printable lab report'). */
export function labReportPdfPath(reportId: string): string {
  return `/lab-reports/${encodeURIComponent(reportId)}.pdf`;
}

/** The name a PDF is saved under when the server does not name it (ours). */
export const FALLBACK_LAB_REPORT_FILE_NAME = 'Lab report.pdf';

/** What {@link downloadLabReport} needs from the browser; tests pass stand-ins. */
export type LabReportDownloadDeps = {
  fetch: typeof fetch;
  accessToken: () => string | null;
  /** Hands the file to the user under the given name. */
  save: (file: Blob, fileName: string) => void;
};

/**
 * The file name of a Content-Disposition header: filename*=UTF-8''… (the server's
 * '<report name>-<invoice id or NOT-PAID>.pdf', spec doc 3 §9, which may hold Sinhala or Tamil), else
 * filename="…"; null without one.
 * @param header - the Content-Disposition header
 */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) {
    return null;
  }
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed encoding falls back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  const name = (plain?.[1] ?? plain?.[2] ?? '').trim();
  return name === '' ? null : name;
}

/** Saves a blob through a temporary link with the download attribute. */
export function saveBlob(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the blob after the click's task; free it a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const browserDeps = (): LabReportDownloadDeps => ({
  fetch: (input, init) => fetch(input, init),
  accessToken: getAccessToken,
  save: saveBlob,
});

/**
 * Fetches a lab report's printable PDF, made on the server, with the account's token (Authorization
 * header and a correlation id, as every call: spec doc 1 §7), and saves it under the server's file
 * name. Throws when the server answers with anything but a PDF, so the screen can say it failed.
 * @param reportId - the diagnostic report's id
 * @param deps - fetch, token and save; the browser's by default
 */
export async function downloadLabReport(
  reportId: string,
  deps: LabReportDownloadDeps = browserDeps(),
): Promise<void> {
  const response = await deps.fetch(labReportPdfPath(reportId), {
    method: 'GET',
    headers: { ...requestHeaders(deps.accessToken()), Accept: 'application/pdf' },
    credentials: 'same-origin',
  });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.includes('application/pdf')) {
    throw new Error(`lab report download failed with HTTP ${response.status}`);
  }
  const file = await response.blob();
  const name =
    fileNameFromDisposition(response.headers.get('content-disposition')) ??
    FALLBACK_LAB_REPORT_FILE_NAME;
  deps.save(
    file.type === 'application/pdf' ? file : new Blob([file], { type: 'application/pdf' }),
    name,
  );
}
