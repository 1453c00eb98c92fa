/*
 * The orders module's face (issue 28): the service functions and types other modules and the
 * composition root may use. Repos, schemas and the rest stay inside the module.
 */

export { registerOrderInvoiceCloser } from './order-invoice-hook.ts';
export type { OrderInvoiceCloser } from './order-invoice-hook.ts';
export { orderPaymentSide } from './orders.payment.ts';
export {
  findHospitalOrder,
  findOwnBlob,
  findOwnedProfile,
  findStaffBlob,
  insertDocumentReference,
  selectOrderPatients,
} from './order-records.service.ts';
export type { DocumentReferenceInput, DocumentReferenceRow, OrderPatientRow, ServiceRequestRow } from './order-records.service.ts';
export { accountOrdersTopic, publishOrderChanged, staffOrdersTopic } from './orders.live.ts';
export type { OrderChangedEvent, StaffOrderChangedEvent } from './orders.live.ts';
export { advanceLabOrderInTransaction } from './order-lab-progress.service.ts';
export type { LabOrderMoved } from './order-lab-progress.service.ts';
