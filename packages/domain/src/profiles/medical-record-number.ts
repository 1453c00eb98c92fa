/**
 * The patient number (issue 30 §3.7): the tenant's medical record number, given by the server in
 * registration order (1, 2, 3, …), shown and printed as at least six digits so it reads as one
 * number and never wraps.
 */

/** The fewest digits a medical record number is written with. */
export const MEDICAL_RECORD_NUMBER_DIGITS = 6;

/**
 * The medical record number as shown and printed: '000042'; '' when there is none (yet).
 * @param value - the number the server gave
 */
export function formatMedicalRecordNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isSafeInteger(value) || value <= 0) {
    return '';
  }
  return String(value).padStart(MEDICAL_RECORD_NUMBER_DIGITS, '0');
}
