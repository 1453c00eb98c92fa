import { PAYMENT_SCREEN_TEXTS } from '@careline/domain/payments';
import { downloadFile, type DownloadDeps } from '../../../lib/download/download-file.ts';

/** The address of a payment's invoice as an A4 PDF (spec doc 2 §2: 'Download as PDF', file Invoice.pdf). */
export function invoicePdfPath(paymentId: string): string {
  return `/payments/${encodeURIComponent(paymentId)}/invoice.pdf`;
}

/**
 * Fetches a payment's invoice PDF with the account's token and saves it as 'Invoice.pdf'. Throws when
 * the server answers with anything but a PDF, so the screen can say the download failed.
 * @param paymentId - the payment record's id
 * @param deps - fetch, token and save; the browser's by default
 */
export function downloadInvoicePdf(paymentId: string, deps?: DownloadDeps): Promise<void> {
  return downloadFile(
    {
      path: invoicePdfPath(paymentId),
      mediaType: 'application/pdf',
      fileName: PAYMENT_SCREEN_TEXTS.invoiceFileName,
      nameFromServer: false,
      label: 'invoice',
    },
    deps,
  );
}
