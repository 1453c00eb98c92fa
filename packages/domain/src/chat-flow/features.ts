/**
 * The tenant feature flags that hide chat steps and buttons (spec doc 1 §2 Chat assistant: each
 * service-type button "is shown only if its feature is enabled"; doc 1 §6 Feature flags).
 */
import type { FeatureFlags } from '../tenant/types.ts';

/**
 * The flags the chat reads. chat.enabled turns the guided chat as a whole on or off; the others
 * each hide one service's button and steps. Flags the chat does not read (payment gateways,
 * cancel, refund, editProfile, encounterOrder, ...) are not listed.
 */
export const CHAT_FEATURES = [
  'chat',
  'channelling',
  'videoChannelling',
  'medicationOrder',
  'examinationOrder',
  'procedureOrder',
  'agentChat',
] as const;
/** A feature flag that can hide chat steps. */
export type ChatFeature = (typeof CHAT_FEATURES)[number];

/**
 * Whether a chat feature is enabled for the tenant.
 * @param features - the tenant's feature flags
 * @param feature - the flag to read
 */
export function chatFeatureOn(features: FeatureFlags, feature: ChatFeature): boolean {
  return features[feature].enabled;
}

/**
 * Whether a step or button guarded by a list of flags shows: at least one of them is on (a list
 * names the services that share a step, e.g. the session list serves Book a Doctor and Video
 * Channel); an empty list is never hidden by a flag.
 * @param features - the tenant's feature flags
 * @param anyOf - the flags, any one of which is enough
 */
export function anyChatFeatureOn(features: FeatureFlags, anyOf: readonly ChatFeature[]): boolean {
  return anyOf.length === 0 || anyOf.some((feature) => chatFeatureOn(features, feature));
}
