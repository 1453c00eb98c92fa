import type { ContactKind, FeatureFlags, TenantPublicConfig } from './types.ts';

export type GatewayName = 'cyberSource' | 'masterCard';

/**
 * The default card gateway: cyberSource, and masterCard only when cyberSource is off (spec doc 1 §6).
 * @param flags - the tenant's paymentGateWay flags
 */
export function defaultGateway(flags: FeatureFlags['paymentGateWay']): GatewayName | null {
  if (flags.cyberSource) {
    return 'cyberSource';
  }
  return flags.masterCard ? 'masterCard' : null;
}

/**
 * The phone number to call for an organization and kind, else the tenant's fallback (spec doc 1 §9).
 * @param config - tenant config
 * @param organizationId - the organization, if known
 * @param kind - consultation, video, payment, medication, procedure, examination or admission
 */
export function contactNumber(
  config: Pick<TenantPublicConfig, 'contacts'>,
  organizationId: string | null | undefined,
  kind: ContactKind,
): string {
  const perOrg = organizationId ? config.contacts.byOrganization[organizationId] : undefined;
  return perOrg?.[kind] ?? config.contacts.fallback;
}

/**
 * Money with the tenant's decimals and currency suffix, e.g. '2,500.00 LKR' (spec doc 1 §9).
 * @param amount - the amount in major units
 * @param config - currency and decimals
 */
export function formatMoney(
  amount: number,
  config: Pick<TenantPublicConfig, 'currency' | 'moneyDecimals'>,
): string {
  const text = amount.toLocaleString('en-US', {
    minimumFractionDigits: config.moneyDecimals,
    maximumFractionDigits: config.moneyDecimals,
  });
  return `${text} ${config.currency}`;
}
