import type { AuditFilter } from './api/audit-operations.ts';
import { UUID_PATTERN as accountIdPattern } from '@careline/domain/ids';

/** What the filter form holds: every field as typed or chosen, '' for "any". */
export type AuditDraft = {
  action: string;
  staffUserId: string;
  patientAccountId: string;
  /** yyyy-mm-dd, local day. */
  from: string;
  to: string;
};

export const emptyAuditDraft: AuditDraft = {
  action: '',
  staffUserId: '',
  patientAccountId: '',
  from: '',
  to: '',
};

/** Whether a typed patient account id is usable: empty (any patient) or an id as the trail shows it. */
export function isPatientAccountIdValid(value: string): boolean {
  const trimmed = value.trim();
  return trimmed === '' || accountIdPattern.test(trimmed);
}

const dayStart = (day: string): string | null =>
  day ? new Date(`${day}T00:00:00`).toISOString() : null;
const dayEnd = (day: string): string | null =>
  day ? new Date(`${day}T23:59:59.999`).toISOString() : null;

/**
 * The API filter of a filled-in form: empty fields filter nothing, days are whole local days.
 * @param draft - the form's values
 */
export function auditFilterOf(draft: AuditDraft): AuditFilter {
  return {
    action: draft.action || null,
    staffUserId: draft.staffUserId || null,
    patientAccountId: draft.patientAccountId.trim() || null,
    from: dayStart(draft.from),
    to: dayEnd(draft.to),
  };
}
