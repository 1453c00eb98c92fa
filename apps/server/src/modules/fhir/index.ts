// The fhir module's face: the FHIR export routes.
// Other modules import this file only, never the files beside it (.dependency-cruiser.json).
export { registerFhirExportRoutes } from './fhir-export.routes.ts';
