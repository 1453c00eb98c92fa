import { AppError, errorString, type ErrorCode } from '@careline/domain/errors';
import { LAB_IMPORT_MAX_BYTES, LAB_RESULT_TEXT_MAX } from '@careline/domain/lab-reports';
import { hasControlCharacters, maskControlCharacters } from '@careline/domain/text';

/*
 * Lab results imported from a laboratory analyser's CSV export (issue 11): the file's format, a
 * small RFC 4180 reader, and the matching of rows to reports and sub-tests. Pure: the service hands
 * in what the database knows (lab-results-import.service.ts).
 *
 * Format: a header row is required. Columns are found by name, ignoring case, spaces, '_' and '-':
 * - the sample: Sample ID, SampleID, Sample, Specimen ID, Report ID (the lab report's id in the
 *   console's address, any version of it: the row goes to the report's current version);
 * - the test: Test Code, Test, Parameter, Code, Analyte (a sub-test's id, else its name);
 * - the result: Result, Value (a number such as 12.5 or -3e2, or a text such as Negative; a sub-test
 *   with a unit needs a number);
 * - optional Unit or Units: when given it must be the sub-test's unit (ignoring case and spaces);
 * - optional Flag: H, L, HH, LL, A or N (HH and LL mark the result critical).
 * The delimiter is ',', ';' or a tab, whichever the header row uses most. Fields may be quoted, with
 * "" for a quote; CRLF or LF line ends; a UTF-8 byte order mark and blank lines are skipped.
 */

/**
 * Most data rows of one file (ours); its largest size in UTF-8 bytes is LAB_IMPORT_MAX_BYTES
 * (@careline/domain/lab-reports, which the console checks too).
 */
export const LAB_IMPORT_MAX_ROWS = 2000;
/** Longest field of a row: the longest text result. */
export const LAB_IMPORT_FIELD_MAX = LAB_RESULT_TEXT_MAX;

/** The accepted column names of each field, compared after {@link columnKey}. */
export const LAB_IMPORT_COLUMNS = {
  sample: ['Sample ID', 'SampleID', 'Sample', 'Specimen ID', 'Report ID'],
  test: ['Test Code', 'Test', 'Parameter', 'Code', 'Analyte'],
  result: ['Result', 'Value'],
  unit: ['Unit', 'Units'],
  flag: ['Flag'],
} as const;

export type LabImportField = keyof typeof LAB_IMPORT_COLUMNS;

/** The flags an analyser may send, each as the result's interpretation; HH and LL are critical. */
export const LAB_IMPORT_FLAGS = ['H', 'L', 'HH', 'LL', 'A', 'N'] as const;
export type LabImportFlag = (typeof LAB_IMPORT_FLAGS)[number];

/** A row's problem: an ARO code and its English text. */
export type LabImportRowError = { code: string; message: string };

/** One data row as the file has it. */
export type LabImportRawRow = {
  /** The file's line the row starts on (the header is usually line 1). */
  line: number;
  sampleId: string;
  test: string;
  value: string;
  unit: string | null;
  flag: string | null;
  /** Problems of the row's shape (field count, control characters). */
  errors: LabImportRowError[];
};

/** A parsed CSV text: its delimiter and records, each with the line it starts on. */
export type CsvRecords = { delimiter: string; records: { line: number; cells: string[] }[] };

function rowError(code: ErrorCode, vars: Record<string, string> = {}): LabImportRowError {
  const text = errorString(code, vars);
  return { code, message: text.slice(code.length + 1) };
}

function fileError(code: ErrorCode, vars: Record<string, string> = {}): AppError {
  const error = new AppError(code, vars);
  error.message = errorString(code, vars);
  return error;
}

/** The limits as the refusal says them. */
function tooLarge(): AppError {
  return fileError('ARO-E7026', {
    rows: String(LAB_IMPORT_MAX_ROWS),
    size: `${LAB_IMPORT_MAX_BYTES / 1024} KB`,
  });
}

/** A column name as compared: lower case, without spaces, '_' and '-'. */
export function columnKey(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '');
}

/**
 * The delimiter of a header line: ',', ';' or a tab, whichever occurs most outside quotes (',' when
 * none does).
 * @param header - the first line of the file
 */
export function detectDelimiter(header: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of header) {
    if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && counts.has(char)) {
      counts.set(char, (counts.get(char) ?? 0) + 1);
    }
  }
  let best = ',';
  for (const [delimiter, count] of counts) {
    if (count > (counts.get(best) ?? 0)) {
      best = delimiter;
    }
  }
  return best;
}

/**
 * Reads a CSV text (RFC 4180, leniently: a quote inside an unquoted field is kept as it is). A BOM is
 * dropped, CRLF, LF and lone CR end a record, blank lines are skipped. An unclosed quote is refused
 * (ARO-E7028).
 * @param text - the file's text
 */
export function parseCsv(text: string): CsvRecords {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const firstLineEnd = source.search(/\r|\n/);
  const delimiter = detectDelimiter(firstLineEnd === -1 ? source : source.slice(0, firstLineEnd));
  const records: CsvRecords['records'] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let quoteLine = 1;
  let recordHasText = false;
  const endRecord = () => {
    cells.push(cell);
    // A blank line (one empty cell, never quoted) is skipped.
    if (recordHasText || cells.length > 1) {
      records.push({ line: recordLine, cells });
    }
    cells = [];
    cell = '';
    recordHasText = false;
  };
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i] as string;
    if (quoted) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else {
          quoted = false;
        }
      } else {
        if (char === '\n' || (char === '\r' && source[i + 1] !== '\n')) {
          line += 1;
        }
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell === '') {
      quoted = true;
      quoteLine = line;
      recordHasText = true;
    } else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && source[i + 1] === '\n') {
        i += 1;
      }
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      cell += char;
      recordHasText = true;
    }
  }
  if (quoted) {
    throw fileError('ARO-E7028', { line: String(quoteLine) });
  }
  if (cell !== '' || cells.length > 0 || recordHasText) {
    endRecord();
  }
  return { delimiter, records };
}

/**
 * The file's rows in the import's terms: the header names the columns (sample, test and result are
 * required: ARO-E7027), each data row gives its fields. File limits ARO-E7026 (size in UTF-8 bytes,
 * data rows); an unclosed quote ARO-E7028. A row with more or fewer fields than the header (trailing
 * empty fields aside) or a control character in a field has row errors.
 * @param text - the file's text
 */
export function readLabImportRows(text: string): LabImportRawRow[] {
  if (new TextEncoder().encode(text).length > LAB_IMPORT_MAX_BYTES) {
    throw tooLarge();
  }
  const { records } = parseCsv(text);
  const [header, ...data] = records;
  const required = (['sample', 'test', 'result'] as const)
    .map((field) => LAB_IMPORT_COLUMNS[field][0])
    .join(', ');
  if (!header) {
    throw fileError('ARO-E7027', { columns: required });
  }
  const keys = header.cells.map((name) => columnKey(name.trim()));
  const column = (field: LabImportField): number => {
    for (const name of LAB_IMPORT_COLUMNS[field]) {
      const index = keys.indexOf(columnKey(name));
      if (index !== -1) {
        return index;
      }
    }
    return -1;
  };
  const at = {
    sample: column('sample'),
    test: column('test'),
    result: column('result'),
    unit: column('unit'),
    flag: column('flag'),
  };
  if (at.sample === -1 || at.test === -1 || at.result === -1) {
    throw fileError('ARO-E7027', { columns: required });
  }
  if (data.length > LAB_IMPORT_MAX_ROWS) {
    throw tooLarge();
  }
  const width = header.cells.length;
  return data.map(({ line, cells }) => {
    const errors: LabImportRowError[] = [];
    let count = cells.length;
    while (count > width && cells[count - 1]?.trim() === '') {
      count -= 1;
    }
    if (count !== width) {
      errors.push(rowError('ARO-E7035', { count: String(count), expected: String(width) }));
    }
    const raw = (index: number): string => (index === -1 ? '' : (cells[index] ?? '').trim());
    for (const name of ['sample', 'test', 'result', 'unit', 'flag'] as const) {
      const value = raw(at[name]);
      if (value.length > LAB_IMPORT_FIELD_MAX || hasControlCharacters(value)) {
        errors.push(
          rowError('ARO-E7004', {
            field: header.cells[at[name]]?.trim() ?? name,
            max: String(LAB_IMPORT_FIELD_MAX),
          }),
        );
      }
    }
    // A bad row is answered, never written: shown with control characters replaced and long fields cut.
    const field = (index: number): string => {
      const value = maskControlCharacters(raw(index));
      return value.length > LAB_IMPORT_FIELD_MAX
        ? `${value.slice(0, LAB_IMPORT_FIELD_MAX)}…`
        : value;
    };
    const unit = field(at.unit);
    const flag = field(at.flag);
    return {
      line,
      sampleId: field(at.sample),
      test: field(at.test),
      value: field(at.result),
      unit: unit === '' ? null : unit,
      flag: flag === '' ? null : flag,
      errors,
    };
  });
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A result's number when the text is one (12.5, -3, .5, 1e3); null otherwise. Never a guess: '12,5'
 * or '<0.5' is not a number.
 * @param value - the Result field
 */
export function importedNumber(value: string): number | null {
  if (!NUMBER.test(value)) {
    return null;
  }
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/**
 * Whether a unit from the file is the sub-test's unit, ignoring case and spaces.
 * @param given - the Unit field
 * @param expected - the sub-test's unit
 */
export function sameUnit(given: string, expected: string | null): boolean {
  const key = (unit: string) => unit.toLowerCase().replace(/\s+/g, '');
  return expected !== null && key(given) === key(expected);
}

/**
 * The Flag field as the result's interpretation and critical mark (HH and LL are critical); null for
 * an unknown flag.
 * @param flag - the Flag field, or null when empty or absent
 */
export function importedFlag(
  flag: string | null,
): { interpretation: LabImportFlag | null; critical: boolean } | null {
  if (flag === null) {
    return { interpretation: null, critical: false };
  }
  const upper = flag.toUpperCase() as LabImportFlag;
  if (!LAB_IMPORT_FLAGS.includes(upper)) {
    return null;
  }
  return { interpretation: upper, critical: upper === 'HH' || upper === 'LL' };
}

/** A report as the import may match it: its current version. */
export type LabImportReport = {
  id: string;
  revision: number;
  patientName: string;
  testDisplay: string;
  /** Why no result can be written to it (verified, issued, outsourced), or null. */
  locked: LabImportRowError | null;
  subTests: { id: string; name: string; unit: string | null }[];
};

/** One row of the preview: what the file says, what it matched, what would be written, its errors. */
export type LabImportRow = {
  line: number;
  sampleId: string;
  test: string;
  value: string;
  unit: string | null;
  flag: string | null;
  report: Omit<LabImportReport, 'locked' | 'subTests'> | null;
  subTest: { id: string; name: string; unit: string | null } | null;
  valueQuantity: number | null;
  valueString: string | null;
  interpretation: string | null;
  critical: boolean;
  errors: LabImportRowError[];
};

/** The good rows of one report, written together at the revision the preview showed. */
export type LabImportGroup = { reportId: string; expectedRevision: number; lines: number[] };

/** A preview (and a commit's answer): every row, the reports to write, and the counts. */
export type LabImportPreview = {
  rows: LabImportRow[];
  groups: LabImportGroup[];
  totals: { rows: number; good: number; bad: number };
};

/**
 * Matches the file's rows to reports and sub-tests and checks them: unknown sample (another
 * hospital's too) ARO-E7029, a report that takes no results (its lock), unknown test ARO-E7030, unit
 * ARO-E7031, not a number for a sub-test with a unit ARO-E7032, flag ARO-E7033, a (sample, test)
 * already in the file ARO-E7034, and whatever `check` finds (the save's own result rules). Bad rows
 * stay in the answer with their errors; good rows are grouped per report in file order.
 * @param rows - the file's rows
 * @param reportOf - the current version of the report a sample id names, or null
 * @param check - the save's rules for one result, its error or null
 */
export function matchLabImportRows(
  rows: readonly LabImportRawRow[],
  reportOf: (sampleId: string) => LabImportReport | null,
  check: (
    report: LabImportReport,
    row: Pick<
      LabImportRow,
      'subTest' | 'valueQuantity' | 'valueString' | 'interpretation' | 'critical'
    >,
  ) => LabImportRowError | null,
): LabImportPreview {
  const firstLine = new Map<string, number>();
  const out: LabImportRow[] = rows.map((raw) => {
    const errors = [...raw.errors];
    const report = raw.sampleId === '' ? null : reportOf(raw.sampleId);
    const wanted = raw.test.toLowerCase();
    const subTest = report
      ? (report.subTests.find((sub) => sub.id.toLowerCase() === wanted) ??
        report.subTests.find(
          (sub) =>
            sub.name.trim().replace(/\s+/g, ' ').toLowerCase() === wanted.replace(/\s+/g, ' '),
        ) ??
        null)
      : null;
    if (!report) {
      errors.push(rowError('ARO-E7029', { sample: raw.sampleId }));
    } else if (report.locked) {
      errors.push(report.locked);
    } else if (!subTest || raw.test === '') {
      errors.push(rowError('ARO-E7030', { test: raw.test }));
    }
    if (subTest && raw.unit !== null && !sameUnit(raw.unit, subTest.unit)) {
      errors.push(rowError('ARO-E7031', { unit: raw.unit, expected: subTest.unit ?? '-' }));
    }
    const number = importedNumber(raw.value);
    if (subTest?.unit && raw.value !== '' && number === null) {
      errors.push(rowError('ARO-E7032', { value: raw.value }));
    }
    const flag = importedFlag(raw.flag);
    if (!flag) {
      errors.push(rowError('ARO-E7033', { flag: raw.flag ?? '' }));
    }
    const key = `${report?.id ?? raw.sampleId.toLowerCase()}\n${subTest?.id ?? wanted}`;
    const earlier = firstLine.get(key);
    if (earlier !== undefined) {
      errors.push(rowError('ARO-E7034', { line: String(earlier) }));
    } else {
      firstLine.set(key, raw.line);
    }
    const row: LabImportRow = {
      line: raw.line,
      sampleId: raw.sampleId,
      test: raw.test,
      value: raw.value,
      unit: raw.unit,
      flag: raw.flag,
      report: report
        ? {
            id: report.id,
            revision: report.revision,
            patientName: report.patientName,
            testDisplay: report.testDisplay,
          }
        : null,
      subTest,
      valueQuantity: number,
      valueString: number === null && raw.value !== '' ? raw.value : null,
      interpretation: flag?.interpretation ?? null,
      critical: flag?.critical ?? false,
      errors,
    };
    if (errors.length === 0 && report) {
      const problem = check(report, row);
      if (problem) {
        errors.push(problem);
      }
    }
    return row;
  });
  const groups: LabImportGroup[] = [];
  for (const row of out) {
    if (row.errors.length > 0 || !row.report) {
      continue;
    }
    const reportId = row.report.id;
    let group = groups.find((g) => g.reportId === reportId);
    if (!group) {
      group = { reportId, expectedRevision: row.report.revision, lines: [] };
      groups.push(group);
    }
    group.lines.push(row.line);
  }
  const good = out.filter((row) => row.errors.length === 0).length;
  return { rows: out, groups, totals: { rows: out.length, good, bad: out.length - good } };
}
