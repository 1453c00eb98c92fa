import { AppError } from '@careline/domain/errors';
import { VISIT_EARN_REASON, visitPoints, type LoyaltySettings } from '@careline/domain/loyalty';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { findOwnedPatient } from '../profiles/index.ts';
import {
  addLoyaltyPoints,
  findPatientLoyaltyAccount,
  findVisitCharge,
  hasAppointmentTransaction,
  insertLoyaltyAccount,
  listPatientLoyaltyTransactions,
  lockPatientLoyalty,
  type VisitCharge,
} from './loyalty.repo.ts';
import { UUID_PATTERN as UUID } from '@careline/domain/ids';

/** Most transactions one queryLoyaltyTransaction returns. */
export const LOYALTY_TRANSACTIONS_MAX = 100;

/** A loyalty transaction as the patient app reads it (spec doc 2 §3 Loyalty transaction). */
export type LoyaltyTransactionView = {
  id: string;
  loyaltyAccountId: string;
  patientId: string;
  actor: string | null;
  createdTime: Date;
  reasonCode: string;
  items: { description: string; points: number; appointmentId: string | null }[];
};

/** What earnVisitPoints needs about the visit and who caused it. */
export type EarnVisitInput = {
  tenantId: string;
  appointmentId: string;
  /** Who completed or paid the visit: recorded on the transaction and in the audit trail. */
  actor: AuditActor;
  correlationId: string;
  /** The tenant's loyalty settings (tenant config `loyalty`). */
  settings: LoyaltySettings;
};

/** Points a visit earned: the account and transaction they went to. */
export type EarnedVisitPoints = { loyaltyAccountId: string; transactionId: string; points: number };

/**
 * What a visit was charged: its invoice total when it has an invoice, else the fees of its
 * session's charging scheme, else 0 (issue 8 §11).
 * @param visit - the visit with its invoice total and scheme fees
 */
export function chargedAmount(visit: Pick<VisitCharge, 'invoiceTotal' | 'schemeItems'>): number {
  if (visit.invoiceTotal !== null) {
    return visit.invoiceTotal;
  }
  return (visit.schemeItems ?? []).reduce((sum, item) => sum + (Number.isFinite(item.amount) ? item.amount : 0), 0);
}

function actorReference(actor: AuditActor): string {
  return actor.kind === 'staff' ? `StaffUser/${actor.staffUserId}` : `Account/${actor.accountId}`;
}

/**
 * Earns a completed, paid visit its loyalty points (issue 8 §11), inside the caller's transaction:
 * when the appointment is fulfilled and paid and has not earned before, the patient's loyalty account
 * (opened with the tenant's name and rate when missing) gains the points and one transaction with
 * reason 'visit' names the appointment. Otherwise nothing changes and null is answered.
 *
 * Exactly once without a unique index (no migration): every change of a patient's loyalty first
 * takes a transaction-scoped advisory lock on (tenant, patient), and the "earned before" check runs
 * under it. A second call, concurrent or later, waits for the first transaction to end and then sees
 * its transaction row; if the first rolled back, the second earns.
 *
 * Called where staff mark appointments fulfilled (consultations/staff-sessions.service.ts). The
 * Payments issue calls it too, in the transaction that marks an appointment paid, so a visit
 * fulfilled before it was paid earns then.
 * @param tx - the transaction that fulfilled or paid the appointment
 * @param input - tenant, appointment, actor, correlation id and the tenant's loyalty settings
 */
export async function earnVisitPoints(tx: Tx, input: EarnVisitInput): Promise<EarnedVisitPoints | null> {
  if (!input.settings.enabled || !UUID.test(input.appointmentId)) {
    return null;
  }
  const first = await findVisitCharge(tx, input.tenantId, input.appointmentId);
  if (!first) {
    return null;
  }
  await lockPatientLoyalty(tx, input.tenantId, first.patientId);
  // Read again under the lock: statuses may have changed while waiting for it.
  const visit = await findVisitCharge(tx, input.tenantId, input.appointmentId);
  if (!visit || visit.appointmentStatus !== 'fulfilled' || visit.paymentStatus !== 'paid') {
    return null;
  }
  const amount = chargedAmount(visit);
  const points = visitPoints(amount, input.settings);
  if (points <= 0) {
    return null;
  }
  if (await hasAppointmentTransaction(tx, input.tenantId, visit.patientId, visit.appointmentId, VISIT_EARN_REASON)) {
    return null;
  }
  const account =
    (await findPatientLoyaltyAccount(tx, input.tenantId, visit.patientId)) ??
    (await insertLoyaltyAccount(tx, {
      tenantId: input.tenantId,
      patientId: visit.patientId,
      name: input.settings.name,
      rate: input.settings.rate,
    }));
  const earned = await addLoyaltyPoints(tx, account, {
    actor: actorReference(input.actor),
    reasonCode: VISIT_EARN_REASON,
    items: [{ description: 'Completed visit', points, appointmentId: visit.appointmentId }],
  });
  await recordAudit(tx, {
    tenantId: input.tenantId,
    actor: input.actor,
    action: 'loyalty.earn',
    correlationId: input.correlationId,
    patientAccountId: visit.accountId,
    patientId: visit.patientId,
    details: {
      appointmentId: visit.appointmentId,
      loyaltyAccountId: account.id,
      transactionId: earned.transaction.id,
      chargedAmount: amount,
      points,
      activePoints: earned.account.activePoints,
    },
  });
  return { loyaltyAccountId: account.id, transactionId: earned.transaction.id, points };
}

/**
 * The loyalty transactions of one of the account's profiles, newest first (spec doc 2 §7
 * queryLoyaltyTransaction, `Patient/{id}`). Another account's profile answers like an unknown one: [].
 * @param db - database
 * @param owner - tenant and the signed-in account
 * @param patientReference - 'Patient/{id}'; another shape is ARO-E2002
 * @param limit - most rows (at most {@link LOYALTY_TRANSACTIONS_MAX})
 */
export async function queryLoyaltyTransactions(
  db: DbOrTx,
  owner: { tenantId: string; accountId: string },
  patientReference: string,
  limit: number = LOYALTY_TRANSACTIONS_MAX,
): Promise<LoyaltyTransactionView[]> {
  const match = /^Patient\/(.+)$/.exec(patientReference.trim());
  if (!match) {
    throw new AppError('ARO-E2002');
  }
  const patientId = match[1] ?? '';
  const rows = Math.max(0, Math.min(Math.trunc(limit), LOYALTY_TRANSACTIONS_MAX));
  if (!UUID.test(patientId) || rows === 0 || !(await findOwnedPatient(db, owner, patientId))) {
    return [];
  }
  const found = await listPatientLoyaltyTransactions(db, owner.tenantId, patientId, rows);
  return found.map((row) => ({
    id: row.id,
    loyaltyAccountId: row.loyaltyAccountId,
    patientId: row.patientId,
    actor: row.actor,
    createdTime: row.createdTime,
    reasonCode: row.reasonCode,
    items: row.items.map((item) => ({
      description: item.description,
      points: item.points,
      appointmentId: item.appointmentId ?? null,
    })),
  }));
}
