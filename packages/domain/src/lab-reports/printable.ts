/**
 * The printable lab report's pure rules (spec doc 3 §2 'Printable lab report', §3 Print report,
 * §5, §9): which rows print and how, the antibiogram, the RP mark, the signature line, the file
 * name and the page. The server lays the PDF out from printableReport().
 */
import { ageLabel } from '../profiles/age.ts';
import { groupBySubTestClassification, sortByParameterOrder } from './grouping.ts';
import { formatReportDateTime } from './report-access.ts';
import { resultFlag, type ResultFlag } from './result-flag.ts';
import { LAB_REPORT_TEXTS } from './texts.ts';
import type { PrintReport, PrintReportResult } from './types.ts';

/** The report's page and font (spec doc 3 §9): A4, 29.7 by 21 cm, bottom margin 0.5 (cm), Times New Roman. */
export const LAB_REPORT_PAGE = {
  size: 'A4',
  heightCm: 29.7,
  widthCm: 21,
  bottomMarginCm: 0.5,
  font: 'Times New Roman',
} as const;

/** The file name's invoice part when the report has no invoice (spec doc 3 §9). */
export const NOT_PAID = 'NOT-PAID';

/** The summaryStatus that prints the RP mark (spec doc 3 §2). */
export const RP_MARK_SUMMARY_STATUS = 'issued';

/** The result status left out of the printable report (spec doc 3 §5). */
export const EXCLUDED_RESULT_STATUS = 'entered_in_error';

/**
 * Whether a result prints in bold: the laboratory marked it critical (spec doc 3 §2).
 * @param result - the result
 */
export function isCriticalResult(result: Pick<PrintReportResult, 'critical'>): boolean {
  return result.critical === true;
}

/**
 * Whether the RP mark shows: summaryStatus is issued (spec doc 3 §2).
 * @param summaryStatus - the report's summaryStatus
 */
export function showsRpMark(summaryStatus: string | null | undefined): boolean {
  return summaryStatus === RP_MARK_SUMMARY_STATUS;
}

/**
 * The invoice identifier of the report: invoiceIdentifier, else extInvoiceIdentifier (ours: the
 * spec says "invoice id" and the print report has both); null when neither is set.
 * @param report - the print report
 */
export function reportInvoiceId(
  report: Pick<PrintReport, 'invoiceIdentifier' | 'extInvoiceIdentifier'>,
): string | null {
  const id = (report.invoiceIdentifier ?? '').trim() || (report.extInvoiceIdentifier ?? '').trim();
  return id === '' ? null : id;
}

// Characters no file system accepts in a name; each becomes '-' (ours, so a name such as
// 'Urine / Stool' still downloads). Everything else is kept as the spec's rule writes it.
const UNSAFE_FILE_NAME = /[/\\:*?"<>|]/g;

function safeFileName(name: string): string {
  const visible = [...name].map((char) => (char.charCodeAt(0) < 0x20 ? '-' : char)).join('');
  return visible.replace(UNSAFE_FILE_NAME, '-');
}

/**
 * The PDF's file name (spec doc 3 §9): '<report name>-<invoice id or NOT-PAID>.pdf'.
 * @param report - the print report's name and invoice identifiers
 */
export function reportFileName(
  report: Pick<PrintReport, 'reportName' | 'invoiceIdentifier' | 'extInvoiceIdentifier'>,
): string {
  const name = `${report.reportName.trim()}-${reportInvoiceId(report) ?? NOT_PAID}`;
  return `${safeFileName(name)}.pdf`;
}

/**
 * 'Referred by' (spec doc 3 §2): the referring practitioner, or 'Self Request' for a self request
 * or when no practitioner is named.
 * @param report - the print report
 */
export function referredBy(
  report: Pick<PrintReport, 'referralPractitioner' | 'selfRequest'>,
): string {
  const practitioner = (report.referralPractitioner ?? '').trim();
  return report.selfRequest === true || practitioner === ''
    ? LAB_REPORT_TEXTS.selfRequest
    : practitioner;
}

/** One row of the test table. */
export type PrintTestRow = {
  name: string;
  result: string;
  unit: string;
  referenceRange: string;
  /** H above the range, L below it (issue 30 §3.7); null inside it or without a numeric range. */
  flag: ResultFlag | null;
  /** Critical results are bold (spec doc 3 §2). */
  bold: boolean;
};

/** One organism of the antibiogram, with its antibiotics and the comment. */
export type AntibiogramEntry = {
  /** null for antibiotic rows whose organism is not in the report. */
  organism: { name: string; result: string; bold: boolean } | null;
  antibiotics: { name: string; result: string; bold: boolean }[];
  comment: string | null;
};

/** The results as printed: the test table by group, and the antibiogram. */
export type PrintableResults = {
  groups: { classification: string; rows: PrintTestRow[] }[];
  antibiogram: AntibiogramEntry[];
};

function text(value: string | null | undefined): string {
  return (value ?? '').trim();
}

/**
 * The results as printed (spec doc 3 §2, §3, §5): results with status entered_in_error are left
 * out; test rows are grouped by subTestClassification (UNCLASSIFIED when missing) in parameterOrder,
 * critical ones bold; each organism lists its antibiotics (matched by organismDefinitionId to the
 * organism's definitionId) in parameterOrder, skipping antibiotics with an empty result, and its
 * comment.
 * @param results - the print report's results
 */
export function printableResults(results: readonly PrintReportResult[]): PrintableResults {
  const kept = results.filter((result) => result.status !== EXCLUDED_RESULT_STATUS);
  const tests = kept.filter((result) => !result.category);
  const organisms = sortByParameterOrder(kept.filter((result) => result.category === 'organism'));
  const antibiotics = sortByParameterOrder(
    kept.filter((result) => result.category === 'antibiotic' && text(result.result) !== ''),
  );

  const groups = groupBySubTestClassification(tests).map((group) => ({
    classification: group.classification,
    rows: group.items.map((result) => ({
      name: result.name,
      result: text(result.result),
      unit: text(result.unit),
      referenceRange: text(result.defaultRange),
      flag: resultFlag(result.result, result.range),
      bold: isCriticalResult(result),
    })),
  }));

  const printed = (result: PrintReportResult) => ({
    name: result.name,
    result: text(result.result),
    bold: isCriticalResult(result),
  });
  const organismIds = new Set(organisms.map((organism) => organism.definitionId ?? null));
  const antibiogram: AntibiogramEntry[] = organisms.map((organism) => ({
    organism: printed(organism),
    antibiotics: antibiotics
      .filter(
        (antibiotic) =>
          (antibiotic.organismDefinitionId ?? null) === (organism.definitionId ?? null),
      )
      .map(printed),
    comment: text(organism.comment) || null,
  }));
  // An antibiotic whose organism is missing still prints, rather than vanishing from a medical report.
  const orphans = antibiotics.filter(
    (antibiotic) => !organismIds.has(antibiotic.organismDefinitionId ?? null),
  );
  if (orphans.length > 0) {
    antibiogram.push({ organism: null, antibiotics: orphans.map(printed), comment: null });
  }
  return { groups, antibiogram };
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

/**
 * The notes as plain text (spec doc 3 §2 Notes; §3 text.div): the narrative's tags removed (a
 * line break for <br> and block ends), the common entities decoded, blank lines collapsed; '' for
 * none. The PDF prints it as text, never as markup.
 * @param div - the report's text.div
 */
export function notesText(div: string | null | undefined): string {
  return (div ?? '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|tr|h[1-6])>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_whole, name: string) => ENTITIES[name] ?? '')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

const GENDER_WORDS: Readonly<Record<string, string>> = {
  f: 'female',
  female: 'female',
  m: 'male',
  male: 'male',
  o: 'other',
  other: 'other',
};

/**
 * The gender as the spec writes it (doc 1 §3 'Gender: female, male, other'), whatever case or
 * initial it was stored in; any other value as written.
 * @param gender - the profile's gender
 */
export function printedGender(gender: string | null | undefined): string {
  const value = text(gender);
  return GENDER_WORDS[value.toLowerCase()] ?? value;
}

/**
 * The patient's name as printed: the prefix, the given names and the family name (spec doc 1 §3
 * 'name (prefix, given, family)'), each trimmed, the empty ones left out.
 * @param name - the profile's name
 */
export function printedPatientName(name: {
  prefix?: string | null;
  givenName?: string | null;
  familyName?: string | null;
}): string {
  return [name.prefix, name.givenName, name.familyName]
    .map((part) => text(part))
    .filter((part) => part !== '')
    .join(' ');
}

/** The scripts that need their own embedded font (issue 11: Noto Sinhala and Noto Tamil). */
export type ReportScript = 'sinhala' | 'tamil';

/**
 * Which non-Latin scripts the report's texts hold, so the PDF embeds their fonts only when needed:
 * Sinhala (U+0D80–U+0DFF), Tamil (U+0B80–U+0BFF).
 * @param texts - every text that will be printed
 */
export function scriptsIn(texts: readonly string[]): ReportScript[] {
  const joined = texts.join('\n');
  const scripts: ReportScript[] = [];
  if (/[\u0D80-\u0DFF]/.test(joined)) {
    scripts.push('sinhala');
  }
  if (/[\u0B80-\u0BFF]/.test(joined)) {
    scripts.push('tamil');
  }
  return scripts;
}

/** The signature block: the technologist's image, or a dash line, labelled 'Medical Laboratory Technologist'. */
export type SignatureBlock =
  { kind: 'image'; url: string; label: string } | { kind: 'dashLine'; label: string };

/**
 * The signature block (spec doc 3 §2): the signature image when there is one, else a dash line,
 * labelled 'Medical Laboratory Technologist'.
 * @param signatureUrl - the signature image (userProfileUrl), if any
 */
export function signatureBlock(signatureUrl: string | null | undefined): SignatureBlock {
  const url = (signatureUrl ?? '').trim();
  const label = LAB_REPORT_TEXTS.medicalLaboratoryTechnologist;
  return url === '' ? { kind: 'dashLine', label } : { kind: 'image', url, label };
}

/** The organization's images (spec doc 3 §2, §3 Organization). */
export type ReportImages = {
  headerImageUrl?: string | null;
  footerImageUrl?: string | null;
};

/** Everything the printable report shows, in print order, ready to lay out. */
export type PrintableReport = {
  fileName: string;
  page: typeof LAB_REPORT_PAGE;
  headerImageUrl: string | null;
  footerImageUrl: string | null;
  patient: {
    name: string;
    id: string;
    age: string;
    gender: string;
    nic: string;
  };
  receiptNumber: string;
  referredBy: string;
  referredOrganization: string;
  collectedTime: string;
  receivedTime: string;
  reportedTime: string;
  reportedBy: string;
  collectionCenter: string;
  reportName: string;
  results: PrintableResults;
  notes: string;
  signature: SignatureBlock;
  endOfReport: string;
  /** 'RP' when summaryStatus is issued, else null. */
  rpMark: string | null;
  scripts: ReportScript[];
};

/** Who reported and where, which the print report carries outside its fields (ours). */
export type PrintContext = {
  reportedBy?: string | null;
  timeZone?: string;
};

/**
 * The printable report (spec doc 3 §2 'Printable lab report'): the patient block (name, ID, age on
 * the reported date, gender, NIC/passport, receipt number), referred by (or 'Self Request') and
 * the referred organization, the collected, received and reported times with who reported and the
 * collection center (the print report's location), the test table and antibiogram, the notes, the
 * signature or dash line labelled 'Medical Laboratory Technologist', 'End of Report', the RP mark
 * when summaryStatus is issued, the organization's header and footer images, the file name and
 * the scripts whose fonts to embed. Missing values print as ''.
 * @param report - the print report
 * @param images - the organization's header and footer images
 * @param context - who reported, and the hospital's time zone
 */
export function printableReport(
  report: PrintReport,
  images: ReportImages = {},
  context: PrintContext = {},
): PrintableReport {
  const time = (iso: string | null | undefined): string =>
    formatReportDateTime(iso, context.timeZone) ?? '';
  const reported = report.reportedTime ? new Date(report.reportedTime) : null;
  const age =
    reported && !Number.isNaN(reported.getTime())
      ? ageLabel(report.patient.birthday, reported)
      : '';
  const results = printableResults(report.results);
  const view: Omit<PrintableReport, 'scripts'> = {
    fileName: reportFileName(report),
    page: LAB_REPORT_PAGE,
    headerImageUrl: text(images.headerImageUrl) || null,
    footerImageUrl: text(images.footerImageUrl) || null,
    patient: {
      name: text(report.patient.name),
      id: text(report.patient.identifier),
      age,
      gender: printedGender(report.patient.gender),
      nic: text(report.patient.nic),
    },
    receiptNumber: text(report.receiptNumber) || (reportInvoiceId(report) ?? ''),
    referredBy: referredBy(report),
    referredOrganization: text(report.referralOrganization),
    collectedTime: time(report.specimenCollectedTime),
    receivedTime: time(report.specimenReceivedTime),
    reportedTime: time(report.reportedTime),
    reportedBy: text(context.reportedBy),
    collectionCenter: text(report.location),
    reportName: report.reportName,
    results,
    notes: notesText(report.text?.div),
    signature: signatureBlock(report.userProfileUrl),
    endOfReport: LAB_REPORT_TEXTS.endOfReport,
    rpMark: showsRpMark(report.summaryStatus) ? LAB_REPORT_TEXTS.rpMark : null,
  };
  const printedTexts = [
    view.patient.name,
    view.referredBy,
    view.referredOrganization,
    view.reportName,
    view.notes,
    view.reportedBy,
    view.collectionCenter,
    ...results.groups.flatMap((group) => [
      group.classification,
      ...group.rows.flatMap((row) => [row.name, row.result, row.unit, row.referenceRange]),
    ]),
    ...results.antibiogram.flatMap((entry) => [
      entry.organism?.name ?? '',
      entry.organism?.result ?? '',
      entry.comment ?? '',
      ...entry.antibiotics.flatMap((row) => [row.name, row.result]),
    ]),
  ];
  return { ...view, scripts: scriptsIn(printedTexts) };
}
