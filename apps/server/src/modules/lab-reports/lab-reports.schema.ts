import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { patientOperation } from '../../graphql/patient-auth.ts';
import type { MicrobiologyRow, ReferenceRange } from '../../db/schema/index.ts';
import { requireViewer } from '../../graphql/patient-auth.ts';
import { ServiceRequestRef } from '../orders/orders.schema.ts';
import type { ObservationRow, ReportSubCodeRow } from './lab-reports.repo.ts';
import {
  listOrderReports,
  listPatientReports,
  markPatientReportSeen,
  patientObservations,
  readIssuedReport,
  readPatientReport,
  readReportCode,
  subscribeIssuedReports,
  type PatientReportView,
  type ReportCodeView,
} from './lab-reports.service.ts';

function owner(ctx: GraphQLContext): { tenantId: string; accountId: string } {
  return { tenantId: ctx.tenant.id, accountId: requireViewer(ctx).accountId };
}

export const ReferenceRangeRef = builder.objectRef<ReferenceRange>('ReferenceRange').implement({
  description:
    'A reference range (spec doc 3 §3): low–high, or a comparator (>, >=, <, <=) and a value; text is a free-text range.',
  fields: (t) => ({
    low: t.float({ nullable: true, resolve: (range) => range.low ?? null }),
    high: t.float({ nullable: true, resolve: (range) => range.high ?? null }),
    comparator: t.string({ nullable: true, resolve: (range) => range.comparator ?? null }),
    value: t.float({ nullable: true, resolve: (range) => range.value ?? null }),
    text: t.string({ nullable: true, resolve: (range) => range.text ?? null }),
  }),
});

export const MicrobiologyRowRef = builder.objectRef<MicrobiologyRow>('MicrobiologyRow').implement({
  description:
    'A row of the antibiogram (spec doc 3 §3 Print report results): an organism, or an antibiotic tested against one.',
  fields: (t) => ({
    category: t.exposeString('category', { description: 'organism or antibiotic.' }),
    name: t.exposeString('name'),
    result: t.string({ nullable: true, resolve: (row) => row.result ?? null }),
    definitionId: t.string({ nullable: true, resolve: (row) => row.definitionId ?? null }),
    organismDefinitionId: t.string({
      nullable: true,
      description: "On an antibiotic row: the organism's definitionId.",
      resolve: (row) => row.organismDefinitionId ?? null,
    }),
    comment: t.string({ nullable: true, resolve: (row) => row.comment ?? null }),
  }),
});

const ValueQuantityRef = builder
  .objectRef<{ value: number | null; unit: string | null }>('ValueQuantity')
  .implement({
    description: 'A numeric result with its unit (spec doc 3 §3 valueQuantity.unit).',
    fields: (t) => ({
      value: t.exposeFloat('value', { nullable: true }),
      unit: t.exposeString('unit', { nullable: true }),
    }),
  });

/** One sub-test's result (spec doc 3 §3 Diagnostic observation). */
export const DiagnosticObservationRef = builder
  .objectRef<ObservationRow>('DiagnosticObservation')
  .implement({
    description:
      "One sub-test's result in one report (spec doc 3 §3 Diagnostic observation). Only final ones are charted.",
    fields: (t) => ({
      id: t.exposeID('id'),
      diagnosticReportId: t.exposeID('diagnosticReportId', { nullable: true }),
      diagnosticReportCodeId: t.exposeID('diagnosticReportCodeId', { nullable: true }),
      status: t.exposeString('status', {
        description: 'preliminary while a draft, final once verified, entered_in_error.',
      }),
      createdTime: t.expose('createdTime', { type: 'DateTime' }),
      code: t.string({
        nullable: true,
        description: "The sub-test's id (a SubDiagnosticReportCodes id).",
        resolve: (o) => o.code,
      }),
      display: t.string({
        nullable: true,
        description: "The sub-test's name.",
        resolve: (o) => o.codeDisplay,
      }),
      valueString: t.exposeString('valueString', { nullable: true }),
      valueQuantity: t.field({
        type: ValueQuantityRef,
        nullable: true,
        resolve: (o) =>
          o.valueQuantity === null && o.unit === null
            ? null
            : { value: o.valueQuantity, unit: o.unit },
      }),
      referenceRange: t.field({
        type: ReferenceRangeRef,
        nullable: true,
        resolve: (o) => o.referenceRange,
      }),
      critical: t.exposeBoolean('critical', {
        description: 'The laboratory marked it critical (printed bold).',
      }),
      interpretation: t.exposeString('interpretation', { nullable: true }),
      parameterOrder: t.exposeInt('parameterOrder', { nullable: true }),
      subTestClassification: t.exposeString('subTestClassification', {
        nullable: true,
        description: 'UNCLASSIFIED when null (spec doc 3 §3 Grouping).',
      }),
      microbiology: t.field({
        type: [MicrobiologyRowRef],
        nullable: true,
        resolve: (o) => o.microbiology,
      }),
      basedOn: t.stringList({ resolve: (o) => o.basedOn }),
      subject: t.string({
        description: "'Patient/{id}'.",
        resolve: (o) => `Patient/${o.patientId}`,
      }),
    }),
  });

const CodingRef = builder
  .objectRef<{ display: string; code: string }>('DiagnosticReportCoding')
  .implement({
    fields: (t) => ({ display: t.exposeString('display'), code: t.exposeString('code') }),
  });

const CodeableRef = builder
  .objectRef<{ coding: { display: string; code: string }[] }>('DiagnosticReportCodeableConcept')
  .implement({
    fields: (t) => ({ coding: t.field({ type: [CodingRef], resolve: (code) => code.coding }) }),
  });

/** The patient's report (spec doc 3 §3 Diagnostic report). */
export const DiagnosticReportRef = builder
  .objectRef<PatientReportView>('DiagnosticReport')
  .implement({
    description:
      'A lab report as the patient sees it (spec doc 3 §3): the latest issued version. observations is empty when the report is ' +
      "outsourced ('Online view facility is not available') or its payment is pending ('Payment is pending').",
    fields: (t) => ({
      id: t.exposeID('id'),
      code: t.field({
        type: CodeableRef,
        description: 'code.coding.0: display and code.',
        resolve: (r) => ({ coding: [{ display: r.codeDisplay, code: r.codeCode }] }),
      }),
      diagnosticReportCodeId: t.exposeID('diagnosticReportCodeId', { nullable: true }),
      status: t.exposeString('status', {
        description: 'final, or amended for a corrected version.',
      }),
      patientId: t.exposeID('patientId'),
      subject: t.string({ resolve: (r) => `Patient/${r.patientId}` }),
      organizationId: t.exposeID('organizationId', { nullable: true }),
      serviceRequestId: t.exposeID('serviceRequestId', {
        nullable: true,
        description: 'The lab order, when the report has one.',
      }),
      diagnosticReportCodeType: t.exposeString('diagnosticReportCodeType'),
      diagnosticReportOutsourcedType: t.exposeString('diagnosticReportOutsourcedType', {
        nullable: true,
        description: 'external when outsourced.',
      }),
      diagnosticReportSensitive: t.exposeBoolean('diagnosticReportSensitive'),
      patientCreditStatus: t.exposeString('patientCreditStatus', {
        nullable: true,
        description: 'pending disables the Result button.',
      }),
      summaryStatus: t.exposeString('summaryStatus', {
        nullable: true,
        description: 'print_ready, report or issued (issued: the RP mark).',
      }),
      diagnosticReportPaymentStatus: t.exposeString('diagnosticReportPaymentStatus', {
        nullable: true,
      }),
      diagnosticReportVerifiedTime: t.expose('diagnosticReportVerifiedTime', {
        type: 'DateTime',
        nullable: true,
      }),
      purpose: t.exposeString('purpose', { nullable: true }),
      seriesId: t.string({
        description: "The report's first version's id (the same for every version).",
        resolve: (r) => r.seriesId ?? r.id,
      }),
      version: t.exposeInt('version', {
        description: 'From 1; a correction after issue is the next version.',
      }),
      issuedAt: t.expose('issuedAt', { type: 'DateTime', nullable: true }),
      notes: t.exposeString('notes', { nullable: true }),
      lastSeen: t.expose('lastSeenAt', { type: 'DateTime', nullable: true }),
      createdTime: t.expose('createdAt', { type: 'DateTime' }),
      observations: t.field({ type: [DiagnosticObservationRef], resolve: (r) => r.observations }),
    }),
  });

export const SubCodeRef = builder.objectRef<ReportSubCodeRow>('SubDiagnosticReportCode').implement({
  description: 'A sub-test of a lab test (spec doc 3 §3 SubDiagnosticReportCodes).',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    parameterOrder: t.exposeInt('parameterOrder'),
    subTestClassification: t.exposeString('subTestClassification'),
    unit: t.exposeString('unit', { nullable: true }),
    referenceRange: t.field({
      type: ReferenceRangeRef,
      nullable: true,
      resolve: (sub) => sub.referenceRange,
    }),
  }),
});

const ReportCodeRef = builder.objectRef<ReportCodeView>('DiagnosticReportCode').implement({
  description: 'A lab test (spec doc 3 §3 Diagnostic report code): qualitative hides the chart.',
  fields: (t) => ({
    id: t.exposeID('id'),
    code: t.exposeString('code'),
    name: t.exposeString('display'),
    display: t.exposeString('display'),
    system: t.exposeString('system'),
    enabled: t.exposeBoolean('enabled'),
    resultValueType: t.exposeString('resultValueType', {
      description: 'qualitative or quantitative.',
    }),
    SubDiagnosticReportCodes: t.field({ type: [SubCodeRef], resolve: (code) => code.subCodes }),
  }),
});

builder.objectFields(ServiceRequestRef, (t) => ({
  diagnosticReports: t.field({
    type: [DiagnosticReportRef],
    description:
      "The lab order's reports as the patient sees them (issue 30 §1: the order screen links to its report): of each its " +
      'latest issued version (status amended for a corrected one), newest first; empty before one is issued. Each names ' +
      'its order in serviceRequestId.',
    resolve: (order, _args, ctx) => listOrderReports(ctx.database.db, owner(ctx), order.id),
  }),
}));

builder.queryField('diagnosticReports', (t) =>
  t.field({
    ...patientOperation,
    type: [DiagnosticReportRef],
    description:
      "The lab reports of one of the account's profiles, newest first: of each report its latest issued version (drafts and " +
      'corrections in progress are not shown). Purpose Administration and sensitive reports are left out (as orders, spec doc 3 ' +
      "§7). Another account's profile gives no rows.",
    args: {
      patientId: t.arg.id({ required: true }),
      code: t.arg.stringList({
        description: 'Lab tests: DiagnosticReportCode ids or codes (00000001); unset: all.',
      }),
    },
    resolve: (_root, args, ctx) =>
      listPatientReports(ctx.database.db, owner(ctx), String(args.patientId), args.code ?? null),
  }),
);

builder.queryField('diagnosticReport', (t) =>
  t.field({
    ...patientOperation,
    type: DiagnosticReportRef,
    description:
      'A lab report of the account by id (spec doc 3 §7 Fetch diagnostic report by id; purpose Administration included): the ' +
      "latest issued version of the report, whichever version's id is asked. Another account's report, a sensitive one, one " +
      'not issued yet and a missing id all answer ARO-E2001.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => readPatientReport(ctx.database.db, owner(ctx), String(args.id)),
  }),
);

builder.queryField('diagnosticObservations', (t) =>
  t.field({
    ...patientOperation,
    type: [DiagnosticObservationRef],
    description:
      'The results for the trend graph (spec doc 3 §7 Fetch diagnostic observations): a patient reference and a list of ' +
      'DiagnosticReportCode references. Only results of issued reports the patient sees (latest versions; not sensitive, ' +
      "Administration, outsourced or payment-pending), in sub-test order; at most 20 codes. Another account's profile gives no rows.",
    args: {
      patient: t.arg.string({ required: true, description: "'Patient/{id}' or the id." }),
      diagnosticReportCode: t.arg.stringList({
        required: true,
        description: "'DiagnosticReportCode/{id}', ids or codes (00000001).",
      }),
    },
    resolve: (_root, args, ctx) =>
      patientObservations(ctx.database.db, owner(ctx), args.patient, args.diagnosticReportCode),
  }),
);

builder.queryField('diagnosticReportCode', (t) =>
  t.field({
    ...patientOperation,
    type: ReportCodeRef,
    description:
      'A lab test with its sub-tests in parameterOrder and its result value type (spec doc 3 §7 Fetch diagnostic report code by ' +
      'id). A missing one answers ARO-E2001.',
    args: {
      id: t.arg.id({
        required: true,
        description: "The id, 'DiagnosticReportCode/{id}' or the code (00000001).",
      }),
    },
    resolve: (_root, args, ctx) =>
      readReportCode(ctx.database.db, owner(ctx).tenantId, String(args.id)),
  }),
);

builder.mutationField('updateDiagnosticReportExtension', (t) =>
  t.field({
    ...patientOperation,
    type: DiagnosticReportRef,
    description:
      'Records that the patient saw the report (spec doc 3 §4: after a PDF is generated, a last-seen timestamp; §7 Update ' +
      "diagnostic report extension), on the version the patient sees. Another account's report answers ARO-E2001.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) =>
      markPatientReportSeen(ctx.database.db, owner(ctx), String(args.id)),
  }),
);

builder.subscriptionField('subscribeDiagnosticReport', (t) =>
  t.field({
    ...patientOperation,
    type: DiagnosticReportRef,
    description:
      "Live (issue 11): a lab report of the account's profiles each time a version of it is issued (a first report or a " +
      'correction, from a lab order or the desk), as diagnosticReport reads it then. patientId limits it to those ' +
      "profiles; another account's ids deliver nothing. Sensitive and Administration reports are not sent.",
    args: { patientId: t.arg.idList() },
    subscribe: async (_root, args, ctx) =>
      subscribeIssuedReports(ctx.database.db, ctx.pubsub, owner(ctx), args.patientId ?? null),
    resolve: async (payload, _args, ctx) => readIssuedReport(ctx.database.db, owner(ctx), payload),
  }),
);
