// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountOwner } from '@careline/domain/ids';
import type { ServerUserProfile } from '../session/account-query.ts';
import { saveAccount } from '../session/session-storage.ts';
import { appScreenSettled, holdServerScreen, pageAnswerKey } from './server-screen.ts';

// issue 33 §1: a screen the server wrote stays until the app's is settled, then they swap in one go.
const answers = [
  { operationName: 'consultationSessions', variables: { actorReference: ['Organization/o1'], practitionerRoleCodingCode: null }, data: { querySession: [] } },
];

function serverPage(): void {
  document.body.innerHTML =
    '<div id="root"><div class="app-shell" data-careline-server-screen="doctor" data-careline-takeover="/doctor">' +
    '<main><h1>Find a doctor</h1><input data-careline-server-input="search" type="search" role="combobox" /></main></div>' +
    `<script id="careline-server-answers" type="application/json">${JSON.stringify(answers)}</script></div>`;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });

describe('holdServerScreen', () => {
  const browserFetch = vi.fn(() => Promise.resolve(new Response('{"data":{"network":true}}')));
  afterEach(() => {
    document.body.innerHTML = '';
    browserFetch.mockClear();
  });

  it('keeps the server screen while the app renders out of sight, then swaps them with what was typed', async () => {
    window.history.replaceState(null, '', '/doctor?organization=o1');
    window.fetch = browserFetch;
    serverPage();
    holdServerScreen();
    const root = document.getElementById('root') as HTMLElement;
    const server = document.querySelector<HTMLElement>('[data-careline-server-screen]');
    expect(root.hidden).toBe(true);
    expect(root.previousElementSibling).toBe(server);
    expect(document.getElementById('careline-server-answers')).toBeNull();

    // The app's first queries are answered from the page, in any order of their variables' keys.
    const answered = await window.fetch('/graphql', post({
      operationName: 'consultationSessions',
      variables: { practitionerRoleCodingCode: null, actorReference: ['Organization/o1'] },
    }));
    expect(await answered.json()).toEqual({ data: { querySession: [] } });
    await window.fetch('/graphql', post({ operationName: 'consultationSessions', variables: { actorReference: [] } }));
    expect(browserFetch).toHaveBeenCalledTimes(1);

    // The patient types into the server's field meanwhile.
    const typed = server?.querySelector('input') as HTMLInputElement;
    typed.focus();
    typed.value = 'card';

    // The app renders: loading first (the server's screen stays), then its screen.
    root.innerHTML = '<main><h1>Find a doctor</h1><input role="combobox" /><div aria-busy="true"></div></main>';
    await tick();
    expect(server?.isConnected).toBe(true);
    const appInput = root.querySelector('input') as HTMLInputElement;
    const onInput = vi.fn();
    appInput.addEventListener('input', onInput);
    root.querySelector('[aria-busy]')?.remove();
    await tick();

    expect(server?.isConnected).toBe(false);
    expect(root.hidden).toBe(false);
    expect(appInput.value).toBe('card');
    expect(onInput).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(appInput);
    // Later queries go to the network.
    expect(Reflect.get(window, 'fetch')).toBe(browserFetch);
  });

  it("leaves another address's server screen (a page kept from another visit) to the app at once", () => {
    window.history.replaceState(null, '', '/view/appointment');
    serverPage();
    holdServerScreen();
    expect(document.querySelector('[data-careline-server-screen]')).toBeNull();
    expect(document.getElementById('careline-server-answers')).toBeNull();
    expect(document.getElementById('root')?.hidden).toBe(false);
  });

  it("holds an account's screen only while the stored token is that account's (issue 33 §1)", () => {
    window.history.replaceState(null, '', '/view/appointment?appointmentId=a1');
    const accountPage = (owner: string) => {
      document.body.innerHTML =
        `<div id="root"><div class="app-shell" data-careline-takeover="/view/appointment" data-careline-owner="${owner}">` +
        '<main><h1>Your appointment</h1></main></div>' +
        `<script id="careline-server-answers" type="application/json">${JSON.stringify(answers)}</script></div>`;
    };
    const signedInAs = (token: string, accountId: string) => {
      window.localStorage.setItem('accessToken', token);
      saveAccount(token, { id: accountId } as ServerUserProfile);
    };
    // The server names the cookie's account as the app names the stored token's.
    signedInAs('token-of-the-page-account', 'account-1');
    accountPage(accountOwner('account-1'));
    holdServerScreen();
    expect(document.getElementById('root')?.hidden).toBe(true);
    expect(document.querySelector('[data-careline-owner]')?.isConnected).toBe(true);

    // A new token of the same account (signed in again): still that account's screen.
    signedInAs('a-newer-token-of-the-page-account', 'account-1');
    accountPage(accountOwner('account-1'));
    holdServerScreen();
    expect(document.querySelector('[data-careline-owner]')?.isConnected).toBe(true);

    // Another account signed in since: neither the screen nor its answers are used.
    signedInAs('another-accounts-token', 'account-2');
    accountPage(accountOwner('account-1'));
    holdServerScreen();
    expect(document.querySelector('[data-careline-owner]')).toBeNull();
    expect(document.getElementById('careline-server-answers')).toBeNull();
    expect(document.getElementById('root')?.hidden).toBe(false);

    // A token whose account the app has not loaded yet: not known to be the page's, so not used.
    window.localStorage.setItem('accessToken', 'a-token-not-loaded-yet');
    accountPage(accountOwner('account-1'));
    holdServerScreen();
    expect(document.querySelector('[data-careline-owner]')).toBeNull();
    window.localStorage.clear();
  });

  it("waits for what the server's screen names, and makes a press held before then on the app's button (issue 33 §1)", async () => {
    window.history.replaceState(null, '', '/chat-home');
    document.body.innerHTML =
      '<div id="root"><div class="app-shell" data-careline-takeover="/chat-home" data-careline-settled=".chat-suggestions button">' +
      '<main><h1>Chat</h1><section class="chat-suggestions"><form action="/doctor"><button type="submit" data-careline-carry="">Book a Doctor</button>' +
      '</form></section></main></div></div>';
    holdServerScreen();
    const serverButton = document.querySelector<HTMLButtonElement>('[data-careline-carry]');
    const submitted = vi.fn((event: Event) => event.preventDefault());
    document.addEventListener('submit', submitted);
    const replaced = vi.fn();
    window.addEventListener('careline:server-screen-replaced', replaced);
    serverButton?.click();
    // Held: the form does not go.
    expect(submitted).not.toHaveBeenCalled();
    const root = document.getElementById('root') as HTMLElement;
    const pressed = vi.fn();
    // The app's chat, its greeting shown but its buttons not yet: not settled.
    root.innerHTML = '<main><h1>Chat</h1><section class="chat-suggestions"></section></main>';
    await tick();
    expect(root.hidden).toBe(true);
    const appButton = document.createElement('button');
    appButton.textContent = 'Book a Doctor';
    appButton.addEventListener('click', pressed);
    root.querySelector('.chat-suggestions')?.append(appButton);
    await tick();
    expect(root.hidden).toBe(false);
    expect(document.querySelector('[data-careline-takeover]')).toBeNull();
    expect(pressed).toHaveBeenCalledTimes(1);
    expect(replaced).toHaveBeenCalledTimes(1);
    document.removeEventListener('submit', submitted);
  });

  it('leaves a page without a server screen to the app', () => {
    document.body.innerHTML = '<div id="root"><div class="splash"></div></div>';
    holdServerScreen();
    expect(document.getElementById('root')?.hidden).toBe(false);
  });

  it('counts a screen as settled with its heading and nothing loading', () => {
    const box = document.createElement('div');
    box.innerHTML = '<main><span class="spinner"></span></main>';
    expect(appScreenSettled(box)).toBe(false);
    box.innerHTML = '<main><h1>Sign in</h1></main>';
    expect(appScreenSettled(box)).toBe(true);
    expect(appScreenSettled(box, '.chat-suggestions button')).toBe(false);
    box.innerHTML = '<main><h1>Chat</h1><span class="chat-spinner"></span><div class="chat-suggestions"><button></button></div></main>';
    expect(appScreenSettled(box, '.chat-suggestions button')).toBe(false);
    expect(pageAnswerKey('q', { b: 1, a: 2 })).toBe(pageAnswerKey('q', { a: 2, b: 1 }));
  });
});
