import { describe, expect, it } from 'vitest';
import {
  LAB_IMAGE_MAX_BYTES,
  LAB_IMPORT_MAX_BYTES,
  LAB_INTERPRETATION_MAX,
  LAB_MICROBIOLOGY_ROWS_MAX,
  LAB_MICROBIOLOGY_TEXT_MAX,
  LAB_NOTES_MAX,
  LAB_REASON_MAX,
  LAB_RESULTS_MAX,
  LAB_RESULT_TEXT_MAX,
  LAB_UNIT_MAX,
  checkLabCorrectionReason,
  checkLabMicrobiology,
  checkLabNotes,
  checkLabReferenceRange,
  checkLabResultTotal,
  checkLabResults,
  checkLabText,
  labImageRefusal,
  labImageSizeText,
  labRefusal,
  type LabMicrobiologyEntry,
  type LabRangeEntry,
  type LabResultEntry,
  type LabRuleAnswer,
  type LabStoredRange,
} from './result-rules.ts';

/** The code a check refused with, or 'ok' and the value kept. */
function outcome<T>(answer: LabRuleAnswer<T>): string | ['ok', T] {
  return answer.ok ? ['ok', answer.value] : answer.error;
}

describe('the limits (ours, issue 11)', () => {
  it.each([
    ['results per report', LAB_RESULTS_MAX, 100],
    ['text result', LAB_RESULT_TEXT_MAX, 500],
    ['unit', LAB_UNIT_MAX, 32],
    ['interpretation', LAB_INTERPRETATION_MAX, 8],
    ['notes', LAB_NOTES_MAX, 4000],
    ['correction reason', LAB_REASON_MAX, 500],
    ['microbiology rows', LAB_MICROBIOLOGY_ROWS_MAX, 60],
    ['microbiology text', LAB_MICROBIOLOGY_TEXT_MAX, 200],
    ['report image bytes', LAB_IMAGE_MAX_BYTES, 2 * 1024 * 1024],
    ['results CSV bytes', LAB_IMPORT_MAX_BYTES, 512 * 1024],
  ])('%s: %i', (_name, limit, value) => {
    expect(limit).toBe(value);
  });
});

describe('checkLabText', () => {
  it.each<[string | null | undefined, number, string | ['ok', string | null]]>([
    [null, 8, ['ok', null]],
    [undefined, 8, ['ok', null]],
    ['  ', 8, ['ok', null]],
    ['  g/dL ', 8, ['ok', 'g/dL']],
    ['12345678', 8, ['ok', '12345678']],
    ['123456789', 8, 'ARO-E7004:The unit can have at most 8 characters and no control characters'],
    ['g\u0000L', 8, 'ARO-E7004:The unit can have at most 8 characters and no control characters'],
    ['a\tb', 8, 'ARO-E7004:The unit can have at most 8 characters and no control characters'],
  ])('%j (max %i) → %j', (value, max, expected) => {
    expect(outcome(checkLabText(value, 'unit', max))).toEqual(expected);
  });
});

describe('checkLabNotes', () => {
  const refused = `ARO-E7004:The notes can have at most ${LAB_NOTES_MAX} characters and no control characters`;
  it.each<[string | null | undefined, string | ['ok', string | null]]>([
    [null, ['ok', null]],
    [' ', ['ok', null]],
    [' Fasting sample.\nRepeat in 3 months. ', ['ok', 'Fasting sample.\nRepeat in 3 months.']],
    ['Line one\r\nLine two', ['ok', 'Line one\r\nLine two']],
    ['x'.repeat(LAB_NOTES_MAX), ['ok', 'x'.repeat(LAB_NOTES_MAX)]],
    ['x'.repeat(LAB_NOTES_MAX + 1), refused],
    ['a\tb', refused],
    ['a\u0007b', refused],
  ])('%j → %j', (value, expected) => {
    expect(outcome(checkLabNotes(value))).toEqual(expected);
  });
});

describe('checkLabCorrectionReason', () => {
  const refused = `ARO-E7018:Enter the reason for the correction, at most ${LAB_REASON_MAX} characters`;
  it.each<[string, string | ['ok', string]]>([
    [' Wrong unit on Hb ', ['ok', 'Wrong unit on Hb']],
    ['x'.repeat(LAB_REASON_MAX), ['ok', 'x'.repeat(LAB_REASON_MAX)]],
    ['', refused],
    ['   ', refused],
    ['x'.repeat(LAB_REASON_MAX + 1), refused],
    ['a\nb', refused],
  ])('%j → %j', (reason, expected) => {
    expect(outcome(checkLabCorrectionReason(reason))).toEqual(expected);
  });
});

describe('checkLabReferenceRange', () => {
  const invalid =
    'ARO-E7005:Enter a valid reference range: a low and a high value, or a comparator (>, >=, <, <=) and a value';
  it.each<[LabRangeEntry | null, string | ['ok', LabStoredRange | null]]>([
    [null, ['ok', null]],
    [{ low: 11.5, high: 16.5 }, ['ok', { low: 11.5, high: 16.5 }]],
    [
      { low: 4, high: 4, comparator: null, value: null, text: ' adult ' },
      ['ok', { low: 4, high: 4, text: 'adult' }],
    ],
    [{ comparator: '<', value: 200 }, ['ok', { comparator: '<', value: 200 }]],
    [
      { comparator: '>=', value: 40, low: null, high: null, text: '' },
      ['ok', { comparator: '>=', value: 40 }],
    ],
    [{ text: 'Negative' }, ['ok', { text: 'Negative' }]],
    [{ low: null, high: null, comparator: null, value: null, text: null }, ['ok', null]],
    [{}, ['ok', null]],
    [{ low: 16.5, high: 11.5 }, invalid],
    [{ low: 1 }, invalid],
    [{ low: 1, high: Number.POSITIVE_INFINITY }, invalid],
    [{ low: 1, high: 2, value: 3 }, invalid],
    [{ low: 1, high: 2, comparator: '<' }, invalid],
    [{ comparator: '=', value: 2 }, invalid],
    [{ comparator: '<' }, invalid],
    [{ comparator: '<', value: 2, low: 1 }, invalid],
    [{ value: 2 }, invalid],
    [
      { text: 'x'.repeat(LAB_UNIT_MAX * 2 + 1) },
      `ARO-E7004:The reference range can have at most ${LAB_UNIT_MAX * 2} characters and no control characters`,
    ],
  ])('%j → %j', (range, expected) => {
    expect(outcome(checkLabReferenceRange(range))).toEqual(expected);
  });
});

describe('checkLabMicrobiology', () => {
  const refused = `ARO-E7019:Each organism and antibiotic row needs a name, and a result of at most ${LAB_MICROBIOLOGY_TEXT_MAX} characters`;
  const organism: LabMicrobiologyEntry = {
    category: 'organism',
    name: ' E. coli ',
    definitionId: 'organism-1',
  };
  const antibiotic: LabMicrobiologyEntry = {
    category: 'antibiotic',
    name: 'Ampicillin',
    result: ' R ',
    organismDefinitionId: 'organism-1',
    comment: '  ',
  };
  it.each<[string, LabMicrobiologyEntry[] | null, string | ['ok', unknown]]>([
    ['none', null, ['ok', null]],
    ['no rows', [], ['ok', []]],
    [
      'an organism and its antibiotic, trimmed',
      [organism, antibiotic],
      [
        'ok',
        [
          {
            category: 'organism',
            name: 'E. coli',
            result: null,
            definitionId: 'organism-1',
            organismDefinitionId: null,
            comment: null,
          },
          {
            category: 'antibiotic',
            name: 'Ampicillin',
            result: 'R',
            definitionId: null,
            organismDefinitionId: 'organism-1',
            comment: null,
          },
        ],
      ],
    ],
    ['another category', [{ category: 'virus', name: 'X' }], refused],
    ['no name', [{ category: 'organism', name: '  ' }], refused],
    [
      'a long result',
      [{ ...antibiotic, result: 'x'.repeat(LAB_MICROBIOLOGY_TEXT_MAX + 1) }],
      refused,
    ],
    ['a control character', [{ ...organism, comment: 'a\u0000b' }], refused],
    [
      'too many rows',
      Array.from({ length: LAB_MICROBIOLOGY_ROWS_MAX + 1 }, () => organism),
      refused,
    ],
  ])('%s', (_name, rows, expected) => {
    expect(outcome(checkLabMicrobiology(rows))).toEqual(expected);
  });

  it(`takes ${LAB_MICROBIOLOGY_ROWS_MAX} rows`, () => {
    const answer = checkLabMicrobiology(
      Array.from({ length: LAB_MICROBIOLOGY_ROWS_MAX }, () => organism),
    );
    expect(answer.ok && answer.value?.length).toBe(LAB_MICROBIOLOGY_ROWS_MAX);
  });
});

describe('checkLabResults', () => {
  const hb = {
    id: 'sub-hb',
    name: 'Haemoglobin',
    unit: 'g/dL',
    referenceRange: { low: 11.5, high: 16.5 },
  };
  const culture = { id: 'sub-culture', name: 'Culture', unit: null, referenceRange: null };
  const subCodes = [hb, culture];
  const entry = (change: Partial<LabResultEntry> = {}): LabResultEntry => ({
    subCodeId: 'sub-hb',
    valueQuantity: 13.2,
    valueString: null,
    unit: null,
    referenceRange: null,
    critical: null,
    interpretation: null,
    microbiology: null,
    ...change,
  });
  const tooMany = `ARO-E7020:A report can have at most ${LAB_RESULTS_MAX} results, and each sub-test only once in a save`;
  const oneValue = 'ARO-E7003:Enter one result for each sub-test: a number or a text';

  it('keeps a number with the sub-test’s unit and range, and critical false when unset', () => {
    expect(checkLabResults([entry()], subCodes)).toEqual({
      ok: true,
      value: [
        {
          subCode: hb,
          valueQuantity: 13.2,
          valueString: null,
          unit: 'g/dL',
          referenceRange: { low: 11.5, high: 16.5 },
          critical: false,
          interpretation: null,
          microbiology: null,
        },
      ],
    });
  });

  it('keeps a text, its own unit, range and interpretation, and microbiology rows', () => {
    const answer = checkLabResults(
      [
        entry({
          subCodeId: 'sub-culture',
          valueQuantity: null,
          valueString: ' Growth ',
          unit: ' cfu/mL ',
          referenceRange: { text: 'No growth' },
          critical: true,
          interpretation: ' A ',
          microbiology: [{ category: 'organism', name: 'E. coli' }],
        }),
      ],
      subCodes,
    );
    expect(answer.ok && answer.value[0]).toMatchObject({
      subCode: culture,
      valueString: 'Growth',
      unit: 'cfu/mL',
      referenceRange: { text: 'No growth' },
      critical: true,
      interpretation: 'A',
      microbiology: [{ category: 'organism', name: 'E. coli' }],
    });
  });

  it.each<[string, LabResultEntry[], string]>([
    ['no result', [], tooMany],
    ['more than the limit', Array.from({ length: LAB_RESULTS_MAX + 1 }, () => entry()), tooMany],
    [
      'a sub-test of another test',
      [entry({ subCodeId: 'sub-other' })],
      'ARO-E7002:Choose a sub-test of this lab test',
    ],
    ['a sub-test twice', [entry(), entry({ valueQuantity: 14 })], tooMany],
    ['a number and a text', [entry({ valueString: 'High' })], oneValue],
    ['neither', [entry({ valueQuantity: null })], oneValue],
    ['not a finite number', [entry({ valueQuantity: Number.NaN })], oneValue],
    [
      'a long text result',
      [entry({ valueQuantity: null, valueString: 'x'.repeat(LAB_RESULT_TEXT_MAX + 1) })],
      `ARO-E7004:The result can have at most ${LAB_RESULT_TEXT_MAX} characters and no control characters`,
    ],
    [
      'a long unit',
      [entry({ unit: 'x'.repeat(LAB_UNIT_MAX + 1) })],
      `ARO-E7004:The unit can have at most ${LAB_UNIT_MAX} characters and no control characters`,
    ],
    [
      'a bad range',
      [entry({ referenceRange: { low: 2, high: 1 } })],
      'ARO-E7005:Enter a valid reference range: a low and a high value, or a comparator (>, >=, <, <=) and a value',
    ],
    [
      'a long interpretation',
      [entry({ interpretation: 'x'.repeat(LAB_INTERPRETATION_MAX + 1) })],
      `ARO-E7004:The interpretation can have at most ${LAB_INTERPRETATION_MAX} characters and no control characters`,
    ],
    [
      'bad microbiology rows, checked before the value',
      [entry({ valueQuantity: null, microbiology: [{ category: 'organism', name: '' }] })],
      `ARO-E7019:Each organism and antibiotic row needs a name, and a result of at most ${LAB_MICROBIOLOGY_TEXT_MAX} characters`,
    ],
    [
      'the first bad result answers',
      [entry({ unit: 'x'.repeat(LAB_UNIT_MAX + 1) }), entry({ subCodeId: 'sub-other' })],
      `ARO-E7004:The unit can have at most ${LAB_UNIT_MAX} characters and no control characters`,
    ],
  ])('refuses %s', (_name, entries, expected) => {
    expect(outcome(checkLabResults(entries, subCodes))).toBe(expected);
  });

  it('refuses a report holding more than the limit', () => {
    expect(outcome(checkLabResultTotal(LAB_RESULTS_MAX))).toEqual(['ok', LAB_RESULTS_MAX]);
    expect(outcome(checkLabResultTotal(LAB_RESULTS_MAX + 1))).toBe(tooMany);
  });
});

describe('labRefusal', () => {
  it('carries the code, its values and the rendered text', () => {
    expect(labRefusal('ARO-E7020', { max: '100' })).toEqual({
      ok: false,
      code: 'ARO-E7020',
      vars: { max: '100' },
      error:
        'ARO-E7020:A report can have at most 100 results, and each sub-test only once in a save',
    });
  });
});

describe('report images (issue 11: PNG or JPEG, size-limited)', () => {
  it.each<[string, number, ReturnType<typeof labImageRefusal>]>([
    ['image/png', 1024, null],
    ['image/jpeg', LAB_IMAGE_MAX_BYTES, null],
    ['image/jpeg', LAB_IMAGE_MAX_BYTES + 1, 'ARO-E7024'],
    ['image/png', 0, 'ARO-E3001'],
    ['image/svg+xml', 1024, 'ARO-E7023'],
    ['image/gif', 1024, 'ARO-E7023'],
    ['image/webp', 1024, 'ARO-E7023'],
    ['application/pdf', 1024, 'ARO-E7023'],
    ['', 1024, 'ARO-E7023'],
  ])('%s of %i bytes → %s', (type, size, expected) => {
    expect(labImageRefusal({ type, size })).toBe(expected);
  });

  it.each([
    [LAB_IMAGE_MAX_BYTES, '2 MB'],
    [LAB_IMPORT_MAX_BYTES, '512 KB'],
    [300 * 1024, '300 KB'],
    [1536 * 1024, '1.5 MB'],
    [1000, '1 KB'],
  ])('%i bytes read %s', (bytes, text) => {
    expect(labImageSizeText(bytes)).toBe(text);
  });
});
