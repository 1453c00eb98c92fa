import { toMinor } from '@careline/domain/payments';
import type { FastifyInstance } from 'fastify';
import type { AppDeps, ViewerLookup } from '../../app-deps.ts';
import { authorisedFileRoute } from '../../http/authorised-file-route.ts';
import { renderInvoicePdf } from './pdf/invoice-pdf.ts';
import { findAccount, findOwnedPatientNames, listOwnedPayments } from './payments.repo.ts';
import { UUID_PATTERN as uuidPattern } from '@careline/domain/ids';

/** The file name the web app saves (spec doc 2 §2 Payment history: 'Download as PDF', file Invoice.pdf). */
export const INVOICE_FILE_NAME = 'Invoice.pdf';

/** Exact minor units of a stored numeric(14,2) amount; discount lines are negative. */
function signedMinor(amount: number): number {
  const minor = toMinor(Math.abs(amount).toFixed(2));
  return amount < 0 ? -minor : minor;
}

/** A recorded response field as text, or null. */
function responseText(response: Record<string, unknown>, field: string): string | null {
  const value = response[field];
  return typeof value === 'string' ? value : null;
}

/**
 * GET /payments/:paymentId/invoice.pdf: a successful payment's invoice as an A4 PDF, for the
 * account that owns the payment (spec doc 2 §2 'Payment Invoice' modal, 'Download as PDF'; issue 9 §6),
 * in the account's language (the one its texts and SMS use; issue 29 §1.4).
 * Without a valid token: 401 ARO-E1023. Another account's payment, an unknown one, or one that did not
 * succeed: 404 ARO-E2001, the same answer in each case. Generated on the server, so the PDF library
 * never reaches a browser bundle.
 * @param app - the Fastify app
 * @param deps - database and tenants
 * @param viewerFor - resolves an access token to the signed-in account, as GraphQL does
 */
export async function registerInvoicePdfRoutes(app: FastifyInstance, deps: AppDeps, viewerFor: ViewerLookup): Promise<void> {
  const { database } = deps;
  authorisedFileRoute<{ paymentId: string }, Awaited<ReturnType<ViewerLookup>>>(
    app,
    { path: '/payments/:paymentId/invoice.pdf', tenants: deps.tenants, viewerFor },
    async ({ tenant, owner, params }) => {
      if (!uuidPattern.test(params.paymentId)) {
        return { status: 404, code: 'ARO-E2001' };
      }
      const [row] = await listOwnedPayments(database.db, owner, {
        paymentId: params.paymentId,
        bookingId: null,
        requestReference: null,
        limit: 1,
      });
      // spec doc 2 §4 Payment status mapping: an invoice only for Success.
      if (!row?.invoice || row.payment.status !== 'ACCEPT') {
        return { status: 404, code: 'ARO-E2001' };
      }
      const patient = row.payment.patientId ? await findOwnedPatientNames(database.db, owner, row.payment.patientId) : null;
      const account = await findAccount(database.db, owner);
      const { payment, invoice } = row;
      const { billingAddress, branding } = tenant.publicConfig;
      return {
        file: await renderInvoicePdf({
          hospitalName: row.organizationName ?? branding.hospitalName,
          billingAddress: [...billingAddress.lines, billingAddress.city, billingAddress.country].filter(Boolean),
          paymentId: payment.id,
          transactionReference: payment.transactionReference,
          paidAt: payment.transactionDate ?? payment.createdAt,
          patientName: patient ? `${patient.givenName} ${patient.familyName}`.trim() : '',
          items: invoice.items.map((item) => ({ description: item.description, amountMinor: signedMinor(item.amount) })),
          totalMinor: signedMinor(invoice.totalAmount),
          currency: invoice.currency,
          cardType: responseText(payment.response, 'cardType'),
          cardNumber: responseText(payment.response, 'cardNumber'),
          gateway: payment.paymentGatewayType,
          locale: account?.preferredLanguage ?? null,
        }),
        contentType: 'application/pdf',
        contentDisposition: `attachment; filename="${INVOICE_FILE_NAME}"`,
      };
    },
  );
}
