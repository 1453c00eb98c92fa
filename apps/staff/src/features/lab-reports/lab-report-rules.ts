import { ISSUED_SUMMARY_STATUS, OUTSOURCED_TYPE, RANGE_COMPARATORS, formatReferenceRange, type RangeComparator } from '@careline/domain/lab-reports';
import { hospitalClock, hospitalDayOf } from '../../lib/hospital-time.ts';
import type { LiveSocketState } from '../../lib/live-status.ts';

// The console's rules for the lab report screens. The report rules themselves (what may happen to a
// version, the second-person rule, the result checks) are the server's, and the limits and result
// checks both sides use are @careline/domain/lab-reports' (result-rules.ts); these decide which
// buttons show and turn the results form into the server's LabResultInput.

/** A list of the console (the server's LabReportQueue). */
export type LabReportQueue = 'DRAFT' | 'VERIFIED' | 'ISSUED' | 'ALL';

/** The lists in the order of their tabs. */
export const LAB_REPORT_QUEUES: readonly LabReportQueue[] = ['DRAFT', 'VERIFIED', 'ISSUED', 'ALL'];

/** Reports per page. */
export const LAB_REPORT_PAGE_SIZE = 20;

/** Lab orders offered to start a report from (each open queue's first page). */
export const LAB_ORDER_PICK_SIZE = 50;

/** How often a screen reads again while the live socket is down: a fallback only. */
export const LAB_FALLBACK_REFRESH_MS = 30_000;

/** Whether the screen follows the server live. */
export type LabLiveState = 'connecting' | 'live' | 'reconnecting';

/**
 * The live state from the socket's health (as the order screens): subscribeStaffOrders delivers
 * only on changes, so a connected socket means the screen is live.
 * @param socket - the live socket's last event
 * @param heard - whether the subscription delivered already
 */
export function labLiveState(socket: LiveSocketState, heard: boolean): LabLiveState {
  if (socket === 'socket-error') {
    return 'reconnecting';
  }
  return socket === 'socket-data' || heard ? 'live' : 'connecting';
}

/**
 * A date and time in hospital time, 'YYYY-MM-DD HH:MM' (the console's dense form).
 * @param iso - an instant
 */
export function labDateTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : `${hospitalDayOf(at)} ${hospitalClock(at)}`;
}

/** Where a report version stands, as the console shows it. */
export type LabReportStage = 'registered' | 'draft' | 'verified' | 'issued' | 'superseded';

/** The fields of a version the rules read. */
export type LabVersionFacts = {
  status: string;
  summaryStatus?: string | null;
  diagnosticReportOutsourcedType?: string | null;
  supersededById?: string | null;
  diagnosticReportVerifiedTime?: string | null;
};

/**
 * The stage of a version: superseded once corrected; issued; verified (final or amended, print
 * ready); draft once results are saved (preliminary); registered before.
 * @param report - the version
 */
export function labReportStage(report: LabVersionFacts): LabReportStage {
  if (report.supersededById) {
    return 'superseded';
  }
  if (report.summaryStatus === ISSUED_SUMMARY_STATUS) {
    return 'issued';
  }
  if (report.summaryStatus === 'print_ready' || report.diagnosticReportVerifiedTime || report.status === 'final' || report.status === 'amended') {
    return 'verified';
  }
  return report.status === 'registered' ? 'registered' : 'draft';
}

/** Whether a version is marked outsourced (external). */
export function isOutsourced(report: Pick<LabVersionFacts, 'diagnosticReportOutsourcedType'>): boolean {
  return report.diagnosticReportOutsourcedType === OUTSOURCED_TYPE;
}

/**
 * What the member may do on lab reports here (the server's policy keys for their roles); images:
 * set the hospital's printable report images (labReports.images).
 */
export type LabAbilities = { work: boolean; settings: boolean; images?: boolean };

/** The hospital's printable report images (the server's LabReportImageKind, lower case). */
export type LabImageKind = 'header' | 'footer' | 'signature';

/** The images in the order the panel shows them. */
export const LAB_IMAGE_KINDS: readonly LabImageKind[] = ['header', 'footer', 'signature'];

/**
 * The blob id of one of the hospital's images in the server's settings.
 * @param settings - the images as read
 * @param kind - header, footer or signature
 */
export function labImageBlobId(
  settings: { headerImageBlobId: string | null; footerImageBlobId: string | null; signatureImageBlobId: string | null },
  kind: LabImageKind,
): string | null {
  switch (kind) {
    case 'header':
      return settings.headerImageBlobId;
    case 'footer':
      return settings.footerImageBlobId;
    case 'signature':
      return settings.signatureImageBlobId;
  }
}

/** Which actions a version offers the member now. */
export type LabActionSet = {
  save: boolean;
  verify: boolean;
  issue: boolean;
  outsource: boolean;
  correct: boolean;
  /** The hospital wants a second person and this member entered results: verify is someone else's. */
  verifyBySomeoneElse: boolean;
};

/**
 * The actions on show for a version, as the server allows them (labReports.work; staff-lab-reports
 * service): results and outsourcing until verified or issued; verify once there are results (or it is
 * outsourced), not by a member who entered results when the hospital wants a second person; issue
 * once verified; correct an issued version not corrected yet. A superseded version takes none.
 * @param report - the version, its results' count and who entered them
 * @param may - what the member's roles allow here
 * @param me - the member, and whether the hospital wants a second person
 */
export function labActionSet(
  report: LabVersionFacts & { enteredBy: readonly string[]; resultCount: number },
  may: LabAbilities,
  me: { staffUserId: string | null; requireSecondVerifier: boolean },
): LabActionSet {
  const stage = labReportStage(report);
  const open = may.work && (stage === 'registered' || stage === 'draft');
  const verifiable = open && (report.resultCount > 0 || isOutsourced(report));
  const enteredByMe = me.staffUserId !== null && report.enteredBy.includes(me.staffUserId);
  const verifyBySomeoneElse = verifiable && me.requireSecondVerifier && enteredByMe;
  return {
    save: open,
    verify: verifiable && !verifyBySomeoneElse,
    issue: may.work && stage === 'verified',
    outsource: may.work && !isOutsourced(report) && stage !== 'issued' && stage !== 'superseded',
    correct: may.work && stage === 'issued',
    verifyBySomeoneElse,
  };
}

/** A reference range as the server takes it (ReferenceRangeInput). */
export type RangeInput = { low?: number | null; high?: number | null; comparator?: string | null; value?: number | null; text?: string | null };

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * A typed number, or null when the text is not one ('1,250.5' reads 1250.5).
 * @param text - what the member typed
 */
export function parseLabNumber(text: string): number | null {
  const cleaned = text.trim().replace(/,/g, '');
  if (!NUMBER.test(cleaned)) {
    return null;
  }
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

/**
 * The range the member typed: '11.5–16.5' or '11.5-16.5' is low and high; '< 200' (>, >=, <, <=) a
 * comparator and value; any other text is kept as the laboratory's text; empty is null (the
 * sub-test's own range).
 * @param text - what the member typed, as formatReferenceRange shows a range
 */
export function parseReferenceRange(text: string): RangeInput | null {
  const typed = text.trim();
  if (typed === '') {
    return null;
  }
  const compared = /^(>=|<=|>|<)\s*(.+)$/.exec(typed);
  if (compared) {
    const value = parseLabNumber(compared[2] ?? '');
    if (value !== null && RANGE_COMPARATORS.includes(compared[1] as RangeComparator)) {
      return { comparator: compared[1], value };
    }
  }
  const between = /^([+-]?[\d.,]+)\s*[–—-]\s*([+-]?[\d.,]+)$/.exec(typed);
  if (between) {
    const low = parseLabNumber(between[1] ?? '');
    const high = parseLabNumber(between[2] ?? '');
    if (low !== null && high !== null) {
      return { low, high };
    }
  }
  return { text: typed };
}

/** One organism or antibiotic row as the form holds it. */
export type MicrobiologyDraft = {
  /** The form's own key for the row. */
  key: string;
  category: 'organism' | 'antibiotic';
  name: string;
  result: string;
  /** An organism's id, that its antibiotics point to. */
  definitionId: string;
  /** An antibiotic's organism (its definitionId), or ''. */
  organismDefinitionId: string;
};

/** One sub-test's result as the form holds it. */
export type ResultDraft = {
  subTestId: string;
  name: string;
  /** A number or a text: a number is sent as valueQuantity, anything else as valueString. */
  result: string;
  unit: string;
  range: string;
  critical: boolean;
  microbiology: MicrobiologyDraft[];
  /** Whether a result of this sub-test is saved already. */
  saved: boolean;
};

/** The parts of the server's sub-test and result the form starts from. */
type RangeLike = { low?: number | null; high?: number | null; comparator?: string | null; value?: number | null; text?: string | null } | null;
export type SubTestFacts = { id: string; name: string; unit?: string | null; referenceRange?: RangeLike };
export type ObservationFacts = {
  code?: string | null;
  valueString?: string | null;
  valueQuantity?: { value?: number | null; unit?: string | null } | null;
  referenceRange?: RangeLike;
  critical: boolean;
  microbiology?:
    | { category: string; name: string; result?: string | null; definitionId?: string | null; organismDefinitionId?: string | null }[]
    | null;
};

function rangeText(range: RangeLike | undefined): string {
  return range ? formatReferenceRange({ ...range, comparator: (range.comparator ?? null) as RangeComparator | null }) : '';
}

/**
 * The results form of a version: one line per sub-test (in the server's parameterOrder), filled
 * from its saved result, else the sub-test's unit and range.
 * @param subTests - the test's sub-tests
 * @param observations - the version's saved results
 */
export function resultDrafts(subTests: readonly SubTestFacts[], observations: readonly ObservationFacts[]): ResultDraft[] {
  return subTests.map((sub) => {
    const saved = observations.find((o) => o.code === sub.id);
    const quantity = saved?.valueQuantity?.value;
    return {
      subTestId: sub.id,
      name: sub.name,
      result: quantity !== null && quantity !== undefined ? String(quantity) : (saved?.valueString ?? ''),
      unit: saved ? (saved.valueQuantity?.unit ?? '') : (sub.unit ?? ''),
      range: rangeText(saved?.referenceRange ?? sub.referenceRange ?? null),
      critical: saved?.critical ?? false,
      microbiology: (saved?.microbiology ?? []).map((row, index) => ({
        key: `saved-${index}`,
        category: row.category === 'antibiotic' ? 'antibiotic' : 'organism',
        name: row.name,
        result: row.result ?? '',
        definitionId: row.definitionId ?? '',
        organismDefinitionId: row.organismDefinitionId ?? '',
      })),
      saved: saved !== undefined,
    };
  });
}

/** The server's LabResultInput. */
export type LabResultPayload = {
  subTestId: string;
  valueQuantity: number | null;
  valueString: string | null;
  unit: string | null;
  referenceRange: RangeInput | null;
  critical: boolean;
  microbiology: {
    category: string;
    name: string;
    result: string | null;
    definitionId: string | null;
    organismDefinitionId: string | null;
  }[] | null;
};

/**
 * The results to save: each sub-test with a result or microbiology rows (an empty line is not sent;
 * a result saved before stays as it was). A number is valueQuantity, any other text valueString.
 * @param drafts - the form's lines
 */
export function resultPayload(drafts: readonly ResultDraft[]): LabResultPayload[] {
  return drafts.flatMap((draft) => {
    const text = draft.result.trim();
    const rows = draft.microbiology.filter((row) => row.name.trim() !== '' || row.result.trim() !== '');
    if (text === '' && rows.length === 0) {
      return [];
    }
    const number = parseLabNumber(text);
    return [
      {
        subTestId: draft.subTestId,
        valueQuantity: text !== '' && number !== null ? number : null,
        valueString: text !== '' && number === null ? text : null,
        unit: draft.unit.trim() === '' ? null : draft.unit.trim(),
        referenceRange: parseReferenceRange(draft.range),
        critical: draft.critical,
        microbiology:
          rows.length === 0
            ? null
            : rows.map((row) => ({
                category: row.category,
                name: row.name.trim(),
                result: row.result.trim() === '' ? null : row.result.trim(),
                definitionId: row.category === 'organism' ? row.definitionId || null : null,
                organismDefinitionId: row.category === 'antibiotic' ? row.organismDefinitionId || null : null,
              })),
      },
    ];
  });
}

/**
 * A new microbiology row: an organism gets an id of its own (that antibiotics point to); an
 * antibiotic points to the last organism of the sub-test, if any.
 * @param rows - the sub-test's rows so far
 * @param category - organism or antibiotic
 * @param key - the form's key for the row
 */
export function newMicrobiologyRow(rows: readonly MicrobiologyDraft[], category: 'organism' | 'antibiotic', key: string): MicrobiologyDraft {
  const organisms = rows.filter((row) => row.category === 'organism');
  let definitionId = '';
  if (category === 'organism') {
    const taken = new Set(organisms.map((row) => row.definitionId));
    let n = organisms.length + 1;
    while (taken.has(`organism-${n}`)) {
      n += 1;
    }
    definitionId = `organism-${n}`;
  }
  return {
    key,
    category,
    name: '',
    result: '',
    definitionId,
    organismDefinitionId: category === 'antibiotic' ? (organisms[organisms.length - 1]?.definitionId ?? '') : '',
  };
}

/** A lab test the tenant offers: its code and name. */
export type LabTest = { code: string; display: string };

/**
 * The tenant's lab tests from its public settings (tenantConfig.diagnosticReportCodes), unknown
 * shapes left out.
 * @param config - tenantConfig as answered
 */
export function labTestsOf(config: unknown): LabTest[] {
  const list = (config as { diagnosticReportCodes?: unknown } | null)?.diagnosticReportCodes;
  if (!Array.isArray(list)) {
    return [];
  }
  return list.flatMap((item: unknown) => {
    const { code, display } = (item ?? {}) as { code?: unknown; display?: unknown };
    return typeof code === 'string' && code !== '' ? [{ code, display: typeof display === 'string' && display !== '' ? display : code }] : [];
  });
}

/**
 * The tests a lab order asks for (its diagnosticReport codes), named from the tenant's list; an
 * order without codes offers every test.
 * @param codes - the order's diagnosticReport as answered (a list of codes)
 * @param tests - the tenant's tests
 */
export function orderTests(codes: unknown, tests: readonly LabTest[]): LabTest[] {
  if (!Array.isArray(codes) || codes.length === 0) {
    return [...tests];
  }
  return codes
    .filter((code): code is string => typeof code === 'string' && code !== '')
    .map((code) => tests.find((test) => test.code === code) ?? { code, display: code });
}

/** A fresh idempotency key for one submit (reused when the same submit is retried). */
export function newLabActionKey(): string {
  return `staff-lab-${crypto.randomUUID()}`;
}

/** The files offered for a results import. */
export const LAB_IMPORT_ACCEPT = '.csv,text/csv';
