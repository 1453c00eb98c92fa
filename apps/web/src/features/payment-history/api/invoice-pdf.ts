import { PAYMENT_SCREEN_TEXTS } from '@careline/domain/payments';
import { requestHeaders } from '../../../lib/graphql/client.ts';
import { getAccessToken } from '../../../lib/session/session-storage.ts';

/** The address of a payment's invoice as an A4 PDF (spec doc 2 §2: 'Download as PDF', file Invoice.pdf). */
export function invoicePdfPath(paymentId: string): string {
  return `/payments/${encodeURIComponent(paymentId)}/invoice.pdf`;
}

/** What {@link downloadInvoicePdf} needs from the browser; tests pass stand-ins. */
export type InvoiceDownloadDeps = {
  fetch: typeof fetch;
  accessToken: () => string | null;
  /** Hands the file to the user under the given name. */
  save: (file: Blob, fileName: string) => void;
};

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

const browserDeps = (): InvoiceDownloadDeps => ({
  fetch: (input, init) => fetch(input, init),
  accessToken: getAccessToken,
  save: saveBlob,
});

/**
 * Fetches a payment's invoice PDF with the account's token (Authorization header and a correlation
 * id, as every call: spec doc 1 §7) and saves it as 'Invoice.pdf'. Throws when the server answers
 * with anything but a PDF, so the screen can say the download failed.
 * @param paymentId - the payment record's id
 * @param deps - fetch, token and save; the browser's by default
 */
export async function downloadInvoicePdf(paymentId: string, deps: InvoiceDownloadDeps = browserDeps()): Promise<void> {
  const response = await deps.fetch(invoicePdfPath(paymentId), {
    method: 'GET',
    headers: { ...requestHeaders(deps.accessToken()), Accept: 'application/pdf' },
    credentials: 'same-origin',
  });
  if (!response.ok) {
    throw new Error(`invoice download failed with HTTP ${response.status}`);
  }
  const file = await response.blob();
  deps.save(file.type === 'application/pdf' ? file : new Blob([file], { type: 'application/pdf' }), PAYMENT_SCREEN_TEXTS.invoiceFileName);
}
