import { describe, expect, it } from 'vitest';
import type { FeatureFlags } from '../tenant/types.ts';
import { CHAT_CONDITIONS, allConditionsHold, emptyChatFlowContext, type ChatCondition, type ChatFlowContext } from './conditions.ts';
import { CHAT_FEATURES, type ChatFeature } from './features.ts';
import {
  chatButtons,
  chatEntryFor,
  chatServiceForPath,
  chatStepShown,
  chooseInChat,
  enterChat,
  reachableChatSteps,
  resumeChat,
  type ChatLanding,
} from './flow.ts';
import { CHAT_ENTRIES, CHAT_STEPS, CHAT_STEP_IDS, type ChatStepId } from './steps.ts';
import { CHAT_TEXTS, fillChatText } from './texts.ts';
import { demoTenantFeatures, everyChatContext, featuresWithout } from './test-fixtures.ts';

const careline = demoTenantFeatures['careline-demo'];
const lakeside = demoTenantFeatures['first-tenant'];
const contexts = everyChatContext();

const signedIn: ChatFlowContext = { ...emptyChatFlowContext, signedIn: true, hasProfiles: true };

/** The texts of a landing's messages. */
function said(landing: ChatLanding | null): string[] {
  return landing !== null && landing.kind !== 'off' ? landing.say.map((say) => CHAT_TEXTS[say.text]) : [];
}

/** Where a landing stopped: the step id, the route, or 'off'. */
function stop(landing: ChatLanding | null): string | null {
  if (landing === null) {
    return null;
  }
  return landing.kind === 'step' ? landing.step : landing.kind === 'route' ? landing.route : 'off';
}

type Exploration = {
  /** Steps the flow showed or passed through, from any entry, in any context. */
  reached: Set<ChatStepId>;
  /** Steps passed through in a context where they do not show (none, if the show conditions hold). */
  passedHidden: Set<string>;
};

const explored = new Map<FeatureFlags, Exploration>();

/**
 * Walks the graph as a patient would, in every context: each entry, then every open choice of each
 * step it lands on, until nothing new is reached. The context stays fixed along a walk, except the
 * service a choice starts; taken over all contexts, that covers every path.
 */
function explore(features: FeatureFlags): Exploration {
  const known = explored.get(features);
  if (known !== undefined) {
    return known;
  }
  const reached = new Set<ChatStepId>();
  const passedHidden = new Set<string>();
  for (const context of contexts) {
    const seen = new Set<string>();
    const queue: { landing: ChatLanding; context: ChatFlowContext }[] = CHAT_ENTRIES.map((entry) => ({
      landing: enterChat(entry, context, features),
      context,
    }));
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
      if (item.landing.kind === 'off') {
        continue;
      }
      const here: ChatFlowContext =
        item.landing.service === item.context.service ? item.context : { ...item.context, service: item.landing.service };
      for (const step of item.landing.passed) {
        reached.add(step);
        if (!chatStepShown(step, here, features)) {
          passedHidden.add(step);
        }
      }
      if (item.landing.kind !== 'step') {
        continue;
      }
      const key = `${item.landing.step}|${String(here.service)}`;
      if (seen.has(key)) {
        continue;
      }
      seen.add(key);
      for (const choice of CHAT_STEPS[item.landing.step].next) {
        const next = chooseInChat(item.landing.step, choice.on, here, features);
        if (next !== null) {
          queue.push({ landing: next, context: here });
        }
      }
    }
  }
  const exploration = { reached, passedHidden };
  explored.set(features, exploration);
  return exploration;
}

const everything = explore(careline);

describe('reachability (issue 12: every step is reachable from an entry)', () => {
  it('reaches every step from an entry with every chat flag on, walking as a patient would', () => {
    expect([...everything.reached].sort()).toEqual([...CHAT_STEP_IDS].sort());
  });

  it('agrees with the flags-only reachability', () => {
    expect([...reachableChatSteps(careline)].sort()).toEqual([...CHAT_STEP_IDS].sort());
  });

  it('never loops between hidden or automatic steps, in any context', () => {
    for (const context of contexts) {
      for (const entry of CHAT_ENTRIES) {
        expect(() => enterChat(entry, context, lakeside)).not.toThrow();
      }
    }
  });
});

describe('feature flags (issue 12: every feature flag hides its steps)', () => {
  // The steps that only the flag shows: all of their flags are the ones turned off.
  const onlyFlagged = (off: readonly ChatFeature[]) =>
    CHAT_STEP_IDS.filter((id) => {
      const flags = CHAT_STEPS[id].features;
      return flags.length > 0 && flags.every((flag) => off.includes(flag));
    });

  it.each(CHAT_FEATURES.filter((feature) => feature !== 'chat').map((feature) => [feature]))(
    '%s off hides its menu button and the steps only it shows',
    (feature) => {
      const features = featuresWithout(feature);
      const hidden = onlyFlagged([feature]);
      const walked = explore(features);
      for (const id of hidden) {
        expect(walked.reached.has(id), id).toBe(false);
        expect(reachableChatSteps(features).has(id), id).toBe(false);
        expect(chatStepShown(id, signedIn, features), id).toBe(false);
      }
      // Everything else is still reached.
      expect([...walked.reached].sort()).toEqual(CHAT_STEP_IDS.filter((id) => !hidden.includes(id)).sort());
      const menu = chatButtons('service-type-menu', signedIn, features);
      expect(menu.some((choice) => choice.features?.includes(feature))).toBe(false);
      expect(menu).toHaveLength(chatButtons('service-type-menu', signedIn, careline).length - 1);
    },
  );

  it('with both Book a Doctor and Video Channel off, hides every consultation step', () => {
    const features = featuresWithout('channelling', 'videoChannelling');
    const walked = explore(features);
    for (const id of ['recent-doctor', 'search-actions', 'doctor-by-name', 'specialty', 'recent-organization', 'session-list', 'consultation-booking'] as const) {
      expect(walked.reached.has(id), id).toBe(false);
    }
    expect(walked.reached.has('organization-picker')).toBe(true);
  });

  it('with every order and consultation flag off, hides the organization steps too', () => {
    const off = ['channelling', 'videoChannelling', 'medicationOrder', 'examinationOrder', 'procedureOrder'] as const;
    const walked = explore(featuresWithout(...off));
    for (const id of onlyFlagged(off)) {
      expect(walked.reached.has(id), id).toBe(false);
    }
    expect(walked.reached.has('organization-picker')).toBe(false);
    expect(walked.reached.has('organization-chosen')).toBe(false);
  });

  it('chat.enabled off turns the whole chat off', () => {
    const features = featuresWithout('chat');
    for (const entry of CHAT_ENTRIES) {
      expect(enterChat(entry, signedIn, features)).toEqual({ kind: 'off' });
    }
    expect(chooseInChat('service-type-menu', 'book-a-doctor', signedIn, features)).toEqual({ kind: 'off' });
    expect(reachableChatSteps(features).size).toBe(0);
    for (const id of CHAT_STEP_IDS) {
      expect(chatStepShown(id, signedIn, features)).toBe(false);
    }
  });

  it('sends a /chat-home/{category} path of a service that is off back to the upcoming check', () => {
    const landing = enterChat('normal', { ...signedIn, service: 'medication' }, featuresWithout('medicationOrder'));
    expect(stop(landing)).toBe('service-type-menu');
    expect(landing.kind === 'step' ? landing.passed : []).toEqual(['normal', 'greeting', 'check-user-loggedin', 'upcoming-check', 'service-type-menu']);
  });
});

describe('show conditions (issue 12: every show condition holds)', () => {
  const usedConditions = new Set<ChatCondition>();
  for (const id of CHAT_STEP_IDS) {
    CHAT_STEPS[id].showWhen.forEach((condition) => usedConditions.add(condition));
    for (const choice of CHAT_STEPS[id].next) {
      (choice.when ?? []).forEach((condition) => usedConditions.add(condition));
      (choice.say ?? []).forEach((say) => (say.when ?? []).forEach((condition) => usedConditions.add(condition)));
    }
    CHAT_STEPS[id].say.forEach((say) => (say.when ?? []).forEach((condition) => usedConditions.add(condition)));
  }

  it('passes through a step only in a context where its show conditions hold', () => {
    expect([...everything.passedHidden]).toEqual([]);
    expect([...explore(lakeside).passedHidden]).toEqual([]);
  });

  it.each(CHAT_STEP_IDS.filter((id) => CHAT_STEPS[id].showWhen.length > 0).map((id) => [id]))(
    '%s shows exactly where its conditions hold, and goes to its otherwise elsewhere',
    (id) => {
      const definition = CHAT_STEPS[id];
      const results = contexts.map((context) => {
        const holds = allConditionsHold(definition.showWhen, context);
        expect(chatStepShown(id, context, careline)).toBe(holds);
        const landing = resumeChat(id, context, careline);
        const passed = landing.kind === 'off' ? [] : landing.passed;
        if (holds) {
          expect(passed[0]).toBe(id);
        } else {
          expect(passed.includes(id)).toBe(false);
          // it went on by its otherwise (which may itself be hidden and go on by its own)
          const otherwise = definition.otherwise;
          expect(otherwise).not.toBeNull();
          if (otherwise !== null && chatStepShown(otherwise, context, careline)) {
            expect(passed[0]).toBe(otherwise);
          }
        }
        return holds;
      });
      expect(results.includes(true) && results.includes(false)).toBe(true);
    },
  );

  it('shows a conditioned button exactly where its conditions hold', () => {
    for (const id of CHAT_STEP_IDS) {
      for (const choice of CHAT_STEPS[id].next.filter((candidate) => candidate.by === 'user' && (candidate.when ?? []).length > 0)) {
        const results = contexts.map((context) => {
          const holds = allConditionsHold(choice.when ?? [], context);
          expect(chatButtons(id, context, careline).includes(choice), `${id} ${choice.on}`).toBe(holds);
          return holds;
        });
        expect(results.includes(true) && results.includes(false), `${id} ${choice.on}`).toBe(true);
      }
    }
  });

  it('uses only conditions that can both hold and fail', () => {
    for (const condition of usedConditions) {
      expect(CHAT_CONDITIONS).toContain(condition);
      const outcomes = contexts.map((context) => allConditionsHold([condition], context));
      expect(outcomes.includes(true) && outcomes.includes(false), condition).toBe(true);
    }
  });

  it('hides the multi-organization option in a single-organization chat (spec doc 1 §2)', () => {
    const single = { ...signedIn, singleOrganization: true, hasRecentOrganization: true, service: 'consultation' as const };
    expect(chatButtons('recent-organization', single, careline).map((choice) => choice.on)).toEqual(['pick-organization']);
    expect(chatButtons('recent-organization', { ...single, singleOrganization: false }, careline).map((choice) => choice.on)).toEqual([
      'pick-organization',
      'another-organization',
    ]);
    // No picker in a single-organization chat: the session list follows at once.
    expect(stop(chooseInChat('doctor-by-name', 'pick-doctor', { ...single, hasRecentOrganization: false }, careline))).toBe('session-list');
  });
});

describe('the demo tenants, with the spec flags (doc 1 §6)', () => {
  const serviceLabels = ['Book a Doctor', 'Video Channel', 'Home Visit', 'Home Lab Test', 'Online Pharmacy', 'Chat With Hospital'];
  const signedInLabels = ['What is my upcoming', 'Show my profile', 'Show my online payment history'];
  const labels = (features: FeatureFlags, context: ChatFlowContext) =>
    chatButtons('service-type-menu', context, features).map((choice) => (choice.label === undefined ? '' : CHAT_TEXTS[choice.label]));

  it('uses the spec flags: the base has every chat flag on; the first tenant turns medication and agent chat off', () => {
    for (const feature of CHAT_FEATURES) {
      expect(careline[feature].enabled, feature).toBe(true);
      expect(lakeside[feature].enabled, feature).toBe(feature !== 'medicationOrder' && feature !== 'agentChat');
    }
    expect(lakeside.editProfile.enabled).toBe(false);
    expect(lakeside.paymentGateWay).toMatchObject({ genie: false, mobileBill: false });
    expect(lakeside.channelling.reserve).toBe(true);
    expect(careline.channelling.reserve).toBe(false);
  });

  it('careline-demo (the base configuration) offers every service, and reaches every step', () => {
    expect(labels(careline, signedIn)).toEqual([...serviceLabels, ...signedInLabels]);
    expect(labels(careline, emptyChatFlowContext)).toEqual(serviceLabels);
    expect(everything.reached.size).toBe(CHAT_STEP_IDS.length);
  });

  it('first-tenant (Lakeside) has no Online Pharmacy and no Chat With Hospital, nor their steps', () => {
    expect(labels(lakeside, signedIn)).toEqual([
      'Book a Doctor',
      'Video Channel',
      'Home Visit',
      'Home Lab Test',
      ...signedInLabels,
    ]);
    const unreachable = CHAT_STEP_IDS.filter((id) => !explore(lakeside).reached.has(id));
    expect(unreachable.sort()).toEqual(
      // The upload steps stay: a Home Lab Test and a Home Visit upload the doctor's request through
      // them, and a Home Visit takes its address at delivery-address.
      ['agent-chat', 'delivery-mode', 'suggest-recent-organization-medication'].sort(),
    );
    expect([...reachableChatSteps(lakeside)].sort()).toEqual(CHAT_STEP_IDS.filter((id) => !unreachable.includes(id)).sort());
  });

  it('leads every menu button of both tenants somewhere real', () => {
    for (const features of [careline, lakeside]) {
      for (const choice of chatButtons('service-type-menu', signedIn, features)) {
        const landing = chooseInChat('service-type-menu', choice.on, signedIn, features);
        expect(landing?.kind, choice.on).not.toBe('off');
        const first = landing?.kind === 'step' ? landing.passed[0] : stop(landing);
        expect(first, choice.on).not.toBe('service-type-menu');
        expect(first, choice.on).toBeTruthy();
      }
    }
  });
});

describe('walking the flow', () => {
  const morning = { partOfDay: 'morning' };

  it('normal, signed out: greeting, then the mobile number', () => {
    const landing = enterChat('normal', emptyChatFlowContext, careline);
    expect(stop(landing)).toBe('mobile-number');
    expect(said(landing)).toEqual(['Good {partOfDay}', 'Please type your mobile number to sign in.']);
    expect(fillChatText('greeting', morning)).toBe('Good morning');
  });

  it('normal, signed in without profiles: the registration form', () => {
    expect(stop(enterChat('normal', { ...emptyChatFlowContext, signedIn: true }, careline))).toBe('registration');
  });

  it('normal, signed in with upcoming events: lists them, then the menu', () => {
    const landing = enterChat('normal', { ...signedIn, hasUpcomingEvents: true }, careline);
    expect(landing.kind === 'step' ? landing.passed : []).toEqual([
      'normal',
      'greeting',
      'check-user-loggedin',
      'upcoming-check',
      'upcoming-events',
      'service-type-menu',
    ]);
    expect(said(landing)).toEqual(['Good {partOfDay}', 'Here are your upcoming appointments.', 'How can I help you today?']);
  });

  it('restart: no second greeting', () => {
    const landing = enterChat('restart', signedIn, careline);
    expect(stop(landing)).toBe('service-type-menu');
    expect(said(landing)).toEqual(['How can I help you today?']);
  });

  it.each([
    ['link-signed-in', '{linkDestination}'],
    ['link-code-sent', 'otp'],
    ['link-invalid-number', 'mobile-number'],
    ['link-failed', '/accessDenied'],
  ])('link-follow waits at init-link-follow; %s leads to %s', (outcome, where) => {
    const context = { ...emptyChatFlowContext, followingLink: true };
    expect(stop(enterChat('link-follow', context, careline))).toBe('init-link-follow');
    expect(stop(chooseInChat('init-link-follow', outcome, context, careline))).toBe(where);
  });

  it('a followed link needs the code first, then opens the link page', () => {
    const context = { ...emptyChatFlowContext, followingLink: true };
    expect(stop(chooseInChat('otp', 'code-verified', context, careline))).toBe('{linkDestination}');
    expect(stop(chooseInChat('otp', 'code-verified', { ...context, followingLink: false, signedIn: true, hasProfiles: true }, careline))).toBe(
      'service-type-menu',
    );
  });

  it('a wrong code loops back to verification without repeating the code message', () => {
    const landing = chooseInChat('otp', 'code-wrong', emptyChatFlowContext, careline);
    expect(stop(landing)).toBe('otp');
    expect(said(landing)).toEqual(['that is not the code I sent you']);
    expect(said(chooseInChat('otp', 'code-resent', emptyChatFlowContext, careline))).toEqual(['OTP Resent']);
  });

  it('the code step says where the code went and warns of SMS delays', () => {
    const landing = chooseInChat('mobile-number', 'code-sent', emptyChatFlowContext, careline);
    expect(stop(landing)).toBe('otp');
    expect(landing?.kind === 'step' ? landing.say : []).toEqual([
      { text: 'codeSentTo', kind: 'assistant' },
      { text: 'smsDelay', kind: 'event' },
    ]);
    expect(fillChatText('codeSentTo', { mobileNo: '94771234567' })).toBe('I sent a verification code by SMS to +94771234567.');
  });

  it('after booking, returns to the upcoming check, which now lists the booking', () => {
    const landing = chooseInChat('consultation-booking', 'booked', { ...signedIn, hasUpcomingEvents: true, service: 'consultation' }, careline);
    expect(landing?.kind === 'step' ? landing.passed : []).toEqual(['upcoming-check', 'upcoming-events', 'service-type-menu']);
    expect(said(landing)).toEqual(['Your appointment is booked.', 'Here are your upcoming appointments.', 'How can I help you today?']);
  });

  it.each([
    ['order-confirmation', 'medication', 'Unable to create order'],
    ['order-confirmation', 'examination', 'Unable to create lab test'],
    ['procedure-confirmation', 'procedure', 'Unable to create home visit request'],
  ] as const)('%s for %s: created returns to the upcoming check; a failure says %s', (step, service, failure) => {
    const context = { ...signedIn, service };
    const created = chooseInChat(step, 'order-created', context, careline);
    expect(created?.kind === 'step' ? created.passed[0] : null).toBe('upcoming-check');
    expect(said(created)[0]).toBe('Your request send to hospital');
    const failed = chooseInChat(step, 'order-failed', context, careline);
    expect(stop(failed)).toBe(step);
    expect(said(failed)).toEqual([failure]);
  });

  it.each([
    ['/chat-home/Medication', 'medication', 'suggest-recent-organization-medication', 'prescription-upload'],
    ['/chat-home/Examination', 'examination', 'suggest-recent-organization-lab', 'lab-test-selection'],
    ['/chat-home/Procedure', 'procedure', 'suggest-recent-organization-procedure', 'home-visit-time'],
  ] as const)('%s starts the %s flow at %s, then %s', (path, service, suggest, first) => {
    expect(chatServiceForPath(path)).toBe(service);
    const context = { ...signedIn, service: chatServiceForPath(path), hasRecentOrganization: true };
    expect(stop(enterChat('normal', context, careline))).toBe(suggest);
    expect(stop(chooseInChat(suggest, 'pick-organization', context, careline))).toBe(first);
    expect(stop(chooseInChat(suggest, 'another-organization', context, careline))).toBe('organization-picker');
    expect(stop(enterChat('normal', { ...context, hasRecentOrganization: false }, careline))).toBe('organization-picker');
    expect(stop(enterChat('normal', { ...context, hasRecentOrganization: false, singleOrganization: true }, careline))).toBe(first);
  });

  it('starts a menu service and remembers it', () => {
    const landing = chooseInChat('service-type-menu', 'home-lab-test', { ...signedIn, hasRecentOrganization: true }, careline);
    expect(stop(landing)).toBe('suggest-recent-organization-lab');
    expect(landing?.kind === 'step' ? landing.service : null).toBe('examination');
  });

  it("books a doctor: the search actions ('My recent doctor' among them when there is one); See more only with more sessions", () => {
    expect(stop(chooseInChat('service-type-menu', 'book-a-doctor', { ...signedIn, hasRecentDoctor: true }, careline))).toBe('search-actions');
    expect(stop(chooseInChat('service-type-menu', 'video-channel', signedIn, careline))).toBe('search-actions');
    const sessions = { ...signedIn, service: 'consultation' as const, hasSessions: true };
    expect(chatButtons('session-list', sessions, careline).map((choice) => choice.on)).toEqual(['pick-session', 'search-again']);
    const more = { ...sessions, hasMoreSessions: true };
    expect(chatButtons('session-list', more, careline).map((choice) => choice.on)).toEqual(['see-more', 'pick-session', 'search-again']);
    expect(said(chooseInChat('session-list', 'see-more', more, careline))).toEqual([]);
    expect(said(chooseInChat('organization-picker', 'pick-organization', { ...sessions, hasSessions: false }, careline))).toEqual([
      "I couldn't find any sessions",
    ]);
  });

  it("'What is my upcoming' with nothing upcoming says the spec's words", () => {
    expect(said(chooseInChat('service-type-menu', 'what-is-my-upcoming', signedIn, careline))).toEqual([
      "I couldn't find any sessions",
      'How can I help you today?',
    ]);
  });

  it('routes the profile and payment history buttons, and refuses a choice the step does not offer', () => {
    expect(stop(chooseInChat('service-type-menu', 'show-my-profile', signedIn, careline))).toBe('/profiles');
    expect(stop(chooseInChat('service-type-menu', 'show-my-online-payment-history', signedIn, careline))).toBe('/profiles/my-payment-history');
    expect(chooseInChat('service-type-menu', 'show-my-profile', emptyChatFlowContext, careline)).toBeNull();
    expect(chooseInChat('service-type-menu', 'online-pharmacy', signedIn, lakeside)).toBeNull();
    expect(chooseInChat('otp', 'no-such-choice', signedIn, careline)).toBeNull();
  });

  it.each([
    [{}, 'normal'],
    [{ accessToken: null }, 'normal'],
    [{ accessToken: '' }, 'normal'],
    [{ restart: true }, 'restart'],
    [{ accessToken: 'OTQ3N19fMA==', restart: true }, 'link-follow'],
  ] as const)('chatEntryFor(%j) is %s', (opened, entry) => {
    expect(chatEntryFor(opened)).toBe(entry);
  });

  it.each([
    ['/chat-home', null],
    ['/chat-home/Examination', 'examination'],
    ['/chat-home/medication', null],
    ['/chat-home/Admission', null],
  ] as const)('chatServiceForPath(%s) is %s', (path, service) => {
    expect(chatServiceForPath(path)).toBe(service);
  });
});
