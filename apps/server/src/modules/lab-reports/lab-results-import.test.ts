import { LAB_IMPORT_MAX_BYTES } from '@careline/domain/lab-reports';
import { describe, expect, it } from 'vitest';
import {
  LAB_IMPORT_MAX_ROWS,
  columnKey,
  detectDelimiter,
  importedFlag,
  importedNumber,
  matchLabImportRows,
  parseCsv,
  readLabImportRows,
  sameUnit,
  type LabImportReport,
  type LabImportRowError,
} from './lab-results-import.ts';

const codeOf = (fn: () => unknown): string | null => {
  try {
    fn();
    return null;
  } catch (error) {
    return (error as Error).message.split(':')[0] ?? null;
  }
};

describe('parseCsv', () => {
  it('reads quoted fields with "" escapes, delimiters and line breaks inside quotes', () => {
    const { records, delimiter } = parseCsv('a,b,c\n"x, y","say ""hi""","two\nlines"\n');
    expect(delimiter).toBe(',');
    expect(records).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['x, y', 'say "hi"', 'two\nlines'] },
    ]);
  });

  it('drops a BOM, takes CRLF and lone CR, skips blank lines and counts lines after a quoted break', () => {
    const { records } = parseCsv('\uFEFFa;b\r\n\r\n1;"p\r\nq"\r\n\r\n2;3\r4;5');
    expect(records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 3, cells: ['1', 'p\r\nq'] },
      { line: 6, cells: ['2', '3'] },
      { line: 7, cells: ['4', '5'] },
    ]);
  });

  it('keeps empty fields, and a record of empty quoted fields', () => {
    expect(parseCsv('a,b\n,\n""').records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['', ''] },
      { line: 3, cells: [''] },
    ]);
  });

  it('keeps a quote inside an unquoted field as it is', () => {
    expect(parseCsv('a,b\n5"x,y').records[1]?.cells).toEqual(['5"x', 'y']);
  });

  it('refuses a quote that is never closed, naming its line (ARO-E7028)', () => {
    expect(() => parseCsv('a,b\n1,2\n3,"open\nmore')).toThrow(
      'ARO-E7028:The CSV file could not be read: the quoted field that starts on line 3 is not closed',
    );
  });
});

describe('detectDelimiter', () => {
  it.each([
    ['Sample ID,Test,Result', ','],
    ['Sample ID;Test;Result', ';'],
    ['Sample ID\tTest\tResult', '\t'],
    ['"a;b",c,d', ','],
    ['Result', ','],
  ])('%j → %j', (header, delimiter) => {
    expect(detectDelimiter(header)).toBe(delimiter);
  });
});

describe('readLabImportRows', () => {
  it('finds the columns by their common analyser names, ignoring case and spaces', () => {
    expect(columnKey(' Specimen_ID ')).toBe('specimenid');
    const rows = readLabImportRows(
      'specimen id\tANALYTE\tvalue\tUnits\tflag\nS1\tHb\t12.5\tg/dL\tH\n',
    );
    expect(rows).toEqual([
      { line: 2, sampleId: 'S1', test: 'Hb', value: '12.5', unit: 'g/dL', flag: 'H', errors: [] },
    ]);
  });

  it('prefers the first name of a field, and leaves unit and flag null when absent', () => {
    const rows = readLabImportRows('Sample,Code,Test Code,Result\nS1,X,HB,7\n');
    expect(rows[0]).toMatchObject({
      sampleId: 'S1',
      test: 'HB',
      value: '7',
      unit: null,
      flag: null,
    });
  });

  it('needs the sample, test and result columns (ARO-E7027)', () => {
    expect(() => readLabImportRows('Sample ID,Result\nS1,5')).toThrow(
      'ARO-E7027:The CSV file needs a header row with the columns Sample ID, Test Code, Result',
    );
    expect(codeOf(() => readLabImportRows(''))).toBe('ARO-E7027');
    expect(codeOf(() => readLabImportRows('\n\n'))).toBe('ARO-E7027');
  });

  it('marks a row with more or fewer fields than the header, but not trailing empty ones', () => {
    const rows = readLabImportRows('Sample ID,Test,Result\nS1,Hb\nS2,Hb,5,,\nS3,Hb,5,x\n');
    expect(rows.map((row) => row.errors.map((e) => e.code))).toEqual([
      ['ARO-E7035'],
      [],
      ['ARO-E7035'],
    ]);
    expect(rows[0]?.errors[0]?.message).toBe('This row has 2 fields, but the header has 3');
  });

  it('refuses control characters and over-long fields in a row', () => {
    const rows = readLabImportRows(
      `Sample ID,Test,Result\nS1,Hb,"a\nb"\nS2,Hb,${'x'.repeat(501)}\n`,
    );
    expect(rows[0]?.errors).toEqual([
      {
        code: 'ARO-E7004',
        message: 'The Result can have at most 500 characters and no control characters',
      },
    ]);
    expect(rows[0]?.value).toBe('a\uFFFDb');
    expect(rows[1]?.errors[0]?.code).toBe('ARO-E7004');
    expect(rows[1]?.value).toBe(`${'x'.repeat(500)}…`);
  });

  it(`takes ${LAB_IMPORT_MAX_ROWS} rows and ${LAB_IMPORT_MAX_BYTES / 1024} KB, and refuses more (ARO-E7026)`, () => {
    const header = 'Sample ID,Test,Result\n';
    const rows = (n: number) => header + 'S,T,1\n'.repeat(n);
    expect(readLabImportRows(rows(LAB_IMPORT_MAX_ROWS))).toHaveLength(LAB_IMPORT_MAX_ROWS);
    expect(() => readLabImportRows(rows(LAB_IMPORT_MAX_ROWS + 1))).toThrow(
      'ARO-E7026:The CSV file can have at most 2000 result rows and 512 KB of text',
    );
    const big = header + 'S,T,' + 'x'.repeat(LAB_IMPORT_MAX_BYTES);
    expect(codeOf(() => readLabImportRows(big))).toBe('ARO-E7026');
    // Counted in UTF-8 bytes: Sinhala letters take three each.
    const sinhala = header + 'S,T,' + 'අ'.repeat(Math.ceil(LAB_IMPORT_MAX_BYTES / 3));
    expect(codeOf(() => readLabImportRows(sinhala))).toBe('ARO-E7026');
  });
});

describe('values', () => {
  it.each([
    ['12.5', 12.5],
    ['-3', -3],
    ['+4.', 4],
    ['.5', 0.5],
    ['1e3', 1000],
    ['12,5', null],
    ['<0.5', null],
    ['Negative', null],
    ['1.2.3', null],
    ['', null],
    ['Infinity', null],
    ['1e999', null],
  ])('importedNumber(%j) = %j', (text, number) => {
    expect(importedNumber(text)).toBe(number);
  });

  it('compares units ignoring case and spaces', () => {
    expect(sameUnit('G / dl', 'g/dL')).toBe(true);
    expect(sameUnit('mg/dL', 'g/dL')).toBe(false);
    expect(sameUnit('g/dL', null)).toBe(false);
  });

  it('reads the flags; HH and LL are critical', () => {
    expect(importedFlag(null)).toEqual({ interpretation: null, critical: false });
    expect(importedFlag('h')).toEqual({ interpretation: 'H', critical: false });
    expect(importedFlag('LL')).toEqual({ interpretation: 'LL', critical: true });
    expect(importedFlag('HH')).toEqual({ interpretation: 'HH', critical: true });
    expect(importedFlag('N')).toEqual({ interpretation: 'N', critical: false });
    expect(importedFlag('X')).toBeNull();
  });
});

describe('matchLabImportRows', () => {
  const report = (id: string, fields: Partial<LabImportReport> = {}): LabImportReport => ({
    id,
    revision: 3,
    patientName: 'Mr. Kamal Perera',
    testDisplay: 'Full Blood Count',
    locked: null,
    subTests: [
      { id: 'sub-hb', name: 'Haemoglobin', unit: 'g/dL' },
      { id: 'sub-wbc', name: 'White  Cell Count', unit: '10^9/L' },
      { id: 'sub-note', name: 'Comment', unit: null },
    ],
    ...fields,
  });
  const reports = new Map([
    ['r1', report('r1')],
    ['r2', report('r2', { locked: { code: 'ARO-E7011', message: 'issued' } })],
    ['r3', report('r3', { revision: 1 })],
  ]);
  const preview = (csv: string, check: () => LabImportRowError | null = () => null) =>
    matchLabImportRows(readLabImportRows(csv), (id) => reports.get(id) ?? null, check);

  it('matches sub-tests by id, then by name ignoring case and spaces, and groups good rows', () => {
    const result = preview(
      'Sample ID,Test,Result,Unit,Flag\n' +
        'r1,SUB-HB,17.9,g/dL,HH\n' +
        'r1,white cell count,7.2,,\n' +
        'r3,Comment,Slightly haemolysed,,A\n' +
        'r1,comment,Fine,,\n',
    );
    expect(result.totals).toEqual({ rows: 4, good: 4, bad: 0 });
    expect(result.groups).toEqual([
      { reportId: 'r1', expectedRevision: 3, lines: [2, 3, 5] },
      { reportId: 'r3', expectedRevision: 1, lines: [4] },
    ]);
    expect(result.rows[0]).toMatchObject({
      report: {
        id: 'r1',
        revision: 3,
        patientName: 'Mr. Kamal Perera',
        testDisplay: 'Full Blood Count',
      },
      subTest: { id: 'sub-hb', name: 'Haemoglobin' },
      valueQuantity: 17.9,
      valueString: null,
      interpretation: 'HH',
      critical: true,
      errors: [],
    });
    expect(result.rows[2]).toMatchObject({
      valueQuantity: null,
      valueString: 'Slightly haemolysed',
      interpretation: 'A',
    });
  });

  it('reports every bad row with its code and keeps it in the answer', () => {
    const result = preview(
      'Sample ID,Test,Result,Unit,Flag\n' +
        'nope,Haemoglobin,12,,\n' + // 2 unknown sample
        'r2,Haemoglobin,12,,\n' + // 3 issued report
        'r1,Platelets,250,,\n' + // 4 unknown test
        'r1,Haemoglobin,12,mg/dL,\n' + // 5 unit mismatch
        'r1,White Cell Count,7;2,,\n' + // 6 not a number
        'r1,Comment,ok,,Z\n' + // 7 bad flag
        'r3,Haemoglobin,12,,\n' + // 8 good
        'r3,haemoglobin,13,,\n' + // 9 duplicate of line 8
        ',Haemoglobin,12,,\n', // 10 no sample
    );
    expect(result.rows.map((row) => [row.line, row.errors.map((e) => e.code)])).toEqual([
      [2, ['ARO-E7029']],
      [3, ['ARO-E7011']],
      [4, ['ARO-E7030']],
      [5, ['ARO-E7031']],
      [6, ['ARO-E7032']],
      [7, ['ARO-E7033']],
      [8, []],
      [9, ['ARO-E7034']],
      [10, ['ARO-E7029']],
    ]);
    expect(result.rows[0]?.errors[0]?.message).toBe(
      'No lab report of this hospital has the sample ID nope',
    );
    expect(result.rows[3]?.errors[0]?.message).toBe(
      'The unit mg/dL is not the unit of this sub-test (g/dL)',
    );
    expect(result.rows[7]?.errors[0]?.message).toBe(
      'This sample already has a result of this test on line 8',
    );
    expect(result.totals).toEqual({ rows: 9, good: 1, bad: 8 });
    expect(result.groups).toEqual([{ reportId: 'r3', expectedRevision: 1, lines: [8] }]);
  });

  it("adds the save's own rule errors to rows that are otherwise good", () => {
    const result = preview('Sample ID,Test,Result\nr1,Comment,\nr1,Haemoglobin,12\n', () => ({
      code: 'ARO-E7003',
      message: 'Enter one result for each sub-test: a number or a text',
    }));
    expect(result.rows.map((row) => row.errors.map((e) => e.code))).toEqual([
      ['ARO-E7003'],
      ['ARO-E7003'],
    ]);
    expect(result.groups).toEqual([]);
  });
});
