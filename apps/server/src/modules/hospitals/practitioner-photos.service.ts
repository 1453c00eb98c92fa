import { practitionerPhotoUrl, selectHospitalPractitioners } from './practitioner-photos.repo.ts';
import type { DbOrTx } from '../../db/client.ts';

/** A doctor of a hospital with the address of their photo. */
export type HospitalPractitioner = { id: string; text: string; roles: string[]; photoUrl: string | null };

/**
 * The active doctors who work at a hospital, by name, with their photos (issue 29 §4.14). Doctors'
 * names and photos are public (the patients' /doctor shows them), so the read is not audited.
 * @param request - database, tenant and the hospital (the scope on the schema checked the member)
 */
export async function listHospitalPractitioners(request: {
  db: DbOrTx;
  tenantId: string;
  organizationId: string;
}): Promise<HospitalPractitioner[]> {
  const rows = await selectHospitalPractitioners(request.db, request.tenantId, request.organizationId);
  return rows.map((row) => ({ id: row.id, text: row.text, roles: row.roles, photoUrl: practitionerPhotoUrl(row.photoBlobId) }));
}
