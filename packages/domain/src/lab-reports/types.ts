/**
 * The records of lab reports and questionnaires, as plain typed data (spec doc 3 §3 'Diagnostic
 * report and related records', 'Questionnaire response'; §2 'Questionnaire'). Field names follow
 * the spec; where the spec names a record without its fields, the fields below are ours and say so.
 */

/** summaryStatus of a diagnostic report (spec doc 3 §3): print_ready, report, issued. */
export type SummaryStatus = 'print_ready' | 'report' | 'issued';

/**
 * An observation's status. The spec names final (the only one charted, doc 3 §3, §5) and
 * entered_in_error (excluded from the printable report, §5); the others are FHIR R4's, kept so a
 * draft (preliminary) or a corrected value has a name.
 */
export type ObservationStatus =
  | 'registered'
  | 'preliminary'
  | 'final'
  | 'amended'
  | 'corrected'
  | 'cancelled'
  | 'entered_in_error'
  | 'unknown';

/** A reference range comparator (spec doc 3 §3 Reference range display). */
export type RangeComparator = '>' | '>=' | '<' | '<=';

/**
 * A reference range (spec doc 3 §3): a low–high range, or a comparator followed by a value. text is
 * ours: a free-text range the laboratory typed (e.g. 'Negative'), shown as written.
 */
export type ReferenceRange = {
  low?: number | string | null;
  high?: number | string | null;
  comparator?: RangeComparator | null;
  value?: number | string | null;
  text?: string | null;
};

/** The result value type extension of a diagnostic report code; qualitative hides the chart (spec doc 3 §3). */
export type ResultValueType = 'qualitative' | 'quantitative';

/** A sub-test of a diagnostic report code (spec doc 3 §3 SubDiagnosticReportCodes). */
export type SubDiagnosticReportCode = {
  id: string;
  name: string;
  /** The parameter order extension: the sub-test's place in tables. */
  parameterOrder?: number | null;
  /** The group heading; UNCLASSIFIED when missing (spec doc 3 §3 Grouping). */
  subTestClassification?: string | null;
};

/** A diagnostic report code, e.g. 00000001 full blood count (spec doc 3 §3 Diagnostic report code). */
export type DiagnosticReportCode = {
  id: string;
  /** The code, e.g. '00000001'. */
  code: string;
  /** The name shown, e.g. 'Full Blood Count'. */
  name: string;
  system?: string;
  enabled?: boolean;
  /** The result value type extension (a ResultValueType); missing means not qualitative. */
  resultValueType?: string | null;
  SubDiagnosticReportCodes?: readonly SubDiagnosticReportCode[];
};

/**
 * A diagnostic report (spec doc 3 §3). code.coding.0 carries the test's display and code.
 * Versioning (ours, issue 11: corrections after issue create an amended version): every version
 * is its own record; seriesId is the id of the first version (missing on a first version, which is
 * then its own series) and version counts from 1.
 */
export type DiagnosticReport = {
  id: string;
  code: { coding: readonly { display: string; code: string }[] };
  /** FHIR report status: registered, partial, preliminary, final, amended, corrected, … */
  status: string;
  /** diagnostic-test (spec doc 3 §3). */
  diagnosticReportCodeType?: string | null;
  /** external when the report is outsourced (spec doc 3 §3). */
  diagnosticReportOutsourcedType?: string | null;
  diagnosticReportSensitive?: boolean | null;
  /** pending disables the Result button (spec doc 3 §2, §8). */
  patientCreditStatus?: string | null;
  /** A SummaryStatus: print_ready, report, issued. */
  summaryStatus?: string | null;
  diagnosticReportPaymentStatus?: string | null;
  /** ISO 8601. */
  diagnosticReportVerifiedTime?: string | null;
  /** ISO 8601; when the report was made. */
  createdTime?: string | null;
  seriesId?: string | null;
  version?: number | null;
};

/** Microbiology rows of a result (spec doc 3 §3 Print report results: category organism or antibiotic). */
export type MicrobiologyCategory = 'organism' | 'antibiotic';

/**
 * A diagnostic observation: one sub-test's result in one report (spec doc 3 §3 Diagnostic
 * observation). The spec's fields are status, createdTime, valueString, valueQuantity.unit,
 * diagnosticReportId, basedOn, subject and the reference range; code, display, critical,
 * interpretation, parameterOrder and subTestClassification are the sub-test's (from
 * SubDiagnosticReportCodes and the print results), carried on the observation so a screen needs
 * one list.
 */
export type Observation = {
  id: string;
  diagnosticReportId: string;
  /** An ObservationStatus; other values are kept as sent. */
  status: string;
  /** ISO 8601. */
  createdTime: string;
  /** The sub-test's code (its SubDiagnosticReportCode id). */
  code: string;
  /** The sub-test's name. */
  display: string;
  valueString?: string | null;
  valueQuantity?: { value?: number | null; unit?: string | null } | null;
  referenceRange?: ReferenceRange | null;
  /** FHIR interpretation code (H, L, HH, LL, A, AA, N, …), if the laboratory set one. */
  interpretation?: string | null;
  /** The laboratory marked the value critical. */
  critical?: boolean | null;
  parameterOrder?: number | null;
  subTestClassification?: string | null;
  category?: MicrobiologyCategory | null;
  organismDefinitionId?: string | null;
  definitionId?: string | null;
  basedOn?: readonly string[];
  /** 'Patient/{id}'. */
  subject?: string;
};

/** One row of the printable report's results (spec doc 3 §3 Print report results). */
export type PrintReportResult = {
  name: string;
  result: string | null;
  unit?: string | null;
  /** The reference range as the laboratory prints it. */
  defaultRange?: string | null;
  /** The range itself, which the result's H / L flag is read against (issue 30 §3.7). */
  range?: ReferenceRange | null;
  /** Critical results are bold (spec doc 3 §2). */
  critical?: boolean | null;
  /** organism or antibiotic for microbiology; missing for an ordinary test row. */
  category?: MicrobiologyCategory | null;
  /** On an antibiotic row: the definitionId of the organism it was tested against. */
  organismDefinitionId?: string | null;
  definitionId?: string | null;
  /** An ObservationStatus; entered_in_error is not printed (spec doc 3 §5). */
  status?: string | null;
  parameterOrder?: number | null;
  subTestClassification?: string | null;
  /** Ours: the laboratory's comment on an organism, printed under its antibiogram. */
  comment?: string | null;
};

/** The printable report's data (spec doc 3 §3 Print report). Times are ISO 8601. */
export type PrintReport = {
  patient: {
    name: string;
    /** The patient number printed as the ID: the tenant's medical record number (issue 30 §3.7). */
    identifier?: string | null;
    /** YYYY-MM-DD. */
    birthday?: string | null;
    gender?: string | null;
    nic?: string | null;
  };
  extInvoiceIdentifier?: string | null;
  invoiceIdentifier?: string | null;
  /** The receipt number printed (ours, issue 30 §3.7); the invoice id when not given. */
  receiptNumber?: string | null;
  encounterIdentifier?: string | null;
  referralPractitioner?: string | null;
  selfRequest?: boolean | null;
  referralOrganization?: string | null;
  specimenCollectedTime?: string | null;
  specimenReceivedTime?: string | null;
  reportedTime?: string | null;
  organizationName?: string | null;
  location?: string | null;
  department?: string | null;
  resultOption?: string | null;
  groupName?: string | null;
  reportName: string;
  testCondition?: string | null;
  /** A SummaryStatus; issued prints the RP mark. */
  summaryStatus?: string | null;
  repeated?: boolean | null;
  reRun?: boolean | null;
  /** The report's notes (text.div). */
  text?: { div?: string | null } | null;
  /** The reporting technologist's signature image. */
  userProfileUrl?: string | null;
  organizationId?: string | null;
  results: readonly PrintReportResult[];
};

/** A question's type (spec doc 3 §2 Questionnaire). */
export type QuestionType = 'text' | 'checkBox';

/** A question (spec doc 3 §2 Questionnaire): questionNumber, question text, type and options. */
export type QuestionnaireQuestion = {
  questionNumber: string;
  question: string;
  type: QuestionType;
  options?: readonly { value: string; display: string }[];
};

/** A questionnaire; its title is meta.display (spec doc 3 §2). */
export type Questionnaire = {
  id: string;
  meta: { display: string };
  questions: readonly QuestionnaireQuestion[];
};

/** One answered question: the question text plus a string answer (spec doc 3 §3 Questionnaire response). */
export type QuestionnaireResponseItem = { question: string; answer: string };

/**
 * A questionnaire response and the createQuestionnaireResponse payload (spec doc 3 §3, §7; doc 2
 * §7): basedOn (e.g. 'Appointment/{id}'), subject ('Patient/{id}'), author and the items.
 */
export type QuestionnaireResponse = {
  basedOn: string;
  subject: string;
  author: string;
  items: readonly QuestionnaireResponseItem[];
};
