// The lab-reports module's face (minimal, issue 28: what other modules use today; the lab-reports branch writes the real one).
// Other modules import this file only, never the files beside it (.dependency-cruiser.json).
export { listPatientReports } from './lab-reports.service.ts';
