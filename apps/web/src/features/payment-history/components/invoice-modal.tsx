import { useState } from 'react';
import { namedFeeLine } from '@careline/domain/payments';
import { useTranslate } from '@careline/i18n/react';
import { Button } from '../../../components/button.tsx';
import { Modal } from '../../../components/modal.tsx';
import { paymentAmountText, type PaymentHistoryRecord } from '../utils/payment-records.ts';

type InvoiceModalProps = {
  record: PaymentHistoryRecord | null;
  currency: string;
  onClose: () => void;
  /** Fetches the payment's Invoice.pdf and saves it (api/invoice-pdf.ts). */
  downloadInvoice: (paymentId: string) => Promise<void>;
};

/**
 * The 'Payment Invoice' modal (spec doc 2 §2): the paid invoice's lines and total, and 'Download as
 * PDF', which saves Invoice.pdf (A4, made by the server). The named fee lines (Doctor fee, Hospital
 * fee, Hospital fee tax) read in the active language; a hospital's own wording as written (issue 29
 * §1.4). Focus moves into the dialog and returns.
 */
export function InvoiceModal({ record, currency, onClose, downloadInvoice }: InvoiceModalProps) {
  const t = useTranslate();
  const [downloading, setDownloading] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!record) {
    return null;
  }
  const invoice = record.invoice ?? null;
  const invoiceCurrency = invoice?.currency ?? currency;
  const notAvailable = t('paymentHistory.notAvailable');
  const total = paymentAmountText(invoice?.total ?? record.response.amount, invoiceCurrency);
  const lineText = (description: string): string => {
    const named = namedFeeLine(description);
    return named ? t(`invoice.line.${named}`) : description.trim() || notAvailable;
  };

  const download = async () => {
    setDownloading(true);
    setFailed(false);
    try {
      await downloadInvoice(record.id);
    } catch {
      setFailed(true);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Modal open title={t('paymentHistory.invoiceTitle')} onClose={onClose}>
      <table className="payment-invoice">
        <thead>
          <tr>
            <th scope="col">{t('paymentHistory.invoice.description')}</th>
            <th scope="col" className="payment-invoice__amount">
              {t('paymentHistory.invoice.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {(invoice?.items ?? []).map((item, index) => (
            <tr key={`${index}-${item.description}`}>
              <td>{lineText(item.description)}</td>
              <td className="payment-invoice__amount">{paymentAmountText(item.amount, invoiceCurrency) ?? notAvailable}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('paymentHistory.invoice.total')}</th>
            <td className="payment-invoice__amount">{total ?? notAvailable}</td>
          </tr>
        </tfoot>
      </table>
      {failed ? (
        <p className="payment-invoice__error" role="alert">
          {t('paymentHistory.downloadFailed')}
        </p>
      ) : null}
      <Button block loading={downloading} onClick={() => void download()}>
        {t('paymentHistory.downloadPdf')}
      </Button>
    </Modal>
  );
}
