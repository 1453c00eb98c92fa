import { UUID_PATTERN } from '@careline/domain/ids';

/** The details keys the trail writes in words, in the order they are shown. */
export const AUDIT_DETAIL_KEYS = [
  'mobileNo',
  'found',
  'purpose',
  'status',
  'fromStatus',
  'toStatus',
  'category',
  'queue',
  'method',
  'tokenNo',
  'amount',
  'currency',
  'receiptNumber',
  'points',
  'rating',
  'notified',
  'smsSent',
  'searched',
  'reason',
] as const;

export type AuditDetailKey = (typeof AUDIT_DETAIL_KEYS)[number];

/** The words the details are written with. */
export type AuditDetailWords = {
  label: (key: AuditDetailKey) => string;
  yes: string;
  no: string;
  /** A known value's words ('walkIn' for a purpose), else null: the value is shown as it is. */
  value: (key: AuditDetailKey, value: string) => string | null;
};

/**
 * An audit row's details in words: 'Mobile number: +94 77 123 4567', 'Patients found: 1'. Only the
 * keys of AUDIT_DETAIL_KEYS with a text, number or yes/no value; ids (records' references) and
 * lists are left out, as the row names the patient and the staff member already.
 * @param details - the row's details
 * @param words - labels and values in the active language
 */
export function auditDetailsInWords(details: unknown, words: AuditDetailWords): string[] {
  if (!details || typeof details !== 'object' || Array.isArray(details)) {
    return [];
  }
  const record = details as Record<string, unknown>;
  return AUDIT_DETAIL_KEYS.flatMap((key) => {
    const value = record[key];
    if (typeof value === 'boolean') {
      return [`${words.label(key)}: ${value ? words.yes : words.no}`];
    }
    if (typeof value === 'number' && Number.isFinite(value)) {
      return [`${words.label(key)}: ${String(value)}`];
    }
    if (typeof value === 'string' && value.trim() !== '' && !UUID_PATTERN.test(value)) {
      return [`${words.label(key)}: ${words.value(key, value) ?? value}`];
    }
    return [];
  });
}
