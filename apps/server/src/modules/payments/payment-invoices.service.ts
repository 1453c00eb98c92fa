import { sessionCancelledByHospital } from '@careline/domain/consultations';
import { AppError } from '@careline/domain/errors';
import { buildInvoiceLines, minorToDecimal, toMinor } from '@careline/domain/payments';
import type { Db } from '../../db/client.ts';
import type { InvoiceItem } from '../../db/schema/payments.ts';
import { findOwnedPatient } from '../profiles/index.ts';
import { notFound } from '../staff/index.ts';
import {
  findChargingScheme,
  findOpenInvoice,
  findOwnedAppointmentCharge,
  findSessionCharge,
  insertOpenInvoice,
  listActiveChargingSchemes,
  supersedeOpenInvoice,
  type ChargingSchemeRow,
  type InvoiceRow,
  type SessionCharge,
} from './payments.repo.ts';
import { prepareOrderInvoice } from './order-payments.service.ts';
import { UUID_PATTERN as UUID } from '@careline/domain/ids';
import { owner, type PaymentsCaller } from './payments.context.ts';

/*
 * Invoices of the patient's payments (spec doc 2 §3 Invoice, §7 prepareInvoice, queryChargingScheme):
 * an appointment's or session's from its charging scheme, an order's from order-payments.service.ts.
 */

/** An invoice line on the wire: amount as a decimal string with 2 decimals (spec doc 2 §3 Invoice). */
export type InvoiceItemView = { description: string; amount: string; category: string | null };

/** An invoice as the patient app reads it (spec doc 2 §3 Invoice, §7 prepareInvoice). */
export type InvoiceView = {
  id: string;
  requestReference: string;
  appointmentId: string | null;
  sessionId: string | null;
  /** The order an order's invoice is for (request reference 'ServiceRequest/{id}'). */
  serviceRequestId: string | null;
  organizationId: string | null;
  patientId: string | null;
  items: InvoiceItemView[];
  /** Value list; the last value is the payable amount (spec doc 3 §3 Invoice). */
  values: string[];
  total: string;
  currency: string;
  reasonCode: string;
  bookingId: string | null;
};

/** A charging scheme of a hospital (spec doc 2 §3 Charging scheme: id, name, status). */
export type ChargingSchemeView = {
  id: string;
  name: string;
  status: string;
  organizationId: string;
  currency: string;
  items: { category: string; description: string; amount: string }[];
};

/** What prepareInvoice is asked for (spec doc 2 §7 prepareInvoice). */
export type PrepareInvoiceInput = {
  appointmentId: string | null;
  /** An order of the account (spec doc 3 §7 Prepare invoice: serviceRequestId, request reference ServiceRequest). */
  serviceRequestId?: string | null;
  sessionId: string | null;
  patientId: string | null;
  temporary: boolean;
  chargingSchemeId: string | null;
  procedureCodes: string[];
  instrumentType: string | null;
  serviceClass: string | null;
  reasonCode: string | null;
};

const decimal = (amount: number): string => minorToDecimal(toMinor(amount.toFixed(2)));

/** Major units as the numeric(14,2) columns take them, from exact minor units. */
const major = (minor: number): number => Number(minorToDecimal(minor));

/**
 * An invoice as the patient app reads it, amounts as decimal strings.
 * @param row - the invoice row
 */
export function invoiceView(row: InvoiceRow): InvoiceView {
  return {
    id: row.id,
    requestReference: row.requestReference,
    appointmentId: row.appointmentId,
    sessionId: row.sessionId,
    serviceRequestId: row.serviceRequestId,
    organizationId: row.organizationId,
    patientId: row.patientId,
    items: row.items.map((item) => ({
      description: item.description,
      amount: item.amount < 0 ? `-${decimal(-item.amount)}` : decimal(item.amount),
      category: item.category ?? null,
    })),
    values: row.values.map((value) => decimal(value)),
    total: decimal(row.totalAmount),
    currency: row.currency,
    reasonCode: row.reasonCode,
    bookingId: row.bookingId,
  };
}

/**
 * The scheme an invoice uses: the session's; one asked for must be that one and active. Null for a
 * session without one: the hospital charges nothing for it (its fee is none, issue 29 §4.14), so its
 * invoice has no lines and totals 0 ('Can not pay Rs 00.00', spec doc 2 §5), not an error.
 */
async function schemeFor(
  db: Db,
  tenantId: string,
  session: SessionCharge,
  chargingSchemeId: string | null,
): Promise<ChargingSchemeRow | null> {
  // An appointment or session is priced by its session's own scheme: a patient cannot pick a
  // cheaper one of the hospital (issue 9 §1).
  if (chargingSchemeId !== null && chargingSchemeId !== session.chargingSchemeId) {
    throw new AppError('ARO-E5017');
  }
  const schemeId = session.chargingSchemeId;
  if (!schemeId) {
    return null;
  }
  if (!UUID.test(schemeId)) {
    throw notFound();
  }
  const scheme = await findChargingScheme(db, tenantId, schemeId);
  if (!scheme || scheme.organizationId !== session.organizationId) {
    throw notFound();
  }
  if (chargingSchemeId !== null && scheme.status !== 'active') {
    throw notFound();
  }
  return scheme;
}

/**
 * True for an open invoice of an appointment or session made while its session had no charging
 * scheme (nothing to pay), now that the hospital has set one: it is prepared again, priced.
 * @param open - the open invoice
 * @param chargingSchemeId - the session's scheme now
 */
export function pricedSince(open: InvoiceRow, chargingSchemeId: string | null): boolean {
  return open.serviceRequestId === null && open.chargingSchemeId === null && chargingSchemeId !== null;
}

/**
 * The invoice of an appointment of the account, or of a session for one of its profiles or a
 * temporary booking, from the session's charging scheme (spec doc 2 §7 prepareInvoice, issue 9 §1), with
 * no lines and a zero total for a session without one;
 * or of an order of the account, from its charging amount (spec doc 3 §7 Prepare invoice:
 * order-payments.service.ts).
 * Amounts are added in minor units; the currency is the scheme's, else the tenant's. The open
 * invoice of the same request is answered again instead of a new one.
 * @param caller - tenant, signed-in account and request
 * @param input - appointmentId, or sessionId with patientId or temporary; optional scheme; or serviceRequestId
 */
export async function prepareInvoice(caller: PaymentsCaller, input: PrepareInvoiceInput): Promise<InvoiceView> {
  const { db, tenant } = caller;
  if (input.serviceRequestId) {
    // spec doc 3 §4 Order payment: the order's own charge, never an amount or scheme of the client.
    if (input.appointmentId || input.sessionId) {
      throw new AppError('ARO-E5002');
    }
    return invoiceView(
      await prepareOrderInvoice(db, tenant, owner(caller), {
        serviceRequestId: input.serviceRequestId,
        instrumentType: input.instrumentType,
      }),
    );
  }
  let requestReference: string;
  let session: SessionCharge;
  let patientId: string | null;
  let appointmentId: string | null = null;
  if (input.appointmentId) {
    if (!UUID.test(input.appointmentId)) {
      throw notFound();
    }
    const appointment = await findOwnedAppointmentCharge(db, owner(caller), input.appointmentId);
    if (!appointment) {
      throw notFound();
    }
    if (appointment.paymentStatus === 'paid') {
      throw new AppError('ARO-E5001');
    }
    // issue 32 §2.5: the hospital cancelled its session; its patients are refunded, never charged after.
    if (
      appointment.appointmentStatus === 'cancelled' ||
      appointment.appointmentStatus === 'entered_in_error' ||
      sessionCancelledByHospital(appointment, appointment)
    ) {
      throw new AppError('ARO-E5010');
    }
    requestReference = `Appointment/${appointment.id}`;
    appointmentId = appointment.id;
    patientId = appointment.patientId;
    session = appointment;
  } else if (input.sessionId) {
    if (!input.patientId && !input.temporary) {
      throw new AppError('ARO-E5002');
    }
    if (!UUID.test(input.sessionId) || (input.patientId !== null && !UUID.test(input.patientId))) {
      throw notFound();
    }
    const found = await findSessionCharge(db, tenant.id, input.sessionId);
    if (!found) {
      throw notFound();
    }
    if (input.patientId && !(await findOwnedPatient(db, owner(caller), input.patientId))) {
      throw notFound();
    }
    requestReference = `Session/${found.sessionId}`;
    patientId = input.patientId;
    session = found;
  } else {
    throw new AppError('ARO-E5002');
  }
  const open = await findOpenInvoice(db, owner(caller), requestReference);
  if (open && !pricedSince(open, session.chargingSchemeId)) {
    return invoiceView(open);
  }
  const scheme = await schemeFor(db, tenant.id, session, input.chargingSchemeId);
  if (open) {
    // Nothing was payable on it (a zero total starts no payment: ARO-E5008), so it simply gives way.
    await db.transaction((tx) => supersedeOpenInvoice(tx, open.id));
  }
  let lines: ReturnType<typeof buildInvoiceLines>;
  try {
    lines = buildInvoiceLines(scheme?.items ?? []);
  } catch (error) {
    if (error instanceof RangeError) {
      throw new AppError('ARO-E5004');
    }
    throw error;
  }
  const items: InvoiceItem[] = lines.items.map((line) => ({
    description: line.description,
    amount: line.amountMinor < 0 ? -major(-line.amountMinor) : major(line.amountMinor),
    category: line.category,
  }));
  const inserted = await insertOpenInvoice(db, {
    tenantId: tenant.id,
    accountId: caller.accountId,
    patientId,
    organizationId: session.organizationId,
    requestReference,
    appointmentId,
    sessionId: session.sessionId,
    chargingSchemeId: scheme?.id ?? null,
    items,
    values: [major(lines.totalMinor)],
    totalAmount: major(lines.totalMinor),
    currency: scheme?.currency || tenant.publicConfig.currency,
    reasonCode: 'prepayment_collected',
    serviceClass: input.serviceClass,
    instrumentType: input.instrumentType ?? 'credit_card',
  });
  // A twin call may have inserted it meanwhile: its invoice is this one's too.
  const invoice = inserted ?? (await findOpenInvoice(db, owner(caller), requestReference));
  if (!invoice) {
    throw new Error('open invoice vanished');
  }
  return invoiceView(invoice);
}

/**
 * The active charging schemes of a hospital of the caller's tenant (spec doc 2 §7 queryChargingScheme).
 * @param caller - tenant
 * @param organizationId - the hospital; unknown or another tenant's gives []
 */
export async function queryChargingSchemes(caller: PaymentsCaller, organizationId: string): Promise<ChargingSchemeView[]> {
  if (!UUID.test(organizationId)) {
    return [];
  }
  const schemes = await listActiveChargingSchemes(caller.db, caller.tenant.id, organizationId);
  return schemes.map((scheme) => ({
    id: scheme.id,
    name: scheme.name,
    status: scheme.status,
    organizationId: scheme.organizationId,
    currency: scheme.currency || caller.tenant.publicConfig.currency,
    items: scheme.items.map((item) => ({
      category: item.category,
      description: item.description,
      amount: item.amount < 0 ? `-${decimal(-item.amount)}` : decimal(item.amount),
    })),
  }));
}
