import { stringifyVariables } from '@urql/core';
import { ownerOf } from '../offline/owner.ts';
import { getAccessToken } from '../session/session-storage.ts';
import { serverScreenReplacedEvent } from './takeover-event.ts';

/*
 * A screen the server wrote before the app ran (issue 33 §1, apps/server/src/web-app.doctor.ts): it
 * stays on screen, usable, while the app renders out of sight; the app's screen replaces it in one
 * frame once it is settled (its heading there, nothing loading), so no spinner flashes in between.
 * What was typed into it goes on in the app's field. The answers it was written from answer the app's
 * first queries of the same name and variables until then: the page's fetch stands in for the
 * browser's (the GraphQL client calls the global fetch), so this costs the entry of every other page
 * nothing. Loaded by the entry only for a page with such a screen.
 */

/** The id of the JSON block of the answers (apps/server/src/web-app.doctor.ts). */
export const serverAnswersElementId = 'careline-server-answers';

type Answer = { operationName: string; variables: unknown; data: unknown };

/**
 * The key of an answer: the query's name and its variables (order of keys does not matter).
 * @param operationName - the query's name
 * @param variables - its variables
 */
export function pageAnswerKey(operationName: unknown, variables: unknown): string {
  return `${String(operationName)}|${stringifyVariables(variables ?? {})}`;
}

/**
 * fetch, answering a GraphQL query whose answer is among the page's from it.
 * @param answers - answer key → data
 * @param network - the browser's fetch, for everything else
 */
export function answeringFetch(answers: ReadonlyMap<string, unknown>, network: typeof fetch): typeof fetch {
  return (input, init) => {
    if (typeof init?.body === 'string') {
      try {
        const sent = JSON.parse(init.body) as { operationName?: unknown; variables?: unknown };
        const data = answers.get(pageAnswerKey(sent.operationName, sent.variables));
        if (data !== undefined) {
          return Promise.resolve(new Response(JSON.stringify({ data }), { headers: { 'content-type': 'application/json' } }));
        }
      } catch {
        // not a JSON body: the network's
      }
    }
    return network(input, init);
  };
}

function readAnswers(root: Document): Map<string, unknown> | null {
  const element = root.getElementById(serverAnswersElementId);
  if (!element) {
    return null;
  }
  element.remove();
  try {
    const list = JSON.parse(element.textContent ?? '[]') as Answer[];
    return new Map(list.map((answer) => [pageAnswerKey(answer.operationName, answer.variables), answer.data]));
  } catch {
    return null;
  }
}

/**
 * Whether the app's screen in the container is settled: the shell's main has its heading, shows
 * nothing loading (a spinner, a busy region) and, where the server's screen names one, what it showed
 * last (the chat's buttons: data-careline-settled).
 * @param container - the app's root
 * @param shows - a selector the app's main must match, or none
 */
export function appScreenSettled(container: ParentNode, shows?: string): boolean {
  const main = container.querySelector('main');
  return (
    main !== null &&
    main.querySelector('h1') !== null &&
    main.querySelector('[aria-busy="true"], .spinner, .chat-spinner') === null &&
    (shows === undefined || shows === '' || main.querySelector(shows) !== null)
  );
}

/**
 * Holds a press of a server button that stands for one of the app's (marked data-careline-carry): the
 * takeover code is here, so the press waits for the app's button of the same text, which it is then
 * made on (issue 33 §1: nothing the patient did before the app took over is lost). Without script the
 * button does what its form says.
 * @param screen - the server's screen
 * @returns the text of the last button pressed, or null
 */
function holdPresses(screen: HTMLElement): () => string | null {
  let pressed: string | null = null;
  screen.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button[data-careline-carry]') : null;
    if (button) {
      event.preventDefault();
      pressed = button.textContent?.trim() ?? null;
    }
  });
  return () => pressed;
}

/** Makes a held press on the app's button of the same text, or gives it the focus the server's had. */
function carryPress(container: HTMLElement, text: string | null, focused: string | null): void {
  const find = (wanted: string) =>
    [...container.querySelectorAll<HTMLButtonElement>('main button')].find((button) => button.textContent?.trim() === wanted && !button.disabled);
  if (text !== null) {
    find(text)?.click();
  } else if (focused !== null) {
    find(focused)?.focus();
  }
}

/** Gives what was typed into the server's field to the app's (as typing would), and the focus. */
function carryInput(from: HTMLInputElement | null, to: HTMLInputElement | null, focused: boolean): void {
  if (!from || !to) {
    return;
  }
  if (from.value !== '' && to.value !== from.value) {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(to, from.value);
    to.dispatchEvent(new Event('input', { bubbles: true }));
  }
  if (focused) {
    to.focus();
    to.setSelectionRange(to.value.length, to.value.length);
  }
}

/**
 * Keeps a server-written screen (one marked data-careline-takeover with its address) on screen while
 * the app renders into the hidden container, and swaps them once the app's screen is settled. Call
 * before the app's first render.
 * @param root - the document
 */
export function holdServerScreen(root: Document = document): void {
  const container = root.getElementById('root');
  const screen = container?.querySelector<HTMLElement>(':scope > [data-careline-takeover]');
  if (!container || !screen) {
    return;
  }
  // The screen of another address (a page kept from another visit), or one written for another token
  // than the one stored (an account's screen, issue 33 §1): the app's alone, as after a splash.
  const owner = screen.dataset.carelineOwner;
  if (
    screen.dataset.carelineTakeover !== root.location?.pathname.replace(/\/+$/, '') ||
    (owner !== undefined && owner !== ownerOf(getAccessToken()))
  ) {
    screen.remove();
    root.getElementById(serverAnswersElementId)?.remove();
    return;
  }
  const answers = readAnswers(root);
  const view = root.defaultView;
  // The browser's own fetch, put back as it was once the app took over.
  const network = view ? (Reflect.get(view, 'fetch') as typeof fetch | undefined) : undefined;
  const answering = answers && view && network ? answeringFetch(answers, (input, init) => network.call(view, input, init)) : null;
  if (view && answering) {
    view.fetch = answering;
  }
  // Out of the app's container (React replaces what is inside it) and in its place on the page.
  container.before(screen);
  container.hidden = true;
  const pressed = holdPresses(screen);
  const shows = screen.dataset.carelineSettled;
  const observer = new MutationObserver(() => {
    if (!appScreenSettled(container, shows)) {
      return;
    }
    observer.disconnect();
    const typed = screen.querySelector<HTMLInputElement>('input[data-careline-server-input]');
    const focused = typed !== null && root.activeElement === typed;
    const focusedButton =
      root.activeElement instanceof HTMLButtonElement && screen.contains(root.activeElement) && root.activeElement.dataset.carelineCarry !== undefined
        ? (root.activeElement.textContent?.trim() ?? null)
        : null;
    screen.remove();
    container.hidden = false;
    carryInput(typed, container.querySelector<HTMLInputElement>('main input[role="combobox"], main input[type="search"]'), focused);
    view?.dispatchEvent(new Event(serverScreenReplacedEvent));
    carryPress(container, pressed(), focusedButton);
    if (view && network && Reflect.get(view, 'fetch') === answering) {
      view.fetch = network;
    }
  });
  observer.observe(container, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy', 'class'] });
}
