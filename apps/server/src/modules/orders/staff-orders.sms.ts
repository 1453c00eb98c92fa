import { DEFAULT_TIME_ZONE, formatInstant } from '@careline/domain/time';
import { renderMessage } from '@careline/i18n/server';

/** The order notices that go out by SMS (issue 10 staff console: where the patient would want one). */
export type OrderSmsKind =
  | 'sampleCollectionScheduled'
  | 'sampleCollectorOnTheWay'
  | 'medicationOnTheWay'
  | 'medicationReadyForCollection'
  | 'reportReady';

/** One SMS to send: the account's mobile and the rendered body. */
export type OrderSms = { to: string; body: string };

/**
 * A time as the SMS shows it, in hospital time and the account's language, e.g. 'Tue 24 Nov, 3:30 pm'.
 * @param time - the instant
 * @param language - 'en', 'si' or 'ta'; anything else gives English
 */
export function orderSmsTime(time: Date, language: string | null): string {
  return formatInstant(time, 'smsTime', { locale: language ?? 'en', timeZone: DEFAULT_TIME_ZONE }) ?? '';
}

/**
 * The SMS of an order notice, tenant-branded, in the account's language (the catalogues' sms.order.* texts).
 * @param details - the account's mobile and language, the tenant's name, the order number, and for
 * a sample collection the collector and the time
 */
export function orderSmsText(
  details: { to: string; language: string | null; brand: string; orderNumber: string } & (
    | { kind: 'sampleCollectionScheduled' | 'sampleCollectorOnTheWay'; collector: string; time: Date }
    | { kind: 'medicationOnTheWay' | 'medicationReadyForCollection' | 'reportReady' }
  ),
): OrderSms {
  const values: Record<string, string> = { hospital: details.brand, order: details.orderNumber };
  if ('collector' in details) {
    values.collector = details.collector;
    values.time = orderSmsTime(details.time, details.language);
  }
  return { to: details.to, body: renderMessage(details.language, `sms.order.${details.kind}`, values) };
}
