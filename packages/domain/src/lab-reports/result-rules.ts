/**
 * The rules of entering lab results, once for the server and the staff console (issue 11): the
 * limits of every field, the checks of one save's results (a number or a text per sub-test, unit,
 * reference range, interpretation, microbiology rows), of notes and of a correction's reason, and of
 * the hospital's printable report images and the results CSV file. The server refuses with these
 * answers; the console uses the same limits on its fields and the same refusals before sending.
 *
 * Every check answers `{ ok: true, value }` (the text trimmed, the range and rows normalised) or a
 * refusal with its catalogue code, the code's values and the 'CODE:message' string.
 */
import { errorString, type ErrorCode } from '../errors.ts';
import { hasControlCharacters } from '../text.ts';
import { RANGE_COMPARATORS } from './reference-range.ts';
import type { RangeComparator } from './types.ts';

/** Most results one save may carry, and one report may hold (ours). */
export const LAB_RESULTS_MAX = 100;
/** Longest text result (ours). */
export const LAB_RESULT_TEXT_MAX = 500;
/** Longest unit and purpose (ours); a reference range's text may be twice as long. */
export const LAB_UNIT_MAX = 32;
/** Longest interpretation, e.g. H, L, HH, LL, A, N (ours). */
export const LAB_INTERPRETATION_MAX = 8;
/** Longest notes (text.div of the printable report), ours. */
export const LAB_NOTES_MAX = 4000;
/** Longest reason of a correction (ours). */
export const LAB_REASON_MAX = 500;
/** Most organism and antibiotic rows of one sub-test (ours). */
export const LAB_MICROBIOLOGY_ROWS_MAX = 60;
/** Longest name, result, id or comment of a microbiology row (ours). */
export const LAB_MICROBIOLOGY_TEXT_MAX = 200;
/** Largest header, footer or signature image (ours: a 150 dpi A4-wide letterhead fits easily). */
export const LAB_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** The image files the printable report can draw (PNG and JPEG). */
export const LAB_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg'];
/** The largest CSV file of results one import takes, in UTF-8 bytes (ours). */
export const LAB_IMPORT_MAX_BYTES = 512 * 1024;

/** A refused value: its catalogue code, the code's values and the 'CODE:message' string to show. */
export type LabRuleRefusal = {
  ok: false;
  code: ErrorCode;
  vars: Record<string, string>;
  error: string;
};

/** What a check answers: the value as it is kept, or why it is refused. */
export type LabRuleAnswer<T> = { ok: true; value: T } | LabRuleRefusal;

/** A reference range as it is stored: low–high, or a comparator and value, or only a text. */
export type LabStoredRange = {
  low?: number;
  high?: number;
  comparator?: RangeComparator;
  value?: number;
  text?: string;
};

/** A reference range as entered: any part may be missing or null; the comparator any text. */
export type LabRangeEntry = {
  low?: number | null;
  high?: number | null;
  comparator?: string | null;
  value?: number | null;
  text?: string | null;
};

/** An organism or antibiotic row as entered. */
export type LabMicrobiologyEntry = {
  category: string;
  name: string;
  result?: string | null;
  definitionId?: string | null;
  organismDefinitionId?: string | null;
  comment?: string | null;
};

/** An organism or antibiotic row as it is kept (texts trimmed). */
export type LabMicrobiologyRow = {
  category: 'organism' | 'antibiotic';
  name: string;
  result: string | null;
  definitionId: string | null;
  organismDefinitionId: string | null;
  comment: string | null;
};

/** One sub-test's result as entered: value or text, unit, reference range, critical flag, microbiology rows. */
export type LabResultEntry = {
  subCodeId: string;
  valueQuantity: number | null;
  valueString: string | null;
  unit: string | null;
  referenceRange: LabRangeEntry | null;
  critical: boolean | null;
  interpretation: string | null;
  microbiology: LabMicrobiologyEntry[] | null;
};

/** What the result checks read of a sub-test: its id, and the unit and range a result takes by default. */
export type LabSubTestFacts = {
  id: string;
  unit: string | null;
  referenceRange: LabStoredRange | null;
};

/** One result as it is saved, with its sub-test. */
export type LabCheckedResult<S extends LabSubTestFacts> = {
  subCode: S;
  valueQuantity: number | null;
  valueString: string | null;
  unit: string | null;
  referenceRange: LabStoredRange | null;
  critical: boolean;
  interpretation: string | null;
  microbiology: LabMicrobiologyRow[] | null;
};

/**
 * A refusal of a lab rule, as every check answers it.
 * @param code - the catalogue code
 * @param vars - the values of the code's {placeholders}
 */
export function labRefusal(code: ErrorCode, vars: Record<string, string> = {}): LabRuleRefusal {
  return { ok: false, code, vars, error: errorString(code, vars) };
}

function accept<T>(value: T): LabRuleAnswer<T> {
  return { ok: true, value };
}

/**
 * A text field (a result, unit, interpretation, purpose): trimmed, empty is null; longer than max or
 * with a control character ARO-E7004 naming the field.
 * @param value - as entered (null or undefined: none)
 * @param field - the field's name in the refusal, e.g. 'unit'
 * @param max - the longest text
 */
export function checkLabText(
  value: string | null | undefined,
  field: string,
  max: number,
): LabRuleAnswer<string | null> {
  if (value === null || value === undefined) {
    return accept(null);
  }
  const text = value.trim();
  if (text.length > max || hasControlCharacters(text)) {
    return labRefusal('ARO-E7004', { field, max: String(max) });
  }
  return accept(text === '' ? null : text);
}

/**
 * A report's notes: trimmed, empty is null; they may hold line breaks, but at most LAB_NOTES_MAX
 * characters and no other control character (ARO-E7004).
 * @param value - as entered (null or undefined: none)
 */
export function checkLabNotes(value: string | null | undefined): LabRuleAnswer<string | null> {
  if (value === null || value === undefined) {
    return accept(null);
  }
  const text = value.trim();
  if (text.length > LAB_NOTES_MAX || hasControlCharacters(text.replace(/\r?\n/g, ' '))) {
    return labRefusal('ARO-E7004', { field: 'notes', max: String(LAB_NOTES_MAX) });
  }
  return accept(text === '' ? null : text);
}

/**
 * The reason of a correction: trimmed, not empty, at most LAB_REASON_MAX characters and no control
 * character (ARO-E7018).
 * @param reason - as entered
 */
export function checkLabCorrectionReason(reason: string): LabRuleAnswer<string> {
  const text = reason.trim();
  if (text === '' || text.length > LAB_REASON_MAX || hasControlCharacters(text)) {
    return labRefusal('ARO-E7018', { max: String(LAB_REASON_MAX) });
  }
  return accept(text);
}

function finite(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function absent(part: unknown): boolean {
  return part === null || part === undefined;
}

/**
 * A reference range as entered: low and high (both finite, low ≤ high), or a comparator (>, >=, <,
 * <=) and a finite value, either with an optional text; or only a text (at most twice LAB_UNIT_MAX,
 * ARO-E7004); nothing at all is null. Any other mix ARO-E7005.
 * @param range - as entered, or null
 */
export function checkLabReferenceRange(
  range: LabRangeEntry | null,
): LabRuleAnswer<LabStoredRange | null> {
  if (range === null) {
    return accept(null);
  }
  const checkedText = checkLabText(range.text, 'reference range', LAB_UNIT_MAX * 2);
  if (!checkedText.ok) {
    return checkedText;
  }
  const text = checkedText.value;
  const hasLowHigh = !absent(range.low) && !absent(range.high);
  const hasComparator = !absent(range.comparator);
  if (
    hasLowHigh &&
    !hasComparator &&
    finite(range.low) &&
    finite(range.high) &&
    range.low <= range.high &&
    (range.value ?? null) === null
  ) {
    return accept({ low: range.low, high: range.high, ...(text ? { text } : {}) });
  }
  if (
    hasComparator &&
    RANGE_COMPARATORS.includes(range.comparator as RangeComparator) &&
    finite(range.value) &&
    (range.low ?? null) === null &&
    (range.high ?? null) === null
  ) {
    return accept({
      comparator: range.comparator as RangeComparator,
      value: range.value,
      ...(text ? { text } : {}),
    });
  }
  if ([range.low, range.high, range.comparator, range.value].every(absent)) {
    return accept(text ? { text } : null);
  }
  return labRefusal('ARO-E7005');
}

/**
 * A sub-test's organism and antibiotic rows: at most LAB_MICROBIOLOGY_ROWS_MAX, each of category
 * organism or antibiotic, with a name, and every text at most LAB_MICROBIOLOGY_TEXT_MAX characters
 * without control characters (ARO-E7019). Names, results and comments are trimmed.
 * @param rows - as entered, or null
 */
export function checkLabMicrobiology(
  rows: readonly LabMicrobiologyEntry[] | null,
): LabRuleAnswer<LabMicrobiologyRow[] | null> {
  if (rows === null) {
    return accept(null);
  }
  const refused = labRefusal('ARO-E7019', { max: String(LAB_MICROBIOLOGY_TEXT_MAX) });
  if (rows.length > LAB_MICROBIOLOGY_ROWS_MAX) {
    return refused;
  }
  const checked: LabMicrobiologyRow[] = [];
  for (const row of rows) {
    const name = row.name.trim();
    const texts = [row.name, row.result, row.definitionId, row.organismDefinitionId, row.comment];
    if (
      (row.category !== 'organism' && row.category !== 'antibiotic') ||
      name === '' ||
      texts.some(
        (text) =>
          typeof text === 'string' &&
          (text.length > LAB_MICROBIOLOGY_TEXT_MAX || hasControlCharacters(text)),
      )
    ) {
      return refused;
    }
    checked.push({
      category: row.category,
      name,
      result: row.result?.trim() ?? null,
      definitionId: row.definitionId ?? null,
      organismDefinitionId: row.organismDefinitionId ?? null,
      comment: row.comment?.trim() || null,
    });
  }
  return accept(checked);
}

/**
 * Whether a report may hold this many results: at most LAB_RESULTS_MAX (ARO-E7020).
 * @param total - the results the report would hold
 */
export function checkLabResultTotal(total: number): LabRuleAnswer<number> {
  return total > LAB_RESULTS_MAX
    ? labRefusal('ARO-E7020', { max: String(LAB_RESULTS_MAX) })
    : accept(total);
}

/**
 * One result of a save: its sub-test (ARO-E7002 when the test has none of that id), microbiology
 * rows, text, then one value (a finite number or a text; a microbiology sub-test may carry its rows
 * instead: ARO-E7003), unit (else the sub-test's), reference range (else the sub-test's) and
 * interpretation.
 */
function checkLabResult<S extends LabSubTestFacts>(
  entry: LabResultEntry,
  subCode: S,
): LabRuleAnswer<LabCheckedResult<S>> {
  const microbiology = checkLabMicrobiology(entry.microbiology);
  if (!microbiology.ok) {
    return microbiology;
  }
  const valueString = checkLabText(entry.valueString, 'result', LAB_RESULT_TEXT_MAX);
  if (!valueString.ok) {
    return valueString;
  }
  const hasNumber = entry.valueQuantity !== null;
  if (hasNumber && !finite(entry.valueQuantity)) {
    return labRefusal('ARO-E7003');
  }
  // One value, a number or a text; a microbiology sub-test may carry its rows instead.
  if (
    (hasNumber && valueString.value !== null) ||
    (!hasNumber && valueString.value === null && !microbiology.value?.length)
  ) {
    return labRefusal('ARO-E7003');
  }
  const unit = checkLabText(entry.unit, 'unit', LAB_UNIT_MAX);
  if (!unit.ok) {
    return unit;
  }
  const referenceRange =
    entry.referenceRange === null
      ? accept(subCode.referenceRange ?? null)
      : checkLabReferenceRange(entry.referenceRange);
  if (!referenceRange.ok) {
    return referenceRange;
  }
  const interpretation = checkLabText(
    entry.interpretation,
    'interpretation',
    LAB_INTERPRETATION_MAX,
  );
  if (!interpretation.ok) {
    return interpretation;
  }
  return accept({
    subCode,
    valueQuantity: entry.valueQuantity,
    valueString: valueString.value,
    unit: unit.value ?? subCode.unit ?? null,
    referenceRange: referenceRange.value,
    critical: entry.critical ?? false,
    interpretation: interpretation.value,
    microbiology: microbiology.value,
  });
}

/**
 * Every result of one save, checked before anything is written (one bad result refuses the save):
 * 1 to LAB_RESULTS_MAX results, each sub-test once (ARO-E7020), each a sub-test of the report's
 * test (ARO-E7002) with one value (ARO-E7003), texts within their limits (ARO-E7004), a valid
 * reference range (ARO-E7005) and valid microbiology rows (ARO-E7019). The first refusal answers.
 * @param entries - the results as entered, in order
 * @param subCodes - the sub-tests of the report's test
 */
export function checkLabResults<S extends LabSubTestFacts>(
  entries: readonly LabResultEntry[],
  subCodes: readonly S[],
): LabRuleAnswer<LabCheckedResult<S>[]> {
  const tooMany = labRefusal('ARO-E7020', { max: String(LAB_RESULTS_MAX) });
  if (entries.length === 0 || entries.length > LAB_RESULTS_MAX) {
    return tooMany;
  }
  const seen = new Set<string>();
  const checked: LabCheckedResult<S>[] = [];
  for (const entry of entries) {
    const subCode = subCodes.find((sub) => sub.id === entry.subCodeId);
    if (!subCode) {
      return labRefusal('ARO-E7002');
    }
    if (seen.has(subCode.id)) {
      return tooMany;
    }
    seen.add(subCode.id);
    const result = checkLabResult(entry, subCode);
    if (!result.ok) {
      return result;
    }
    checked.push(result.value);
  }
  return accept(checked);
}

/**
 * A size as the texts say it, e.g. '2 MB' or '300 KB'.
 * @param bytes - the size
 */
export function labImageSizeText(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
    : `${Math.ceil(bytes / 1024)} KB`;
}

/**
 * Why a chosen file cannot be a report image, before it is sent (the server checks the bytes
 * again): not a PNG or JPEG file ARO-E7023, empty ARO-E3001, larger than LAB_IMAGE_MAX_BYTES
 * ARO-E7024.
 * @param file - the chosen file's size and type
 */
export function labImageRefusal(file: {
  size: number;
  type: string;
}): 'ARO-E7023' | 'ARO-E3001' | 'ARO-E7024' | null {
  if (!LAB_IMAGE_TYPES.includes(file.type)) {
    return 'ARO-E7023';
  }
  if (file.size === 0) {
    return 'ARO-E3001';
  }
  return file.size > LAB_IMAGE_MAX_BYTES ? 'ARO-E7024' : null;
}
