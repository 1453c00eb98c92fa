/**
 * Every visible text of the lab results graph, the printable lab report and the questionnaire,
 * copied character for character from the spec (doc 3 §2 'Lab results graph', 'Printable lab
 * report', 'Questionnaire', §8; doc 2 §8), so the web and staff apps can key their i18n catalogues
 * on them. Placeholders: {dateTime}.
 *
 * The lab test list's own texts ('There is a problem loading your Lab Tests', "We didn't find any
 * Lab Tests of you") are ORDER_TEXTS' (@careline/domain/orders) and are not repeated here.
 */
export const LAB_REPORT_TEXTS = {
  // Lab results graph (spec doc 3 §2).
  loadingReport: 'Please wait, We are loading your Report',
  /** One per report; {dateTime} in LAB_REPORT_DOWNLOAD_DATE_FORMAT (./report-access.ts). */
  download: 'Download {dateTime}',
  preparingReport: 'Preparing your Report',

  // Outsourced and pending reports (spec doc 3 §2, §8).
  onlineViewNotAvailable: 'Online view facility is not available',
  paymentPending: 'Payment is pending',

  // Printable lab report (spec doc 3 §2).
  selfRequest: 'Self Request',
  medicalLaboratoryTechnologist: 'Medical Laboratory Technologist',
  endOfReport: 'End of Report',
  rpMark: 'RP',

  // Report generation failures (spec doc 3 §8).
  reportImagesFailed:
    'Unable to generate your report with footer/header/signature. Please contact hospital for help',
  reportDataFailed:
    'Unable to load some data to generate your report. Please contact hospital for help',

  // Questionnaire (spec doc 3 §2; doc 2 §8 success toasts).
  questionnaireSubmitted: 'Questionnaire Successfully Submitted',
} as const;

/**
 * Labels the spec names without quoting them (doc 3 §2: "the Result button", "Referred by", the
 * printable report's fields; doc 2 §2: the questionnaire's Submit). Ours, in the spec's words, so
 * they are catalogued beside the quoted texts; the i18n catalogues may reword them.
 */
export const LAB_REPORT_LABELS = {
  result: 'Result',
  submit: 'Submit',
  // The printable report's patient block (spec doc 3 §2 Printable lab report).
  patientName: 'Patient Name',
  patientId: 'Patient ID',
  age: 'Age',
  gender: 'Gender',
  nicPassport: 'NIC/Passport',
  receiptNumber: 'Receipt No',
  referredBy: 'Referred By',
  referredOrganization: 'Referred Organization',
  collectedTime: 'Collected',
  receivedTime: 'Received',
  reportedTime: 'Reported',
  reportedBy: 'Reported By',
  collectionCenter: 'Collection Center',
  // The test table's columns (spec doc 3 §2: name, result, unit and reference range).
  testName: 'Test',
  resultColumn: 'Result',
  unit: 'Unit',
  referenceRange: 'Reference Range',
  // The antibiogram (spec doc 3 §2: organism with antibiotic results and a comment).
  organism: 'Organism',
  antibiotic: 'Antibiotic',
  comment: 'Comment',
  notes: 'Notes',
} as const;

/** A key of LAB_REPORT_TEXTS. */
export type LabReportTextKey = keyof typeof LAB_REPORT_TEXTS;

/**
 * A text with its {placeholders} filled: fillLabReportText('download', { dateTime: '…' }) →
 * 'Download …'. Unknown placeholders stay as written.
 * @param key - the text's key
 * @param vars - values for the placeholders
 */
export function fillLabReportText(
  key: LabReportTextKey,
  vars: Record<string, string> = {},
): string {
  return LAB_REPORT_TEXTS[key].replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);
}
