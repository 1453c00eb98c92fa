export * from './types.ts';
export { baseTenantConfig, relationshipChoices } from './base.ts';
export { deepMerge, type DeepPartial } from './merge.ts';
export { defaultGateway, contactNumber, formatMoney } from './rules.ts';
