import { describe, expect, it } from 'vitest';
import { CHAT_CONDITIONS, allConditionsHold, conditionHolds, emptyChatFlowContext, type ChatCondition, type ChatFlowContext } from './conditions.ts';

const base = emptyChatFlowContext;

// One row per condition: a context where it holds, and one where it does not.
const table: [ChatCondition, Partial<ChatFlowContext>, Partial<ChatFlowContext>][] = [
  ['signed-in', { signedIn: true }, { signedIn: false }],
  ['signed-out', { signedIn: false }, { signedIn: true }],
  ['has-profiles', { hasProfiles: true }, { hasProfiles: false }],
  ['no-profiles', { hasProfiles: false }, { hasProfiles: true }],
  ['has-upcoming-events', { hasUpcomingEvents: true }, { hasUpcomingEvents: false }],
  ['no-upcoming-events', { hasUpcomingEvents: false }, { hasUpcomingEvents: true }],
  ['multi-organization', { singleOrganization: false }, { singleOrganization: true }],
  ['single-organization', { singleOrganization: true }, { singleOrganization: false }],
  ['has-recent-doctor', { hasRecentDoctor: true }, { hasRecentDoctor: false }],
  ['no-recent-doctor', { hasRecentDoctor: false }, { hasRecentDoctor: true }],
  ['has-recent-organization', { hasRecentOrganization: true }, { hasRecentOrganization: false }],
  ['no-recent-organization', { hasRecentOrganization: false }, { hasRecentOrganization: true }],
  ['has-sessions', { hasSessions: true }, { hasSessions: false }],
  ['no-sessions', { hasSessions: false }, { hasSessions: true }],
  ['has-more-sessions', { hasMoreSessions: true }, { hasMoreSessions: false }],
  ['no-more-sessions', { hasMoreSessions: false }, { hasMoreSessions: true }],
  ['following-link', { followingLink: true }, { followingLink: false }],
  ['not-following-link', { followingLink: false }, { followingLink: true }],
  ['service-consultation', { service: 'consultation' }, { service: 'medication' }],
  ['service-medication', { service: 'medication' }, { service: 'examination' }],
  ['service-examination', { service: 'examination' }, { service: 'procedure' }],
  ['service-procedure', { service: 'procedure' }, { service: null }],
  ['service-agent-chat', { service: 'agent-chat' }, { service: 'consultation' }],
  ['no-service', { service: null }, { service: 'agent-chat' }],
];

describe('chat show conditions', () => {
  it('has a row for every condition', () => {
    expect(table.map(([condition]) => condition).sort()).toEqual([...CHAT_CONDITIONS].sort());
  });

  it.each(table)('%s holds in %j and not in %j', (condition, holds, fails) => {
    expect(conditionHolds(condition, { ...base, ...holds })).toBe(true);
    expect(conditionHolds(condition, { ...base, ...fails })).toBe(false);
  });

  it('counts a video consultation as a consultation', () => {
    expect(conditionHolds('service-consultation', { ...base, service: 'video-consultation' })).toBe(true);
  });

  it('needs every condition of a list, and an empty list always holds', () => {
    const context = { ...base, signedIn: true, hasProfiles: false };
    expect(allConditionsHold([], context)).toBe(true);
    expect(allConditionsHold(['signed-in', 'no-profiles'], context)).toBe(true);
    expect(allConditionsHold(['signed-in', 'has-profiles'], context)).toBe(false);
  });

  it('starts from a signed-out context with nothing known', () => {
    expect(conditionHolds('signed-out', base)).toBe(true);
    expect(conditionHolds('no-service', base)).toBe(true);
    expect(conditionHolds('multi-organization', base)).toBe(true);
  });
});
