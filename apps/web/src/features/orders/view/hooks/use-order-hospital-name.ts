import { useQuery } from 'urql';
import { useTenant } from '../../../../lib/tenant';
import { orderOrganizationsQuery } from '../order-view-documents.ts';

/**
 * The name of the hospital the order is with; the tenant's hospital while the list is not read or
 * the order names none.
 * @param organizationId - the order's organization
 */
export function useOrderHospitalName(organizationId: string | null | undefined): string {
  const tenant = useTenant();
  const [organizations] = useQuery({ query: orderOrganizationsQuery, requestPolicy: 'cache-first' });
  return (
    organizations.data?.queryOrganization.find((organization) => organization.id === organizationId)?.name ??
    tenant.branding.hospitalName
  );
}
