import { randomUUID } from 'node:crypto';
import { AppError } from '@careline/domain/errors';
import { hasControlCharacters } from '@careline/domain/staff';
import { insertNote, insertOrderEvents, insertServiceRequest, selectNotes } from './orders.repo.ts';
import { linkDocuments, selectOrderDocuments } from './order-documents.repo.ts';
import { orderDetailOf } from './order-create.service.ts';
import { orderState, rendered } from './orders.service.ts';
import { changeOrder } from './staff-order-changes.service.ts';
import type { StaffOrderChange, StaffOrderDeps, StaffOrderView } from './staff-orders.service.ts';

/* The hospital's replacement of an order by a new one (issue 10). */

/** Most codes on a replacement (as on creation). */
const CODES_MAX = 50;
const CODE_MAX = 64;

function codeList(codes: string[] | null, field: string): string[] | null {
  if (codes === null) {
    return null;
  }
  const trimmed = codes.map((code) => code.trim());
  if (trimmed.length > CODES_MAX || trimmed.some((code) => code === '' || code.length > CODE_MAX || hasControlCharacters(code))) {
    throw rendered('ARO-E2002', `ARO-E2002:${field} takes at most ${CODES_MAX} codes of 1 to ${CODE_MAX} characters`);
  }
  return trimmed;
}

/**
 * Replaces an order (spec doc 3 §4): a new order of the same patient, account, category, hospital,
 * place, times, charge, documents and notes, at the same status, records the old one in replaces, and the
 * old one records serviceRequestReplacedBy (the patient's order view opens the replacement). The
 * test or procedure codes and the additional note may change. Both orders get a history line
 * (replace; create with the reason 'ServiceRequest/{old}'). Answers the replacement.
 *
 * Payment: the old order's open invoice is closed in the same transaction (ARO-E5015 while a payment
 * of it may still come); an unpaid replacement keeps the charge and method and gets its own invoice
 * (ServiceRequest/{new}) when the patient next pays. A paid order's replacement stays paid: the money
 * was taken for this same request (the charge cannot change once paid, ARO-E6006), its payment,
 * receipt and invoice stay on ServiceRequest/{old}, and the replacement's history says so (a
 * recordPayment line with the reason 'paid on ServiceRequest/{old}').
 * @param deps - as for setStaffOrderCharge
 * @param change - the order, the version seen, the idempotency key
 * @param input - new test codes (examinations), procedure codes, additional note
 */
export async function replaceStaffOrder(
  deps: StaffOrderDeps,
  change: StaffOrderChange,
  input: { diagnosticReport: string[] | null; procedureRequest: string[] | null; additionalNote: string | null },
): Promise<StaffOrderView> {
  const diagnosticReport = codeList(input.diagnosticReport, 'diagnosticReport');
  const procedureRequest = codeList(input.procedureRequest, 'procedureRequest');
  const note = input.additionalNote === null ? null : input.additionalNote.trim();
  if (note !== null && (note.length > 1000 || hasControlCharacters(note.replace(/[\n\r\t]/g, ' ')))) {
    throw new AppError('ARO-E6020', { max: '1000' });
  }
  const replacementId = randomUUID();
  return changeOrder(
    deps,
    'orders.work',
    change,
    'replace',
    { diagnosticReport, procedureRequest, additionalNote: note },
    async ({ tx, row, category }) => {
      if (diagnosticReport !== null && category !== 'Examination') {
        throw rendered('ARO-E2002', 'ARO-E2002:diagnosticReport is for examination orders only');
      }
      return {
        events: [{ type: 'replace', replacementId }],
        after: async () => {
          const codes = category === 'Examination' ? diagnosticReport : procedureRequest;
          const known = category === 'Examination' ? deps.config.diagnosticReportCodes : deps.config.procedureCodes;
          const {
            id: _oldId,
            identifier: _oldIdentifier,
            createdAt: _createdAt,
            updatedAt: _updatedAt,
            version: _version,
            replacedById: _replacedBy,
            ...kept
          } = row;
          const replacement = await insertServiceRequest(tx, {
            ...kept,
            id: replacementId,
            identifier: replacementId.slice(0, 8).toUpperCase(),
            replacesId: row.id,
            orderDetail: codes === null ? row.orderDetail : orderDetailOf(codes, known),
            diagnosticReport: category === 'Examination' && diagnosticReport !== null ? diagnosticReport : row.diagnosticReport,
            procedureRequest: procedureRequest ?? row.procedureRequest,
            additionalNote: note ?? row.additionalNote,
            heartbeatLinkSeen: false,
            heartbeatTimestamps: {},
            // The replacement gets its own invoice when the payments module prepares one.
            invoiceOrEncounterIdentifier: null,
          });
          const documents = await selectOrderDocuments(tx, [row.id]);
          await linkDocuments(
            tx,
            deps.tenantId,
            replacement.id,
            documents.map((document) => document.id),
          );
          // The conversation goes on on the replacement: the patient is sent there (spec doc 3 §2).
          for (const note of await selectNotes(tx, [row.id])) {
            const { id: _noteId, serviceRequestId: _from, ...copy } = note;
            await insertNote(tx, { ...copy, serviceRequestId: replacement.id });
          }
          const status = orderState(replacement, documents.length).status;
          await insertOrderEvents(tx, [
            {
              tenantId: deps.tenantId,
              serviceRequestId: replacement.id,
              fromStatus: null,
              toStatus: status,
              event: 'create',
              actorReference: `User/${deps.staff.staffUserId}`,
              reason: `ServiceRequest/${row.id}`,
            },
            ...(replacement.serviceRequestPaymentStatus === 'paid'
              ? [
                  {
                    tenantId: deps.tenantId,
                    serviceRequestId: replacement.id,
                    fromStatus: status,
                    toStatus: status,
                    event: 'recordPayment',
                    actorReference: `User/${deps.staff.staffUserId}`,
                    reason: `paid on ServiceRequest/${row.id}`,
                  },
                ]
              : []),
          ]);
          return {
            id: replacement.id,
            published: [
              {
                id: replacement.id,
                accountId: replacement.accountId,
                patientId: replacement.patientId,
                intent: replacement.intent,
                organizationId: replacement.organizationId,
                category,
              },
            ],
          };
        },
      };
    },
  );
}
