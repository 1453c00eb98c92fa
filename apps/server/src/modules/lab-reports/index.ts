/**
 * The lab-reports module's face (issue 28): what another server module may use of it. Everything
 * else in lab-reports/ is its own. The composition root (app.ts, graphql/schema.ts) alone registers
 * its routes (lab-report-pdf.routes.ts) and GraphQL types (staff-lab-reports.schema.ts,
 * lab-results-import.schema.ts); its staff policy is in @careline/domain/staff (policies.ts).
 *
 * - listPatientReports: the reports a patient sees of one of the account's profiles, with their
 *   results (the FHIR export's DiagnosticReports and Observations).
 */
export { listPatientReports, type PatientReportView } from './lab-reports.service.ts';
