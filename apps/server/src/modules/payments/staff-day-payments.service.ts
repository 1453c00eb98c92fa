import { recordAudit } from '../audit/index.ts';
import { hospitalScope, staffActor } from '../staff/index.ts';
import { listHospitalPayments } from './staff-payments.repo.ts';
import { decimalOf, hospitalDayRange, minorOf, type StaffPaymentsDeps } from './staff-payments.context.ts';

/* The hospital's payments of a day with each gateway's total (issue 9 §9 Cashier's console). */

/** A payment of the day. */
export type DayPaymentView = {
  id: string;
  createdTime: Date;
  paymentGatewayType: string;
  status: string;
  amount: string;
  currency: string;
  transactionReference: string;
  patientName: string | null;
  tokenNo: number | null;
  appointmentId: string | null;
};

/** Accepted payments of one gateway and currency. */
export type GatewayTotal = { paymentGatewayType: string; currency: string; count: number; total: string };

/** The day's payments of a hospital with totals per gateway (accepted ones only). */
export type DayPayments = { date: string; payments: DayPaymentView[]; totals: GatewayTotal[] };

/**
 * A hospital's payments of one hospital day (card and cash, every status), with totals of the
 * accepted ones per gateway and currency (issue 9 §9); audited.
 * @param deps - database, tenant, staff member, hospital
 * @param date - the hospital day 'YYYY-MM-DD'
 */
export async function staffPaymentsOfDay(deps: StaffPaymentsDeps, date: string): Promise<DayPayments> {
  const who = staffActor(deps, 'payments.list');
  const rows = await listHospitalPayments(deps.db, hospitalScope(deps), hospitalDayRange(date));
  const totals = new Map<string, GatewayTotal & { minor: number }>();
  for (const row of rows) {
    if (row.status !== 'ACCEPT') {
      continue;
    }
    const key = `${row.paymentGatewayType}\n${row.currency}`;
    const entry = totals.get(key) ?? { paymentGatewayType: row.paymentGatewayType, currency: row.currency, count: 0, total: '', minor: 0 };
    entry.count += 1;
    entry.minor += minorOf(row.amount);
    totals.set(key, entry);
  }
  await recordAudit(deps.db, {
    tenantId: deps.tenantId,
    actor: who,
    action: 'payments.day.read',
    correlationId: deps.correlationId,
    details: { date, payments: rows.length },
  });
  return {
    date,
    payments: rows.map((row) => ({
      id: row.id,
      createdTime: row.createdAt,
      paymentGatewayType: row.paymentGatewayType,
      status: row.status,
      amount: decimalOf(minorOf(row.amount)),
      currency: row.currency,
      transactionReference: row.transactionReference,
      patientName: row.patientName,
      tokenNo: row.tokenNo,
      appointmentId: row.appointmentId,
    })),
    totals: [...totals.values()]
      .sort((a, b) => a.paymentGatewayType.localeCompare(b.paymentGatewayType) || a.currency.localeCompare(b.currency))
      .map(({ minor, ...entry }) => ({ ...entry, total: decimalOf(minor) })),
  };
}
