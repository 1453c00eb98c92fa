import { builder } from '../../graphql/builder.ts';
import { staffOperation } from '../../graphql/staff-auth.ts';
// The patient's types and the hospital's settings (registered by these imports too: the schema
// imports this file only).
import { DiagnosticObservationRef, SubCodeRef } from './lab-reports.schema.ts';
import './lab-report-settings.schema.ts';
import type { DiagnosticReportRow } from './lab-reports.repo.ts';
import { createStaffLabReport } from './staff-lab-report-create.service.ts';
import {
  correctStaffLabReport,
  issueStaffLabReport,
  markStaffLabReportOutsourced,
  verifyStaffLabReport,
} from './staff-lab-report-steps.service.ts';
import { saveStaffLabResults, type LabResultInput } from './staff-lab-results.service.ts';
import { staffLabReportRequest } from './staff-lab-reports.request.ts';
import {
  STAFF_LAB_REPORT_PAGE_DEFAULT,
  listStaffLabReports,
  readStaffLabReport,
  type LabReportPatient,
  type StaffLabReportChange,
  type StaffLabReportDeps,
  type StaffLabReportPage,
  type StaffLabReportView,
} from './staff-lab-reports.service.ts';

const idempotencyKeyArg = {
  description:
    'One key per submit, reused on retry: a retry gives the first answer and changes nothing more (docs/api-contract.md).',
};

const expectedRevisionArg = {
  required: true,
  description:
    "The report's revision as the console read it: a stale one answers ARO-E7006 and changes nothing.",
} as const;

function change(args: {
  id: string | number;
  expectedRevision: number;
  idempotencyKey?: string | null;
}): StaffLabReportChange {
  return {
    id: String(args.id),
    expectedRevision: args.expectedRevision,
    idempotencyKey: args.idempotencyKey ?? null,
  };
}

const LabReportQueueEnum = builder.enumType('LabReportQueue', {
  description: 'DRAFT (not verified), VERIFIED (verified or outsourced, not issued), ISSUED, ALL.',
  values: ['DRAFT', 'VERIFIED', 'ISSUED', 'ALL'] as const,
});

const LabReportPatientRef = builder.objectRef<LabReportPatient>('LabReportPatient').implement({
  description: "The report's patient as the hospital sees them.",
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    gender: t.exposeString('gender'),
    birthDate: t.exposeString('birthDate', { nullable: true, description: 'YYYY-MM-DD.' }),
    mobileNo: t.exposeString('mobileNo', { nullable: true }),
  }),
});

export const LabReportVersionRef = builder.objectRef<DiagnosticReportRow>('LabReportVersion').implement({
  description: 'A version of a report: every field the laboratory works with.',
  fields: (t) => ({
    id: t.exposeID('id'),
    seriesId: t.string({
      description: "The first version's id (the same for every version).",
      resolve: (r) => r.seriesId ?? r.id,
    }),
    version: t.exposeInt('version', {
      description: 'From 1; a correction after issue is the next version.',
    }),
    revision: t.exposeInt('revision', {
      description: 'The optimistic lock: pass it as expectedRevision.',
    }),
    supersededById: t.exposeID('supersededById', {
      nullable: true,
      description: 'The correction that follows this version.',
    }),
    amendmentReason: t.exposeString('amendmentReason', { nullable: true }),
    codeCode: t.exposeString('codeCode'),
    codeDisplay: t.exposeString('codeDisplay'),
    diagnosticReportCodeId: t.exposeID('diagnosticReportCodeId', { nullable: true }),
    status: t.exposeString('status', { description: 'registered, preliminary, final or amended.' }),
    summaryStatus: t.exposeString('summaryStatus', {
      nullable: true,
      description: 'report (results entered), print_ready (verified), issued.',
    }),
    diagnosticReportOutsourcedType: t.exposeString('diagnosticReportOutsourcedType', {
      nullable: true,
    }),
    diagnosticReportSensitive: t.exposeBoolean('diagnosticReportSensitive'),
    patientCreditStatus: t.exposeString('patientCreditStatus', { nullable: true }),
    purpose: t.exposeString('purpose', { nullable: true }),
    patientId: t.exposeID('patientId'),
    serviceRequestId: t.exposeID('serviceRequestId', { nullable: true }),
    organizationId: t.exposeID('organizationId', { nullable: true }),
    notes: t.exposeString('notes', { nullable: true }),
    enteredBy: t.idList({
      description: 'Staff members who saved results of this version.',
      resolve: (r) => r.enteredBy,
    }),
    diagnosticReportVerifiedTime: t.expose('diagnosticReportVerifiedTime', {
      type: 'DateTime',
      nullable: true,
    }),
    verifiedBy: t.exposeID('verifiedBy', { nullable: true }),
    verifiedByName: t.exposeString('verifiedByName', { nullable: true }),
    issuedAt: t.expose('issuedAt', { type: 'DateTime', nullable: true }),
    issuedBy: t.exposeID('issuedBy', { nullable: true }),
    createdBy: t.exposeID('createdBy', { nullable: true }),
    createdTime: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const StaffLabReportRef = builder.objectRef<StaffLabReportView>('StaffLabReport').implement({
  description:
    'A report version as the laboratory works it: the version, its results, the patient, the sub-tests and the history.',
  fields: (t) => ({
    id: t.exposeID('id'),
    report: t.field({ type: LabReportVersionRef, resolve: (view) => view.report }),
    observations: t.field({
      type: [DiagnosticObservationRef],
      resolve: (view) => view.observations,
    }),
    patient: t.field({ type: LabReportPatientRef, resolve: (view) => view.patient }),
    subTests: t.field({
      type: [SubCodeRef],
      description: "The test's sub-tests, in parameterOrder.",
      resolve: (view) => view.subCodes,
    }),
    history: t.field({
      type: [LabReportVersionRef],
      description:
        'Every version of the report, oldest first (this one included); open one with staffLabReport.',
      resolve: (view) => view.history,
    }),
    requireSecondVerifier: t.exposeBoolean('requireSecondVerifier', {
      description: "The hospital's rule: the verifier must have entered none of the results.",
    }),
  }),
});

const StaffLabReportPageRef = builder
  .objectRef<StaffLabReportPage>('StaffLabReportPage')
  .implement({
    description: 'A page of reports, newest first.',
    fields: (t) => ({
      nodes: t.field({ type: [StaffLabReportRef], resolve: (page) => page.nodes }),
      endCursor: t.exposeString('endCursor', {
        nullable: true,
        description: 'Pass as `after` for the next page.',
      }),
      hasMore: t.exposeBoolean('hasMore'),
      totalCount: t.exposeInt('totalCount'),
    }),
  });

const ReferenceRangeInput = builder.inputType('ReferenceRangeInput', {
  description:
    'low and high (low ≤ high), or comparator (>, >=, <, <=) and value; or only a text. Else ARO-E7005.',
  fields: (t) => ({
    low: t.float(),
    high: t.float(),
    comparator: t.string(),
    value: t.float(),
    text: t.string(),
  }),
});

const MicrobiologyRowInput = builder.inputType('MicrobiologyRowInput', {
  description:
    "An organism, or an antibiotic tested against one (organismDefinitionId = the organism's definitionId).",
  fields: (t) => ({
    category: t.string({ required: true, description: 'organism or antibiotic.' }),
    name: t.string({ required: true }),
    result: t.string(),
    definitionId: t.string(),
    organismDefinitionId: t.string(),
    comment: t.string(),
  }),
});

const LabResultInputRef = builder.inputType('LabResultInput', {
  description:
    "One sub-test's result: valueQuantity or valueString (one of them; a microbiology sub-test may send rows only).",
  fields: (t) => ({
    subTestId: t.id({ required: true, description: "A sub-test of the report's test (subTests)." }),
    valueQuantity: t.float(),
    valueString: t.string({ description: 'At most 500 characters.' }),
    unit: t.string({ description: "Unset: the sub-test's unit." }),
    referenceRange: t.field({
      type: ReferenceRangeInput,
      description: "Unset: the sub-test's range.",
    }),
    critical: t.boolean(),
    interpretation: t.string({ description: 'H, L, HH, LL, A, N, …' }),
    microbiology: t.field({ type: [MicrobiologyRowInput] }),
  }),
});

const CreateLabReportInput = builder.inputType('StaffCreateLabReportInput', {
  description:
    'Either serviceRequestId (a lab order of the hospital) or patientId (at the desk), and the test.',
  fields: (t) => ({
    serviceRequestId: t.id(),
    patientId: t.id(),
    code: t.string({ required: true, description: 'The lab test code, e.g. 00000001.' }),
    sensitive: t.boolean({ description: 'A sensitive report is never shown to the patient.' }),
    purpose: t.string({
      description: 'Administration: shown to the patient by id only (spec doc 3 §7).',
    }),
    notes: t.string(),
  }),
});

builder.queryField('staffLabReports', (t) =>
  t.field({
    ...staffOperation('labReports.read'),
    type: StaffLabReportPageRef,
    description:
      "The hospital's lab reports (each at its current version), newest first; the lab orders are staffOrders(category: " +
      '"Examination"). Audited.',
    args: {
      organizationId: t.arg.id({ required: true }),
      queue: t.arg({ type: LabReportQueueEnum, defaultValue: 'ALL' }),
      serviceRequestId: t.arg.id({ description: 'Only the reports of this lab order.' }),
      patientId: t.arg.id({ description: 'Only the reports of this patient.' }),
      first: t.arg.int({ defaultValue: STAFF_LAB_REPORT_PAGE_DEFAULT, description: '1 to 50.' }),
      after: t.arg.string({ description: 'endCursor of the page before.' }),
    },
    resolve: (_root, args, ctx) =>
      listStaffLabReports(staffLabReportRequest(ctx, 'labReports.read', args.organizationId), {
        queue: args.queue ?? 'ALL',
        serviceRequestId:
          args.serviceRequestId === null || args.serviceRequestId === undefined
            ? null
            : String(args.serviceRequestId),
        patientId:
          args.patientId === null || args.patientId === undefined ? null : String(args.patientId),
        first: args.first ?? STAFF_LAB_REPORT_PAGE_DEFAULT,
        after: args.after ?? null,
      }),
  }),
);

builder.queryField('staffLabReport', (t) =>
  t.field({
    ...staffOperation('labReports.read'),
    type: StaffLabReportRef,
    description:
      "A report version of the hospital (any version, for the history). Another hospital's answers ARO-E2001. Audited.",
    args: { organizationId: t.arg.id({ required: true }), id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) =>
      readStaffLabReport(staffLabReportRequest(ctx, 'labReports.read', args.organizationId), String(args.id)),
  }),
);

builder.mutationField('staffCreateLabReport', (t) =>
  t.field({
    ...staffOperation('labReports.work'),
    type: StaffLabReportRef,
    description:
      'Creates a report for a lab order of the hospital (ARO-E7015 not a lab test order, ARO-E7016 canceled or replaced, ARO-E7014 ' +
      'one already for this test) or at the desk for a patient (ARO-E7017 both or neither). The test: ARO-E7001. Audited.',
    args: {
      organizationId: t.arg.id({ required: true }),
      input: t.arg({ type: CreateLabReportInput, required: true }),
      idempotencyKey: t.arg.string(idempotencyKeyArg),
    },
    resolve: (_root, args, ctx) =>
      createStaffLabReport(
        staffLabReportRequest(ctx, 'labReports.work', args.organizationId),
        {
          serviceRequestId:
            args.input.serviceRequestId === null || args.input.serviceRequestId === undefined
              ? null
              : String(args.input.serviceRequestId),
          patientId:
            args.input.patientId === null || args.input.patientId === undefined
              ? null
              : String(args.input.patientId),
          code: args.input.code,
          sensitive: args.input.sensitive ?? false,
          purpose: args.input.purpose ?? null,
          notes: args.input.notes ?? null,
        },
        args.idempotencyKey ?? null,
      ),
  }),
);

function resultInput(input: {
  subTestId: string | number;
  valueQuantity?: number | null;
  valueString?: string | null;
  unit?: string | null;
  referenceRange?: {
    low?: number | null;
    high?: number | null;
    comparator?: string | null;
    value?: number | null;
    text?: string | null;
  } | null;
  critical?: boolean | null;
  interpretation?: string | null;
  microbiology?:
    | {
        category: string;
        name: string;
        result?: string | null;
        definitionId?: string | null;
        organismDefinitionId?: string | null;
        comment?: string | null;
      }[]
    | null;
}): LabResultInput {
  return {
    subCodeId: String(input.subTestId),
    valueQuantity: input.valueQuantity ?? null,
    valueString: input.valueString ?? null,
    unit: input.unit ?? null,
    // Checked by the service (ARO-E7005), so the comparator may be any string here.
    referenceRange: input.referenceRange ?? null,
    critical: input.critical ?? null,
    interpretation: input.interpretation ?? null,
    microbiology:
      input.microbiology?.map((row) => ({
        // Checked by the service (ARO-E7019).
        category: row.category,
        name: row.name,
        result: row.result ?? null,
        definitionId: row.definitionId ?? null,
        organismDefinitionId: row.organismDefinitionId ?? null,
        comment: row.comment ?? null,
      })) ?? null,
  };
}

builder.mutationField('staffSaveLabResults', (t) =>
  t.field({
    ...staffOperation('labReports.work'),
    type: StaffLabReportRef,
    description:
      'Saves draft results per sub-test (a sub-test saved again is replaced) and optionally the notes. Verified ARO-E7007, issued ' +
      'ARO-E7011 (correct it instead); result rules ARO-E7002 to ARO-E7005, ARO-E7019, ARO-E7020. Audited.',
    args: {
      organizationId: t.arg.id({ required: true }),
      id: t.arg.id({ required: true }),
      expectedRevision: t.arg.int(expectedRevisionArg),
      results: t.arg({ type: [LabResultInputRef], required: true }),
      notes: t.arg.string({ description: 'Unset keeps the notes.' }),
      idempotencyKey: t.arg.string(idempotencyKeyArg),
    },
    resolve: (_root, args, ctx) =>
      saveStaffLabResults(staffLabReportRequest(ctx, 'labReports.work', args.organizationId), change(args), {
        results: args.results.map(resultInput),
        notes: args.notes ?? null,
      }),
  }),
);

/**
 * A step of the laboratory's flow on one report (labReports.work): the report, its expected revision
 * and an optional idempotency key in, the report as staff see it out.
 * @param name - the mutation's name
 * @param description - what it does, its refusals, and that it is audited
 * @param step - the service call
 */
function staffReportStep(
  name: string,
  description: string,
  step: (
    deps: StaffLabReportDeps,
    change: StaffLabReportChange,
  ) => ReturnType<typeof verifyStaffLabReport>,
): void {
  builder.mutationField(name, (t) =>
    t.field({
      ...staffOperation('labReports.work'),
      type: StaffLabReportRef,
      description,
      args: {
        organizationId: t.arg.id({ required: true }),
        id: t.arg.id({ required: true }),
        expectedRevision: t.arg.int(expectedRevisionArg),
        idempotencyKey: t.arg.string(idempotencyKeyArg),
      },
      resolve: (_root, args, ctx) =>
        step(staffLabReportRequest(ctx, 'labReports.work', args.organizationId), change(args)),
    }),
  );
}

staffReportStep(
  'staffVerifyLabReport',
  'Verifies the results: final (amended for a correction), summaryStatus print_ready. No result ARO-E7008; the hospital wants a ' +
    'second person and this member entered results ARO-E7009; already verified ARO-E7021. Audited.',
  verifyStaffLabReport,
);

staffReportStep(
  'staffIssueLabReport',
  'Issues a verified report (summaryStatus issued, the RP mark): the patient sees it from now on, published live. Not verified ' +
    'ARO-E7010; already issued ARO-E7011. Audited.',
  issueStaffLabReport,
);

staffReportStep(
  'staffMarkLabReportOutsourced',
  "Marks the report outsourced (external): the patient sees 'Online view facility is not available' and no results. Already " +
    'ARO-E7022; issued ARO-E7011. Audited.',
  markStaffLabReportOutsourced,
);

builder.mutationField('staffCorrectLabReport', (t) =>
  t.field({
    ...staffOperation('labReports.work'),
    type: StaffLabReportRef,
    description:
      'Starts a correction of an issued report: a new version with the results copied as drafts, to save, verify and issue again ' +
      '(amended). The issued version is kept, and the patient keeps seeing it until the correction is issued. Not issued ' +
      'ARO-E7012; already started ARO-E7013; reason ARO-E7018. Answers the new version. Audited.',
    args: {
      organizationId: t.arg.id({ required: true }),
      id: t.arg.id({ required: true }),
      expectedRevision: t.arg.int(expectedRevisionArg),
      reason: t.arg.string({ required: true, description: 'At most 500 characters.' }),
      idempotencyKey: t.arg.string(idempotencyKeyArg),
    },
    resolve: (_root, args, ctx) =>
      correctStaffLabReport(
        staffLabReportRequest(ctx, 'labReports.work', args.organizationId),
        change(args),
        args.reason,
      ),
  }),
);
