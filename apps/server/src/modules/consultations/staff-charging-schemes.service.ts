import { requireStaffRole } from '../staff/index.ts';
import type { StaffSessionDeps } from './staff-sessions.service.ts';
import { listHospitalChargingSchemes, type StaffChargingSchemeView } from './staff-charging-schemes.repo.ts';

export type { StaffChargingSchemeView } from './staff-charging-schemes.repo.ts';

/**
 * The hospital's active charging schemes, for the session form's picker (issue 8: sessions carry a
 * charging scheme of their hospital, ARO-E4035 otherwise). Fees, no patient data: not audited.
 * @param deps - database, tenant, staff member, hospital
 */
export async function listStaffChargingSchemes(deps: StaffSessionDeps): Promise<StaffChargingSchemeView[]> {
  requireStaffRole(deps.staff, 'sessions.manage', deps.organizationId);
  return listHospitalChargingSchemes(deps.db, { tenantId: deps.tenantId, organizationId: deps.organizationId });
}
