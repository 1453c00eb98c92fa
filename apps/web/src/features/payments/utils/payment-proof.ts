import type { MessageId } from '@careline/i18n/core';
import type { AppointmentPaymentRecord } from '../api/payment-documents.ts';

/** How many of an appointment's payments are read for its proof (a few declines before the one that went through). */
export const APPOINTMENT_PAYMENTS_LIMIT = 20;

/**
 * The payment that paid an appointment: the newest accepted one (spec doc 2 §4 Payment status
 * mapping: ACCEPT is the success), or null.
 * @param records - the appointment's payments, newest first
 */
export function acceptedPayment(records: readonly AppointmentPaymentRecord[]): AppointmentPaymentRecord | null {
  return records.find((record) => record.response.status === 'ACCEPT') ?? null;
}

const methodKeys: Record<string, MessageId> = {
  cyberSource: 'paymentHistory.field.card',
  masterCard: 'paymentHistory.field.card',
  genie: 'payments.proof.method.genie',
  mobileBill: 'payments.proof.method.mobileBill',
  cash: 'payments.proof.method.cash',
};

/**
 * The catalogue key of the way a payment was made, by its gateway (spec doc 1 §6 paymentGateWay:
 * cyberSource and masterCard are cards), or null for a gateway the app does not name.
 * @param gatewayType - the payment's paymentGatewayType
 */
export function paymentMethodKey(gatewayType: string | null | undefined): MessageId | null {
  return gatewayType && Object.hasOwn(methodKeys, gatewayType) ? (methodKeys[gatewayType] ?? null) : null;
}
