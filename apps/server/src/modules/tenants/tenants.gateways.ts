import type { GatewaySettings, ServerTenant } from './tenants.types.ts';

/**
 * The gateway settings of the hospital the money belongs to (issue 9 §2): the tenant's settings
 * deep-merged with that hospital's override, or the tenant's own when it has none (or when the
 * payment names no hospital).
 * @param tenant - the tenant
 * @param organizationId - the hospital of the invoice, appointment, order or payment
 */
export function gatewaysFor(tenant: ServerTenant, organizationId: string | null | undefined): GatewaySettings {
  return (organizationId ? tenant.hospitalGateways[organizationId] : undefined) ?? tenant.gateways;
}

/**
 * Every gateway setting a tenant holds: its own, then each hospital override's (merged). The
 * page's CSP and the sandboxes accept all of them.
 * @param tenant - the tenant
 */
export function allGatewaySettings(tenant: ServerTenant): GatewaySettings[] {
  return [tenant.gateways, ...Object.values(tenant.hospitalGateways)];
}
