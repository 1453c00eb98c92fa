// The audit module's face: recording who did what to whose data (issue 7 point 3).
// Other modules import this file only, never the files beside it (.dependency-cruiser.json).
export { type AuditActor, type AuditRecord, recordAudit } from './audit.service.ts';
