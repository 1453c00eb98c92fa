/**
 * Walking the step graph of ./steps.ts: which step the chat lands on from an entry or a choice,
 * what the assistant says on the way, which buttons show, and which steps a tenant can reach.
 */
import type { FeatureFlags } from '../tenant/types.ts';
import { allConditionsHold, type ChatFlowContext, type ChatService } from './conditions.ts';
import { anyChatFeatureOn } from './features.ts';
import {
  CHAT_ENTRIES,
  CHAT_FLAG_FALLBACK,
  CHAT_STEPS,
  CHAT_STEP_IDS,
  type ChatChoice,
  type ChatEntry,
  type ChatSay,
  type ChatStepId,
} from './steps.ts';
import type { ChatTextKey } from './texts.ts';

/** A message to say, its conditions already checked. */
export type ChatMessageToSay = { text: ChatTextKey; kind: 'assistant' | 'event' };

/**
 * Where the chat lands: a step to show, a route to open, or nowhere when chat.enabled is off.
 * passed lists the steps gone through, the landing step included; say lists what to say on the
 * way, in order; service is the conversation's service from here on.
 */
export type ChatLanding =
  | { kind: 'step'; step: ChatStepId; passed: ChatStepId[]; say: ChatMessageToSay[]; service: ChatService | null }
  | { kind: 'route'; route: string; passed: ChatStepId[]; say: ChatMessageToSay[]; service: ChatService | null }
  | { kind: 'off' };

function toSay(says: readonly ChatSay[], context: ChatFlowContext): ChatMessageToSay[] {
  return says
    .filter((say) => allConditionsHold(say.when ?? [], context))
    .map((say) => ({ text: say.text, kind: say.kind ?? 'assistant' }));
}

/**
 * Whether a choice is open: its show conditions hold and one of its feature flags is on.
 * @param choice - the choice
 * @param context - what the flow knows
 * @param features - the tenant's feature flags
 */
export function chatChoiceOpen(choice: ChatChoice, context: ChatFlowContext, features: FeatureFlags): boolean {
  return allConditionsHold(choice.when ?? [], context) && anyChatFeatureOn(features, choice.features ?? []);
}

/**
 * Whether a step shows: chat.enabled is on, one of its flags is on, and its show conditions hold.
 * @param id - the step
 * @param context - what the flow knows
 * @param features - the tenant's feature flags
 */
export function chatStepShown(id: ChatStepId, context: ChatFlowContext, features: FeatureFlags): boolean {
  const definition = CHAT_STEPS[id];
  return (
    features.chat.enabled &&
    anyChatFeatureOn(features, definition.features) &&
    allConditionsHold(definition.showWhen, context)
  );
}

/**
 * The step's buttons and tappable items that show now (its open 'user' choices), in order.
 * @param id - the step
 * @param context - what the flow knows
 * @param features - the tenant's feature flags
 */
export function chatButtons(id: ChatStepId, context: ChatFlowContext, features: FeatureFlags): ChatChoice[] {
  return CHAT_STEPS[id].next.filter((choice) => choice.by === 'user' && chatChoiceOpen(choice, context, features));
}

// More hops than steps means a cycle of hidden or automatic steps: a bug in the graph.
const MAX_HOPS = CHAT_STEP_IDS.length * 2;

function land(
  start: ChatStepId,
  context: ChatFlowContext,
  features: FeatureFlags,
  said: ChatMessageToSay[],
): ChatLanding {
  if (!features.chat.enabled) {
    return { kind: 'off' };
  }
  const passed: ChatStepId[] = [];
  let id = start;
  for (let hop = 0; hop < MAX_HOPS; hop += 1) {
    const definition = CHAT_STEPS[id];
    if (!anyChatFeatureOn(features, definition.features)) {
      id = CHAT_FLAG_FALLBACK;
      continue;
    }
    if (!allConditionsHold(definition.showWhen, context)) {
      if (definition.otherwise === null) {
        throw new Error(`chat step ${id} is hidden and has nowhere else to go`);
      }
      id = definition.otherwise;
      continue;
    }
    passed.push(id);
    said.push(...toSay(definition.say, context));
    const auto = definition.next.find((choice) => choice.by === 'auto' && chatChoiceOpen(choice, context, features));
    if (auto === undefined) {
      return { kind: 'step', step: id, passed, say: said, service: context.service };
    }
    if ('route' in auto.to) {
      return { kind: 'route', route: auto.to.route, passed, say: said, service: context.service };
    }
    id = auto.to.step;
  }
  throw new Error(`chat flow loops from ${start}`);
}

/**
 * Where the chat lands from an entry (spec doc 1 §4: normal, restart or link-follow).
 * @param entry - the entry
 * @param context - what the flow knows (for /chat-home/{category}, service is already set)
 * @param features - the tenant's feature flags
 */
export function enterChat(entry: ChatEntry, context: ChatFlowContext, features: FeatureFlags): ChatLanding {
  return land(entry, context, features, []);
}

/**
 * Where the chat lands when it comes back to a step it was on, e.g. after a reload with the step
 * kept on the device: the step again if it still shows, else where it would have gone instead
 * (the patient signed in meanwhile, the flag was turned off). Its messages are not said again.
 * @param id - the step the chat was on
 * @param context - what the flow knows now
 * @param features - the tenant's feature flags
 */
export function resumeChat(id: ChatStepId, context: ChatFlowContext, features: FeatureFlags): ChatLanding {
  const landing = land(id, context, features, []);
  if (landing.kind === 'off' || landing.passed[0] !== id) {
    return landing;
  }
  const repeated = toSay(CHAT_STEPS[id].say, context).length;
  return { ...landing, say: landing.say.slice(repeated) };
}

/**
 * Where the chat lands when a choice is made at a step: the first open choice of that name is
 * taken. A choice that stays on its step says only its own messages (a wrong code, 'See more').
 * Null when the step has no open choice of that name.
 * @param from - the step the chat is on
 * @param on - the choice's name, e.g. 'book-a-doctor' or 'code-wrong'
 * @param context - what the flow knows
 * @param features - the tenant's feature flags
 */
export function chooseInChat(
  from: ChatStepId,
  on: string,
  context: ChatFlowContext,
  features: FeatureFlags,
): ChatLanding | null {
  if (!features.chat.enabled) {
    return { kind: 'off' };
  }
  const choice = CHAT_STEPS[from].next.find((candidate) => candidate.on === on && chatChoiceOpen(candidate, context, features));
  if (choice === undefined) {
    return null;
  }
  const next: ChatFlowContext = choice.service === undefined ? context : { ...context, service: choice.service };
  const said = toSay(choice.say ?? [], next);
  if ('route' in choice.to) {
    return { kind: 'route', route: choice.to.route, passed: [], say: said, service: next.service };
  }
  if (choice.to.step === from) {
    return { kind: 'step', step: from, passed: [from], say: said, service: next.service };
  }
  return land(choice.to.step, next, features, said);
}

/**
 * The steps a tenant's flags let the chat reach from its entries, whatever the conversation: a
 * step one of whose flags is on, reached by choices whose flags are on (show conditions aside).
 * @param features - the tenant's feature flags
 */
export function reachableChatSteps(features: FeatureFlags): Set<ChatStepId> {
  const reached = new Set<ChatStepId>();
  if (!features.chat.enabled) {
    return reached;
  }
  const queue: ChatStepId[] = [...CHAT_ENTRIES];
  const seen = new Set<ChatStepId>(queue);
  const visit = (id: ChatStepId) => {
    if (!seen.has(id)) {
      seen.add(id);
      queue.push(id);
    }
  };
  while (queue.length > 0) {
    const id = queue.shift() as ChatStepId;
    const definition = CHAT_STEPS[id];
    if (!anyChatFeatureOn(features, definition.features)) {
      visit(CHAT_FLAG_FALLBACK);
      continue;
    }
    reached.add(id);
    if (definition.otherwise !== null) {
      visit(definition.otherwise);
    }
    for (const choice of definition.next) {
      if ('step' in choice.to && anyChatFeatureOn(features, choice.features ?? [])) {
        visit(choice.to.step);
      }
    }
  }
  return reached;
}

/**
 * The entry for how the chat home was opened: link-follow when the address carries an
 * access_token (spec doc 1 §2, §4 Link sign-in), restart when the host starts over, else normal.
 * @param opened - the access_token query parameter, if any, and whether the host restarts
 */
export function chatEntryFor(opened: { accessToken?: string | null; restart?: boolean }): ChatEntry {
  if (opened.accessToken !== undefined && opened.accessToken !== null && opened.accessToken !== '') {
    return 'link-follow';
  }
  return opened.restart === true ? 'restart' : 'normal';
}

/**
 * The service a chat path starts (spec doc 3 §2: "Chat paths containing Examination, Medication or
 * Procedure start the matching flow"), or null for a path that names none. Case as the spec writes it.
 * @param path - the location's pathname, e.g. '/chat-home/Medication'
 */
export function chatServiceForPath(path: string): Extract<ChatService, 'medication' | 'examination' | 'procedure'> | null {
  if (path.includes('Examination')) {
    return 'examination';
  }
  if (path.includes('Medication')) {
    return 'medication';
  }
  return path.includes('Procedure') ? 'procedure' : null;
}
