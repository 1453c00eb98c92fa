import { auditPatientSearch, auditPatientSearchProblem } from '@careline/domain/staff';
import { hospitalDayRange } from '../../lib/hospital-time.ts';
import type { AuditFilter } from './api/audit-operations.ts';

/** What the filter form holds: every field as typed or chosen, '' for "any". */
export type AuditDraft = {
  action: string;
  staffUserId: string;
  /** Part of a patient's name, or digits of the number. */
  patient: string;
  /** One patient's rows, chosen from a row ('Only this patient'), with the name it shows. */
  patientAccountId: string;
  patientAccountName: string;
  /** yyyy-mm-dd, hospital days. */
  from: string;
  to: string;
};

export const emptyAuditDraft: AuditDraft = {
  action: '',
  staffUserId: '',
  patient: '',
  patientAccountId: '',
  patientAccountName: '',
  from: '',
  to: '',
};

/** What is wrong with a filled-in form, field by field (the server checks the same, ARO-E2002). */
export type AuditDraftProblems = { patient: 'length' | 'characters' | null; dates: boolean };

/**
 * The form's problems: a patient search outside 2 to 100 characters or with control characters, a
 * first day after the last.
 * @param draft - the form's values
 */
export function auditDraftProblems(draft: AuditDraft): AuditDraftProblems {
  return {
    patient: auditPatientSearchProblem(draft.patient),
    dates: draft.from !== '' && draft.to !== '' && draft.from > draft.to,
  };
}

const dayStart = (day: string): string | null => (day ? hospitalDayRange(day).from.toISOString() : null);
// The last millisecond of the day: the range's end is the next day's start.
const dayEnd = (day: string): string | null =>
  day ? new Date(hospitalDayRange(day).to.getTime() - 1).toISOString() : null;

/**
 * The API filter of a filled-in form: empty fields filter nothing, days are whole hospital days
 * (Sri Lanka time, whatever the zone of the computer).
 * @param draft - the form's values
 */
export function auditFilterOf(draft: AuditDraft): AuditFilter {
  return {
    action: draft.action || null,
    staffUserId: draft.staffUserId || null,
    patient: auditPatientSearch(draft.patient) || null,
    patientAccountId: draft.patientAccountId || null,
    from: dayStart(draft.from),
    to: dayEnd(draft.to),
  };
}
