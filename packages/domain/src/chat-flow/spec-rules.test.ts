import { describe, expect, it } from 'vitest';
import { emptyChatFlowContext, type ChatFlowContext } from './conditions.ts';
import { chatButtons, chooseInChat, enterChat, type ChatLanding } from './flow.ts';
import { demoTenantFeatures } from './test-fixtures.ts';

// Issue 29 §12: the chat's spec rules where the walk-through found them broken.

const features = demoTenantFeatures['careline-demo'];
const signedIn: ChatFlowContext = { ...emptyChatFlowContext, signedIn: true, hasProfiles: true };
const stepOf = (landing: ChatLanding | null) => (landing?.kind === 'step' ? landing.step : null);
const labels = (landing: ChatLanding | null, context: ChatFlowContext) =>
  landing?.kind === 'step' ? chatButtons(landing.step, context, features).map((choice) => choice.label ?? choice.on) : [];

describe("'My recent doctor' from the first Book a Doctor (spec doc 1 §2: search actions, recent doctor, …)", () => {
  it.each([
    ['book-a-doctor', true, ['searchByDoctorName', 'searchBySpecialty', 'myRecentDoctor']],
    ['book-a-doctor', false, ['searchByDoctorName', 'searchBySpecialty']],
    ['video-channel', true, ['searchByDoctorName', 'searchBySpecialty', 'myRecentDoctor']],
    ['video-channel', false, ['searchByDoctorName', 'searchBySpecialty']],
  ] as const)('%s, a recent doctor %s: the search actions, with the same buttons as after Search again', (on, hasRecentDoctor, expected) => {
    const context = { ...signedIn, hasRecentDoctor };
    const first = chooseInChat('service-type-menu', on, context, features);
    expect(stepOf(first)).toBe('search-actions');
    const service = first?.kind === 'step' ? first.service : null;
    expect(labels(first, { ...context, service })).toEqual(expected);
    const again = chooseInChat('session-list', 'search-again', { ...context, service }, features);
    expect(labels(again, { ...context, service })).toEqual(labels(first, { ...context, service }));
  });

  it("'My recent doctor' opens the recent doctors", () => {
    const context = { ...signedIn, hasRecentDoctor: true, service: 'consultation' as const };
    expect(stepOf(chooseInChat('search-actions', 'my-recent-doctor', context, features))).toBe('recent-doctor');
  });
});

describe('the greeting, then the upcoming events, then the menu (spec doc 1 §2 Chat steps)', () => {
  it.each([
    [true, ['greeting', 'upcomingEvents', 'menu']],
    [false, ['greeting', 'menu']],
  ] as const)('upcoming events %s', (hasUpcomingEvents, said) => {
    const landing = enterChat('normal', { ...signedIn, hasUpcomingEvents }, features);
    expect(landing.kind === 'step' ? landing.say.map((line) => line.text) : []).toEqual(said);
    expect(stepOf(landing)).toBe('service-type-menu');
  });
});
