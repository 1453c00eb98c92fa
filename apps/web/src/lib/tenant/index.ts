export { TenantProvider, useTenant, tenantConfigQuery } from './tenant-provider.tsx';
export { applyBranding, themeVariable } from './apply-branding.ts';
