// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientOptions, Client as WsClient } from 'graphql-ws';
import { clearStoredSession, getAccessToken, setAccessToken } from '../session/session-storage.ts';
import { authActionFor, performAuthAction } from './auth-errors.ts';
import { createGraphQLClient, socketUrlWithToken } from './client.ts';
import { errorText } from '@careline/ui/graphql';

function fakeWsClient(): WsClient {
  return {
    on: () => () => undefined,
    subscribe: () => () => undefined,
    iterate: () => {
      throw new Error('not used');
    },
    dispose: () => undefined,
    terminate: () => undefined,
  };
}

type Call = { headers: Record<string, string> };

function fakeFetch(body: unknown, calls: Call[]): typeof fetch {
  return async (_input, init) => {
    // Header names are case-insensitive on the wire; urql sends them lower-cased.
    calls.push({ headers: Object.fromEntries(new Headers(init?.headers).entries()) });
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

function clientWith(body: unknown, calls: Call[] = []) {
  const onAuthError = vi.fn();
  const { client } = createGraphQLClient({
    url: 'http://localhost/graphql',
    socketUrl: 'ws://localhost/graphql',
    fetch: fakeFetch(body, calls),
    onAuthError,
    createWsClient: (_options: ClientOptions) => fakeWsClient(),
  });
  return { client, onAuthError, calls };
}

const errorBody = (message: string) => ({ data: null, errors: [{ message }] });

afterEach(() => {
  clearStoredSession();
});

describe('GraphQL calls (spec doc 1 §7)', () => {
  it('carry the stored token as a bearer header and a fresh correlation id each time', async () => {
    setAccessToken('token-abc');
    const { client, calls } = clientWith({ data: { tenantConfig: {} } });
    await client.query('query tenantConfig { tenantConfig }', {}).toPromise();
    await client.query('query tenantConfig { tenantConfig }', {}).toPromise();
    expect(calls).toHaveLength(2);
    expect(calls[0]?.headers.authorization).toBe('Bearer token-abc');
    const ids = calls.map((call) => call.headers['x-correlation-id']);
    expect(ids[0]).toMatch(/\S{8,}/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('send no authorisation header when signed out', async () => {
    const { client, calls } = clientWith({ data: { tenantConfig: {} } });
    await client.query('query tenantConfig { tenantConfig }', {}).toPromise();
    expect(calls[0]?.headers.authorization).toBeUndefined();
  });

  it('put the token on the websocket address', () => {
    expect(socketUrlWithToken('wss://a.example/graphql', 'x y')).toBe('wss://a.example/graphql?access_token=x%20y');
    expect(socketUrlWithToken('wss://a.example/graphql', null)).toBe('wss://a.example/graphql');
  });
});

describe('error handling (spec doc 1 §8)', () => {
  it('ARO-E1022 on a query clears stored login data and reloads', async () => {
    setAccessToken('token-abc');
    const { client, onAuthError } = clientWith(errorBody('ARO-E1022:Authentication failed'));
    const result = await client.query('query queryOneProfile { queryOneProfile { id } }', {}).toPromise();
    expect(onAuthError).toHaveBeenCalledWith('reload-clear', 'Authentication failed');
    expect(errorText(result.error)).toBe('Authentication failed');
  });

  it('ARO-E1022 on a mutation does not reload', async () => {
    const { client, onAuthError } = clientWith(errorBody('ARO-E1022:Authentication failed'));
    await client.mutation('mutation logout { logout }', {}).toPromise();
    expect(onAuthError).not.toHaveBeenCalled();
  });

  it.each([
    ['ARO-E1023:Please login', 'Please login'],
    ['ARO-E1024:You have been logged out, please login again', 'You have been logged out, please login again'],
  ])('%s logs the patient out', async (message, text) => {
    const { client, onAuthError } = clientWith(errorBody(message));
    const result = await client.mutation('mutation logout { logout }', {}).toPromise();
    expect(onAuthError).toHaveBeenCalledWith('logout', text);
    expect(errorText(result.error)).toBe(text);
  });

  it('other catalogue errors are shown by their text and trigger nothing', async () => {
    const { client, onAuthError } = clientWith(errorBody('ARO-E1015:Invalid verification code'));
    const result = await client.mutation('mutation m { logout }', {}).toPromise();
    expect(onAuthError).not.toHaveBeenCalled();
    expect(errorText(result.error)).toBe('Invalid verification code');
  });

  it('errors without a code show the generic text', () => {
    expect(errorText(new Error('Failed to fetch'))).toBe('Something went wrong');
    expect(errorText(undefined)).toBe('Something went wrong');
  });

  it('a request that cannot reach the server names the connection, not "Something went wrong" (issue 6 §4.10)', async () => {
    const { client } = createGraphQLClient({
      url: 'http://localhost/graphql',
      socketUrl: 'ws://localhost/graphql',
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
      onAuthError: vi.fn(),
      createWsClient: (_options: ClientOptions) => fakeWsClient(),
    });
    const result = await client.mutation('mutation initiateAuthentication { logout }', {}).toPromise();
    expect(errorText(result.error)).toBe("We can't connect to internet!");
  });

  it('a server error answer is not a connection problem', async () => {
    const { client } = createGraphQLClient({
      url: 'http://localhost/graphql',
      socketUrl: 'ws://localhost/graphql',
      fetch: async () => new Response('bad gateway', { status: 502, statusText: 'Bad Gateway' }),
      onAuthError: vi.fn(),
      createWsClient: (_options: ClientOptions) => fakeWsClient(),
    });
    const result = await client.mutation('mutation m { logout }', {}).toPromise();
    expect(errorText(result.error)).toBe('Something went wrong');
  });

  it('authActionFor picks the action from the codes', () => {
    expect(authActionFor(['ARO-E1022:Authentication failed'], 'query')?.action).toBe('reload-clear');
    expect(authActionFor(['ARO-E1022:Authentication failed'], 'subscription')).toBeNull();
    expect(authActionFor(['ARO-E2001:The requested record was not found'], 'query')).toBeNull();
  });

  it('performAuthAction clears the stored session, then reloads or goes to /', () => {
    const location = { reload: vi.fn(), assign: vi.fn() };
    setAccessToken('token-1');
    window.localStorage.setItem('careline.currentPatient', 'p1');
    window.localStorage.setItem('addToHomeDismissed', 'true');
    performAuthAction('reload-clear', location);
    expect(getAccessToken()).toBeNull();
    expect(window.localStorage.getItem('careline.currentPatient')).toBeNull();
    expect(window.localStorage.getItem('addToHomeDismissed')).toBe('true');
    expect(location.reload).toHaveBeenCalledTimes(1);

    setAccessToken('token-2');
    performAuthAction('logout', location);
    expect(getAccessToken()).toBeNull();
    expect(location.assign).toHaveBeenCalledWith('/');
  });

  it('performAuthAction does nothing once the session is already cleared (no reload loops)', () => {
    const location = { reload: vi.fn(), assign: vi.fn() };
    performAuthAction('reload-clear', location);
    performAuthAction('logout', location);
    expect(location.reload).not.toHaveBeenCalled();
    expect(location.assign).not.toHaveBeenCalled();
  });
});
