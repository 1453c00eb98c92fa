import { describe, expect, it } from 'vitest';
import { CHAT_FEATURES, anyChatFeatureOn, chatFeatureOn } from './features.ts';
import { demoTenantFeatures, featuresWithout } from './test-fixtures.ts';

describe('chat feature flags (spec doc 1 §6)', () => {
  it('reads the flags the chat uses', () => {
    expect(CHAT_FEATURES).toEqual(['chat', 'channelling', 'videoChannelling', 'medicationOrder', 'examinationOrder', 'procedureOrder', 'agentChat']);
  });

  it('reads one flag', () => {
    const lakeside = demoTenantFeatures['first-tenant'];
    expect(chatFeatureOn(lakeside, 'medicationOrder')).toBe(false);
    expect(chatFeatureOn(lakeside, 'examinationOrder')).toBe(true);
  });

  it.each([
    [[], [], true],
    [['channelling'], ['channelling', 'videoChannelling'], true],
    [['channelling', 'videoChannelling'], ['channelling', 'videoChannelling'], false],
    [['agentChat'], ['agentChat'], false],
    [['agentChat'], [], true],
  ] as const)('with %j off, any of %j is on: %s', (off, anyOf, on) => {
    expect(anyChatFeatureOn(featuresWithout(...off), anyOf)).toBe(on);
  });
});
