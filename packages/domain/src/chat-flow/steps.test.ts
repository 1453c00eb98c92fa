import { describe, expect, it } from 'vitest';
import { CHAT_CONDITIONS } from './conditions.ts';
import { CHAT_FEATURES } from './features.ts';
import { CHAT_ENTRIES, CHAT_FLAG_FALLBACK, CHAT_STEPS, CHAT_STEP_IDS, type ChatStepId } from './steps.ts';
import { CHAT_TEXTS } from './texts.ts';
import { CHAT_WIDGETS } from './widgets.ts';

const allSteps = CHAT_STEP_IDS.map((id) => CHAT_STEPS[id]);

describe('the chat step graph (spec doc 1 §2 Chat steps, §4 Chat flow)', () => {
  it('has one definition per step id, under its own id', () => {
    expect(new Set(CHAT_STEP_IDS).size).toBe(CHAT_STEP_IDS.length);
    expect(Object.keys(CHAT_STEPS).sort()).toEqual([...CHAT_STEP_IDS].sort());
    for (const id of CHAT_STEP_IDS) {
      expect(CHAT_STEPS[id].id).toBe(id);
    }
  });

  it('has the spec flow states: the entries normal, restart, link-follow, and the named states', () => {
    expect(CHAT_ENTRIES).toEqual(['normal', 'restart', 'link-follow']);
    for (const entry of CHAT_ENTRIES) {
      expect(CHAT_STEPS[entry].kind).toBe('entry');
    }
    for (const id of [
      'init-link-follow',
      'check-user-loggedin',
      'suggest-recent-organization-lab',
      'suggest-recent-organization-medication',
      'suggest-recent-organization-procedure',
    ] as const) {
      expect(CHAT_STEP_IDS).toContain(id);
    }
  });

  it.each([
    // doc 1 §2 Chat steps, one row per screen, with its widget
    ['greeting', null],
    ['upcoming-events', 'upcoming-events'],
    ['service-type-menu', 'startup'],
    ['search-actions', 'startup-search'],
    ['recent-doctor', 'recent-doctor'],
    ['doctor-by-name', 'doctor-search'],
    ['specialty', 'specialty'],
    ['recent-organization', 'recent-organization'],
    ['organization-picker', 'organization-picker'],
    ['session-list', 'session-list'],
    ['consultation-booking', 'consultation-booking'],
    ['agent-chat', 'agent-chat'],
    ['mobile-number', 'mobile-number'],
    ['otp', 'otp'],
    ['registration', 'registration'],
    ['delivery-mode', 'delivery-mode'],
    ['delivery-address', 'delivery-address'],
    ['prescription-upload', 'document-upload'],
    ['more-upload-prompt', 'context'],
    ['order-confirmation', 'confirm-order'],
    ['lab-test-selection', 'examination-test'],
    ['sample-collection-address', 'delivery-address'],
    ['sample-collection-time', 'time-picker'],
    ['home-visit-time', 'time-picker'],
    ['procedure-code', 'procedure-code'],
    ['procedure-confirmation', 'confirm-order'],
    ['suggest-recent-organization-lab', 'recent-organization'],
    ['suggest-recent-organization-medication', 'recent-organization'],
    ['suggest-recent-organization-procedure', 'recent-organization'],
  ] as const)('screen %s shows the widget %s', (id, widget) => {
    expect(CHAT_STEPS[id].kind).toBe('screen');
    expect(CHAT_STEPS[id].widget).toBe(widget);
  });

  it('uses every suggestion widget, the eight doc 1 §2 lists among them', () => {
    const used = new Set(allSteps.map((definition) => definition.widget).filter((widget) => widget !== null));
    expect([...used].sort()).toEqual([...CHAT_WIDGETS].sort());
    expect(CHAT_WIDGETS.slice(0, 8)).toEqual([
      'context',
      'startup',
      'startup-search',
      'time-picker',
      'examination-test',
      'procedure-code',
      'confirm-order',
      'document-upload',
    ]);
  });

  it('gives entries and decisions no widget', () => {
    for (const definition of allSteps.filter((candidate) => candidate.kind !== 'screen')) {
      expect(definition.widget, definition.id).toBeNull();
    }
  });

  it('gives every step with a show condition somewhere else to go, and every step a way out', () => {
    for (const definition of allSteps) {
      if (definition.showWhen.length > 0) {
        expect(definition.otherwise, definition.id).not.toBeNull();
        expect(definition.otherwise, definition.id).not.toBe(definition.id);
      }
      expect(definition.next.length, definition.id).toBeGreaterThan(0);
    }
  });

  it('ends every automatic step with a choice that always holds', () => {
    for (const definition of allSteps) {
      const autos = definition.next.filter((choice) => choice.by === 'auto');
      if (autos.length > 0) {
        const last = autos[autos.length - 1];
        expect(last?.when ?? [], definition.id).toEqual([]);
        expect(last?.features ?? [], definition.id).toEqual([]);
      }
      // a step the flow leaves at once never waits for an outcome
      const outcomes = definition.next.filter((choice) => choice.by === 'outcome');
      expect(autos.length === 0 || outcomes.length === 0, definition.id).toBe(true);
    }
  });

  it('names only known texts, conditions and flags', () => {
    const conditions: readonly string[] = CHAT_CONDITIONS;
    const features: readonly string[] = CHAT_FEATURES;
    for (const definition of allSteps) {
      for (const say of definition.say) {
        expect(CHAT_TEXTS[say.text], `${definition.id} ${say.text}`).toBeTypeOf('string');
      }
      expect(definition.showWhen.every((condition) => conditions.includes(condition))).toBe(true);
      expect(definition.features.every((feature) => features.includes(feature))).toBe(true);
      for (const choice of definition.next) {
        if (choice.label !== undefined) {
          expect(CHAT_TEXTS[choice.label]).toBeTypeOf('string');
        }
        expect(choice.by === 'user' || choice.label === undefined, `${definition.id} ${choice.on}`).toBe(true);
      }
    }
  });

  it('guards every choice into a flagged step with flags of that step, or comes from a step that has them', () => {
    for (const definition of allSteps) {
      for (const choice of definition.next) {
        if (!('step' in choice.to)) {
          continue;
        }
        const target = CHAT_STEPS[choice.to.step];
        if (target.features.length === 0) {
          continue;
        }
        const guard = (choice.features ?? []).length > 0 ? (choice.features ?? []) : definition.features;
        expect(guard.length, `${definition.id} -> ${target.id}`).toBeGreaterThan(0);
        expect(
          guard.every((feature) => target.features.includes(feature)),
          `${definition.id} -> ${target.id}`,
        ).toBe(true);
      }
    }
  });

  it('falls back to check-user-loggedin, which no flag hides', () => {
    expect(CHAT_FLAG_FALLBACK).toBe('check-user-loggedin');
    expect(CHAT_STEPS[CHAT_FLAG_FALLBACK].features).toEqual([]);
  });

  it('opens the relationship modal first where a booking, order or chat acts for a profile', () => {
    const needsProfile = allSteps.filter((definition) => definition.needsProfile).map((definition) => definition.id);
    expect(needsProfile.sort()).toEqual<ChatStepId[]>(
      ['agent-chat', 'consultation-booking', 'order-confirmation', 'procedure-confirmation'].sort() as ChatStepId[],
    );
  });

  it('returns to the upcoming check after booking or ordering (spec doc 1 §4)', () => {
    const ends = allSteps.flatMap((definition) =>
      definition.next
        .filter((choice) => choice.on === 'booked' || choice.on === 'order-created')
        .map((choice) => [definition.id, choice.to] as const),
    );
    expect(ends).toEqual([
      ['consultation-booking', { step: 'upcoming-check' }],
      ['order-confirmation', { step: 'upcoming-check' }],
      ['procedure-confirmation', { step: 'upcoming-check' }],
    ]);
  });

  it('loops a wrong code back to verification, saying the spec words (spec doc 1 §4, §8)', () => {
    const wrong = CHAT_STEPS.otp.next.find((choice) => choice.on === 'code-wrong');
    expect(wrong?.to).toEqual({ step: 'otp' });
    expect(wrong?.say?.map((say) => CHAT_TEXTS[say.text])).toEqual(['that is not the code I sent you']);
  });
});
