// Moved to graphql/patient-auth.ts (issue 28): a guard on the GraphQL context, beside patientOperation.
// Kept for the payments/, orders/ and lab-reports/ schema files until the lead points them there at
// the merge and deletes this file.
export { requireViewer } from '../../graphql/patient-auth.ts';
