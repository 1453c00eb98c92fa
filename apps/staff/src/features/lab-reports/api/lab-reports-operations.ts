import { graphql, type ResultOf, type VariablesOf } from '@careline/contract/graphql';

// The laboratory's reports (issue 11, staff console), typed from schema.graphql (gql.tada). Each
// operation is checked alone against the schema (packages/contract operations.test), so the fields
// are written out in each rather than shared through a fragment.

/** A page of the hospital's reports (each at its current version), newest first. */
export const staffLabReportsQuery = graphql(`
  query staffLabReports($organizationId: ID!, $queue: LabReportQueue, $serviceRequestId: ID, $first: Int, $after: String) {
    staffLabReports(organizationId: $organizationId, queue: $queue, serviceRequestId: $serviceRequestId, first: $first, after: $after) {
      nodes {
        id
        report {
          id version revision codeCode codeDisplay status summaryStatus diagnosticReportOutsourcedType
          serviceRequestId createdTime
        }
        patient { id name mobileNo }
      }
      endCursor hasMore totalCount
    }
  }
`);

export type StaffLabReportsPage = ResultOf<typeof staffLabReportsQuery>['staffLabReports'];
export type StaffLabReportRow = StaffLabReportsPage['nodes'][number];
export type StaffLabReportsVariables = VariablesOf<typeof staffLabReportsQuery>;

/** One report version as the laboratory works it: results, patient, sub-tests, history. */
export const staffLabReportQuery = graphql(`
  query staffLabReport($organizationId: ID!, $id: ID!) {
    staffLabReport(organizationId: $organizationId, id: $id) {
      id requireSecondVerifier
      report {
        id seriesId version revision supersededById amendmentReason codeCode codeDisplay status summaryStatus
        diagnosticReportOutsourcedType diagnosticReportSensitive patientCreditStatus purpose serviceRequestId notes
        enteredBy diagnosticReportVerifiedTime verifiedBy verifiedByName issuedAt issuedBy createdBy createdTime
      }
      observations {
        id code display status valueString critical interpretation
        valueQuantity { value unit }
        referenceRange { low high comparator value text }
        microbiology { category name result definitionId organismDefinitionId comment }
      }
      patient { id name gender birthDate mobileNo }
      subTests {
        id name parameterOrder subTestClassification unit
        referenceRange { low high comparator value text }
      }
      history {
        id version status summaryStatus amendmentReason issuedAt diagnosticReportVerifiedTime verifiedByName createdTime
      }
    }
  }
`);

export type StaffLabReportDetail = ResultOf<typeof staffLabReportQuery>['staffLabReport'];
export type StaffLabObservation = StaffLabReportDetail['observations'][number];
export type StaffLabSubTest = StaffLabReportDetail['subTests'][number];
export type StaffLabHistoryLine = StaffLabReportDetail['history'][number];
export type LabResultInput = VariablesOf<typeof staffSaveLabResultsMutation>['results'][number];

/** The hospital's second-person rule. */
export const staffLabReportSettingsQuery = graphql(`
  query staffLabReportSettings($organizationId: ID!) {
    staffLabReportSettings(organizationId: $organizationId) { organizationId requireSecondVerifier }
  }
`);

export const staffSetLabReportSettingsMutation = graphql(`
  mutation staffSetLabReportSettings($organizationId: ID!, $requireSecondVerifier: Boolean!) {
    staffSetLabReportSettings(organizationId: $organizationId, requireSecondVerifier: $requireSecondVerifier) {
      organizationId requireSecondVerifier
    }
  }
`);

/** The hospital's printable report images (blob ids; null when none). */
export const staffLabReportImagesQuery = graphql(`
  query staffLabReportImages($organizationId: ID!) {
    staffLabReportSettings(organizationId: $organizationId) {
      organizationId headerImageBlobId footerImageBlobId signatureImageBlobId
    }
  }
`);

/** Sets (an uploaded blob) or clears (null) one of the hospital's printable report images. */
export const staffSetLabReportImageMutation = graphql(`
  mutation staffSetLabReportImage($organizationId: ID!, $kind: LabReportImageKind!, $blobId: ID) {
    staffSetLabReportImage(organizationId: $organizationId, kind: $kind, blobId: $blobId) {
      organizationId headerImageBlobId footerImageBlobId signatureImageBlobId
    }
  }
`);

export const staffCreateLabReportMutation = graphql(`
  mutation staffCreateLabReport($organizationId: ID!, $input: StaffCreateLabReportInput!, $idempotencyKey: String) {
    staffCreateLabReport(organizationId: $organizationId, input: $input, idempotencyKey: $idempotencyKey) {
      id report { id revision }
    }
  }
`);

export const staffSaveLabResultsMutation = graphql(`
  mutation staffSaveLabResults($organizationId: ID!, $id: ID!, $expectedRevision: Int!, $results: [LabResultInput!]!, $notes: String, $idempotencyKey: String) {
    staffSaveLabResults(organizationId: $organizationId, id: $id, expectedRevision: $expectedRevision, results: $results, notes: $notes, idempotencyKey: $idempotencyKey) {
      id report { id revision }
    }
  }
`);

export const staffVerifyLabReportMutation = graphql(`
  mutation staffVerifyLabReport($organizationId: ID!, $id: ID!, $expectedRevision: Int!, $idempotencyKey: String) {
    staffVerifyLabReport(organizationId: $organizationId, id: $id, expectedRevision: $expectedRevision, idempotencyKey: $idempotencyKey) {
      id report { id revision }
    }
  }
`);

export const staffIssueLabReportMutation = graphql(`
  mutation staffIssueLabReport($organizationId: ID!, $id: ID!, $expectedRevision: Int!, $idempotencyKey: String) {
    staffIssueLabReport(organizationId: $organizationId, id: $id, expectedRevision: $expectedRevision, idempotencyKey: $idempotencyKey) {
      id report { id revision }
    }
  }
`);

export const staffMarkLabReportOutsourcedMutation = graphql(`
  mutation staffMarkLabReportOutsourced($organizationId: ID!, $id: ID!, $expectedRevision: Int!, $idempotencyKey: String) {
    staffMarkLabReportOutsourced(organizationId: $organizationId, id: $id, expectedRevision: $expectedRevision, idempotencyKey: $idempotencyKey) {
      id report { id revision }
    }
  }
`);

/** Starts a correction of an issued version: answers the new version. */
export const staffCorrectLabReportMutation = graphql(`
  mutation staffCorrectLabReport($organizationId: ID!, $id: ID!, $expectedRevision: Int!, $reason: String!, $idempotencyKey: String) {
    staffCorrectLabReport(organizationId: $organizationId, id: $id, expectedRevision: $expectedRevision, reason: $reason, idempotencyKey: $idempotencyKey) {
      id report { id revision version }
    }
  }
`);

/** The hospital's open lab orders (the orders module's Examination queue), to start a report from. */
export const staffLabOrdersQuery = graphql(`
  query staffLabOrders($organizationId: ID!, $queue: StaffOrderQueue!, $first: Int) {
    staffOrders(organizationId: $organizationId, category: "Examination", queue: $queue, first: $first) {
      nodes {
        id
        order { id identifier category orderStatus createdTime diagnosticReport }
        patient { id name }
      }
    }
  }
`);

export type StaffLabOrder = ResultOf<typeof staffLabOrdersQuery>['staffOrders']['nodes'][number];

/** The tenant's public settings: its lab tests (diagnosticReportCodes: code and display). */
export const labTenantConfigQuery = graphql(`
  query labTenantConfig {
    tenantConfig
  }
`);

/** Live: an order of the hospital after each change; a report issued for a lab order changes it too. */
export const subscribeLabOrdersSubscription = graphql(`
  subscription subscribeLabOrders($organizationId: ID!) {
    subscribeStaffOrders(organizationId: $organizationId, category: "Examination") {
      id
    }
  }
`);

/** A preview of an analyser's CSV export: each row as matched and checked, the reports to write, the counts. */
export const staffPreviewLabResultsImportQuery = graphql(`
  query staffPreviewLabResultsImport($organizationId: ID!, $csv: String!) {
    staffPreviewLabResultsImport(organizationId: $organizationId, csv: $csv) {
      rows {
        line sampleId test value unit flag valueQuantity valueString interpretation critical
        report { id revision patientName testDisplay }
        subTest { id name unit }
        errors { code message }
      }
      groups { reportId expectedRevision lines }
      totals { rows good bad }
    }
  }
`);

export type LabImportPreview = ResultOf<typeof staffPreviewLabResultsImportQuery>['staffPreviewLabResultsImport'];
export type LabImportRow = LabImportPreview['rows'][number];

/** Imports the good rows of a previewed file as drafts, at the revisions the preview showed. */
export const staffImportLabResultsMutation = graphql(`
  mutation staffImportLabResults(
    $organizationId: ID!
    $csv: String!
    $expected: [LabResultsImportExpected!]!
    $idempotencyKey: String
  ) {
    staffImportLabResults(organizationId: $organizationId, csv: $csv, expected: $expected, idempotencyKey: $idempotencyKey) {
      rows { line errors { code message } }
      totals { rows good bad }
      reports { id revision status summaryStatus }
    }
  }
`);
