/**
 * Test data for the chat flow's tests: the two demo tenants' feature flags, and every context the
 * show conditions can see.
 *
 * The demo tenants live in apps/server/src/modules/tenants/tenants.demo.ts, which packages/domain
 * may not import (packages never import an app). So: careline-demo is the base configuration
 * unchanged (it overrides no feature), and first-tenant (Lakeside) is the base with its feature
 * override copied here from that file (spec doc 1 §6 'First tenant override'). Keep them in step.
 */
import { baseTenantConfig } from '../tenant/base.ts';
import { deepMerge, type DeepPartial } from '../tenant/merge.ts';
import type { FeatureFlags } from '../tenant/types.ts';
import { CHAT_SERVICES, type ChatFlowContext } from './conditions.ts';

/** first-tenant's features override, copied from apps/server/src/modules/tenants/tenants.demo.ts. */
const lakesideFeatureOverride: DeepPartial<FeatureFlags> = {
  medicationOrder: { enabled: false },
  agentChat: { enabled: false },
  editProfile: { enabled: false },
  paymentGateWay: { genie: false, mobileBill: false },
  channelling: {
    reserve: true,
    questionnaireLink: 'https://forms.example.org/lakeside/screening',
  },
};

/** The demo tenants' feature flags, by tenant id. */
export const demoTenantFeatures: Readonly<Record<'careline-demo' | 'first-tenant', FeatureFlags>> = {
  'careline-demo': baseTenantConfig.features,
  'first-tenant': deepMerge<FeatureFlags>(baseTenantConfig.features, lakesideFeatureOverride),
};

/**
 * The base flags with some chat flags turned off.
 * @param off - the flags to turn off
 */
export function featuresWithout(...off: readonly (keyof FeatureFlags)[]): FeatureFlags {
  const override: DeepPartial<FeatureFlags> = {};
  for (const key of off) {
    (override as Record<string, unknown>)[key] = { enabled: false };
  }
  return deepMerge<FeatureFlags>(baseTenantConfig.features, override);
}

const BOOLEAN_FACTS = [
  'signedIn',
  'hasProfiles',
  'hasUpcomingEvents',
  'singleOrganization',
  'hasRecentDoctor',
  'hasRecentOrganization',
  'hasSessions',
  'hasMoreSessions',
  'followingLink',
] as const satisfies readonly (keyof ChatFlowContext)[];

/** Every combination of the context's facts and services (2^9 × 7 = 3584 contexts). */
export function everyChatContext(): ChatFlowContext[] {
  const contexts: ChatFlowContext[] = [];
  for (let bits = 0; bits < 2 ** BOOLEAN_FACTS.length; bits += 1) {
    for (const service of [null, ...CHAT_SERVICES]) {
      const context = { service } as ChatFlowContext;
      BOOLEAN_FACTS.forEach((fact, index) => {
        context[fact] = (bits & (1 << index)) !== 0;
      });
      contexts.push(context);
    }
  }
  return contexts;
}
