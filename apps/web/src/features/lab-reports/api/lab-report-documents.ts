/**
 * The lab results graph's calls (spec doc 3 §7: Fetch diagnostic report code by id, Fetch diagnostic
 * observations, Update diagnostic report extension; the reports of a profile and test), typed from
 * schema.graphql. The screen asks for the code, the reports and the observations in one request, so a
 * slow phone waits for one answer.
 */
import { graphql, type ResultOf } from '../../../lib/graphql/lazy-graphql.ts';

/** /resultsGraph: the test with its result value type, the profile's reports of it and their results. */
export const resultsGraphQuery = graphql(`
  query labResultsGraph($patientId: ID!, $patient: String!, $code: ID!, $codes: [String!]!) {
    diagnosticReportCode(id: $code) {
      id
      code
      name
      resultValueType
    }
    diagnosticReports(patientId: $patientId, code: $codes) {
      id
      code {
        coding {
          display
          code
        }
      }
      status
      patientId
      diagnosticReportCodeId
      diagnosticReportOutsourcedType
      patientCreditStatus
      summaryStatus
      diagnosticReportVerifiedTime
      createdTime
      version
      serviceRequestId
    }
    diagnosticObservations(patient: $patient, diagnosticReportCode: $codes) {
      id
      diagnosticReportId
      status
      createdTime
      code
      display
      valueString
      valueQuantity {
        value
        unit
      }
      referenceRange {
        low
        high
        comparator
        value
        text
      }
      critical
      parameterOrder
      subTestClassification
    }
  }
`);

/** The lab test list's Result buttons: a profile's reports, newest first. */
export const labReportListQuery = graphql(`
  query labReportList($patientId: ID!) {
    diagnosticReports(patientId: $patientId) {
      id
      code {
        coding {
          display
          code
        }
      }
      status
      patientId
      diagnosticReportCodeId
      diagnosticReportOutsourcedType
      patientCreditStatus
      summaryStatus
      diagnosticReportVerifiedTime
      createdTime
      version
      serviceRequestId
    }
  }
`);

/** spec doc 3 §4: after a PDF is generated the report's extension records a last-seen timestamp. */
export const reportSeenMutation = graphql(`
  mutation labReportSeen($id: ID!) {
    updateDiagnosticReportExtension(id: $id) {
      id
      lastSeen
    }
  }
`);

/**
 * spec doc 3 §7 Subscriptions: the profile's orders. The server publishes a lab order's change when
 * its report is issued, so the graph refreshes then (the spec names no report subscription).
 */
export const labOrderChangedSubscription = graphql(`
  subscription labOrderChanged($patientId: [ID!]) {
    subscribeServiceRequest(patientId: $patientId) {
      id
      category
    }
  }
`);

/**
 * A report of the profile issued or corrected, with or without an order (reports entered at the
 * desk have none): the graph refreshes then too. Another account's ids deliver nothing.
 */
export const labReportIssuedSubscription = graphql(`
  subscription labReportIssued($patientId: [ID!]) {
    subscribeDiagnosticReport(patientId: $patientId) {
      id
    }
  }
`);

export type ResultsGraphData = ResultOf<typeof resultsGraphQuery>;
export type LabReportRecord = ResultsGraphData['diagnosticReports'][number];
export type LabObservationRecord = ResultsGraphData['diagnosticObservations'][number];
