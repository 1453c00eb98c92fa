import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { LAB_IMPORT_MAX_BYTES } from '@careline/domain/lab-reports';
import { staffOperation } from '../../graphql/staff-auth.ts';
import {
  LAB_IMPORT_MAX_ROWS,
  type LabImportGroup,
  type LabImportRow,
  type LabImportRowError,
} from './lab-results-import.ts';
import {
  importStaffLabResults,
  previewStaffLabResultsImport,
  type LabImportAnswer,
} from './lab-results-import.service.ts';
import { LabReportVersionRef } from './staff-lab-reports.schema.ts';
import { staffLabReportRequest } from './staff-lab-reports.request.ts';
import type { StaffLabReportDeps } from './staff-lab-reports.service.ts';

function deps(ctx: GraphQLContext, organizationId: string | number): StaffLabReportDeps {
  return staffLabReportRequest(ctx, 'labReports.work', organizationId);
}

const FORMAT =
  `The CSV export of a laboratory analyser: a header row is required; columns are found by name, ignoring case and spaces: ` +
  `the sample (Sample ID, SampleID, Sample, Specimen ID or Report ID: the lab report's id, any version of it; the row goes ` +
  `to its current version), the test (Test Code, Test, Parameter, Code or Analyte: a sub-test's id, else its name), the ` +
  `result (Result or Value: a number, or a text; a sub-test with a unit needs a number), optionally Unit or Units (must be ` +
  `the sub-test's unit, ignoring case and spaces) and Flag (H, L, HH, LL, A, N; HH and LL mark it critical). The ` +
  `delimiter is ',', ';' or a tab (the header's); quotes with "" escapes, CRLF, a UTF-8 BOM and blank lines are fine. At ` +
  `most ${LAB_IMPORT_MAX_ROWS} data rows and ${LAB_IMPORT_MAX_BYTES / 1024} KB (ARO-E7026); header ARO-E7027; an unclosed ` +
  `quote ARO-E7028.`;

const LabResultsImportErrorRef = builder
  .objectRef<LabImportRowError>('LabResultsImportError')
  .implement({
    description: "A row's problem: its ARO code and the English text.",
    fields: (t) => ({
      code: t.exposeString('code'),
      message: t.exposeString('message'),
    }),
  });

const LabResultsImportReportRef = builder
  .objectRef<NonNullable<LabImportRow['report']>>('LabResultsImportReport')
  .implement({
    description: 'The report (its current version) a row matched.',
    fields: (t) => ({
      id: t.exposeID('id'),
      revision: t.exposeInt('revision', { description: 'As read for the preview.' }),
      patientName: t.exposeString('patientName'),
      testDisplay: t.exposeString('testDisplay'),
    }),
  });

const LabResultsImportSubTestRef = builder
  .objectRef<NonNullable<LabImportRow['subTest']>>('LabResultsImportSubTest')
  .implement({
    description: 'The sub-test a row matched.',
    fields: (t) => ({
      id: t.exposeID('id'),
      name: t.exposeString('name'),
      unit: t.exposeString('unit', { nullable: true }),
    }),
  });

const LabResultsImportRowRef = builder.objectRef<LabImportRow>('LabResultsImportRow').implement({
  description:
    'A row of the file: what it says, what it matched, the result as it would be saved, and its errors (none: a good row).',
  fields: (t) => ({
    line: t.exposeInt('line', {
      description: "The file's line the row starts on (the header is line 1).",
    }),
    sampleId: t.exposeString('sampleId'),
    test: t.exposeString('test', { description: 'The Test field as given.' }),
    value: t.exposeString('value', { description: 'The Result field as given.' }),
    unit: t.exposeString('unit', { nullable: true, description: 'The Unit field as given.' }),
    flag: t.exposeString('flag', { nullable: true, description: 'The Flag field as given.' }),
    report: t.field({
      type: LabResultsImportReportRef,
      nullable: true,
      resolve: (row) => row.report,
    }),
    subTest: t.field({
      type: LabResultsImportSubTestRef,
      nullable: true,
      resolve: (row) => row.subTest,
    }),
    valueQuantity: t.exposeFloat('valueQuantity', { nullable: true }),
    valueString: t.exposeString('valueString', { nullable: true }),
    interpretation: t.exposeString('interpretation', { nullable: true }),
    critical: t.exposeBoolean('critical'),
    errors: t.field({ type: [LabResultsImportErrorRef], resolve: (row) => row.errors }),
  }),
});

const LabResultsImportGroupRef = builder
  .objectRef<LabImportGroup>('LabResultsImportGroup')
  .implement({
    description: "A report's good rows, written together at the revision the preview showed.",
    fields: (t) => ({
      reportId: t.exposeID('reportId'),
      expectedRevision: t.exposeInt('expectedRevision'),
      lines: t.exposeIntList('lines'),
    }),
  });

const LabResultsImportTotalsRef = builder
  .objectRef<LabImportAnswer['totals']>('LabResultsImportTotals')
  .implement({
    description: 'Rows of the file, good rows, rows with errors.',
    fields: (t) => ({
      rows: t.exposeInt('rows'),
      good: t.exposeInt('good'),
      bad: t.exposeInt('bad'),
    }),
  });

const LabResultsImportRef = builder.objectRef<LabImportAnswer>('LabResultsImport').implement({
  description:
    'A preview of a CSV import, or what an import wrote: every row, the reports per group, the counts.',
  fields: (t) => ({
    rows: t.field({ type: [LabResultsImportRowRef], resolve: (answer) => answer.rows }),
    groups: t.field({
      type: [LabResultsImportGroupRef],
      description:
        'Pass each as expected { reportId, revision: expectedRevision } to staffImportLabResults.',
      resolve: (answer) => answer.groups,
    }),
    totals: t.field({ type: LabResultsImportTotalsRef, resolve: (answer) => answer.totals }),
    reports: t.field({
      type: [LabReportVersionRef],
      description: 'The reports written, as they are now (none in a preview).',
      resolve: (answer) => answer.reports,
    }),
  }),
});

const LabResultsImportExpectedInput = builder.inputType('LabResultsImportExpected', {
  description: "A report of the preview and the revision it showed (a group's expectedRevision).",
  fields: (t) => ({
    reportId: t.id({ required: true }),
    revision: t.int({ required: true }),
  }),
});

builder.queryField('staffPreviewLabResultsImport', (t) =>
  t.field({
    ...staffOperation('labReports.work'),
    type: LabResultsImportRef,
    description: `Previews a CSV import of results; writes nothing. ${FORMAT} Row errors: not a report of this hospital ARO-E7029, verified ARO-E7007, issued ARO-E7011, outsourced ARO-E7022, test ARO-E7030, unit ARO-E7031, not a number ARO-E7032, flag ARO-E7033, the same sample and test again ARO-E7034, fields ARO-E7035, control characters ARO-E7004, and the result rules of staffSaveLabResults. Audited.`,
    args: {
      organizationId: t.arg.id({ required: true }),
      csv: t.arg.string({ required: true, description: "The file's text." }),
    },
    resolve: (_root, args, ctx) =>
      previewStaffLabResultsImport(deps(ctx, args.organizationId), args.csv),
  }),
);

builder.mutationField('staffImportLabResults', (t) =>
  t.field({
    ...staffOperation('labReports.work'),
    type: LabResultsImportRef,
    description:
      'Imports the good rows of a previewed CSV file as draft results, all in one transaction, one revision per report (as ' +
      "staffSaveLabResults, audited the same). A report whose revision is not the preview's, or not in expected: ARO-E7006, " +
      'nothing written (preview again). Bad rows are never written and are answered again with their errors. No good row: ' +
      'ARO-E7036. Audited.',
    args: {
      organizationId: t.arg.id({ required: true }),
      csv: t.arg.string({ required: true, description: 'The same text as previewed.' }),
      expected: t.arg({
        type: [LabResultsImportExpectedInput],
        required: true,
        description: "The preview's groups: each report and its revision.",
      }),
      idempotencyKey: t.arg.string({
        description:
          'One key per submit, reused on retry: a retry gives the first answer and changes nothing more (docs/api-contract.md).',
      }),
    },
    resolve: (_root, args, ctx) =>
      importStaffLabResults(
        deps(ctx, args.organizationId),
        args.csv,
        args.expected.map((entry) => ({
          reportId: String(entry.reportId),
          revision: entry.revision,
        })),
        args.idempotencyKey ?? null,
      ),
  }),
);
