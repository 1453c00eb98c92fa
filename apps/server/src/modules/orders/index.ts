// The orders module's face (minimal, issue 28: what other modules use today; the orders branch writes the real one).
// Other modules import this file only, never the files beside it (.dependency-cruiser.json).
export { findOwnBlob, insertDocumentReference } from './orders.repo.ts';
export { findStaffBlob, type OrderPatientRow, selectOrderPatients } from './staff-orders.repo.ts';
