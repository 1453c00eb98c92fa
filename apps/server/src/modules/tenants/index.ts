// The tenants module's face: each hospital group's configuration.
// Other modules import this file only, never the files beside it (.dependency-cruiser.json).
export { allGatewaySettings, gatewaysFor } from './tenants.gateways.ts';
export { asksTenantConfigOnly, tenantConfigAnswer } from './tenants.config-answer.ts';
export { createTenantRegistry } from './tenants.registry.ts';
export type { GatewaySettings, ServerTenant, TenantRegistry } from './tenants.types.ts';
export {
  baseVideoSettings,
  isValidTurnTtl,
  TURN_TTL_MAX_SECONDS,
  TURN_TTL_MIN_SECONDS,
  TURN_TTL_PROBLEM,
  type TwilioVideoSettings,
  type VideoIceSettings,
  videoIceSettingsProblems,
  type VideoSettings,
  videoSettingsProblems,
} from './tenants.video.ts';
