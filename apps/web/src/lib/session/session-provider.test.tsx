// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import type { Client as WsClient } from 'graphql-ws';
import { REQUEST_STATE } from '@careline/domain/shell';
import { createGraphQLClient } from '../graphql/client.ts';
import { GraphQLProvider } from '../graphql/graphql-provider.tsx';
import type { ServerUserProfile } from './account-query.ts';
import { SessionProvider, useSession, type SessionValue } from './session-provider.tsx';
import { clearStoredSession, getAccessToken, setAccessToken } from './session-storage.ts';

const profile: ServerUserProfile = {
  id: 'user-profile-1',
  identifier: '94771234567',
  status: 'active',
  mobileNo: '94771234567',
  patients: [
    {
      id: 'p1',
      name: { prefix: 'Mr', given: ['Kamal'], family: 'Perera' },
      telecom: [],
      birthDate: '1990-05-01',
      gender: 'male',
      address: null,
      extension: [{ valueId: 'relationship', value: 'Me' }],
      link: [],
      hospitalId: null,
      medicalRecordNumber: '',
    },
  ],
  paymentMethods: [],
  defaultPaymentMethod: null,
  hasPaymentMethod: false,
  bookingReqId: null,
  loyaltyAccounts: [],
  preferredLanguage: null,
};

const noSocket: WsClient = {
  on: () => () => undefined,
  subscribe: () => () => undefined,
  iterate: () => {
    throw new Error('not used');
  },
  dispose: () => undefined,
  terminate: () => undefined,
};

function renderSession(respond: (operationName: string, auth: string | null) => unknown) {
  const operations: { name: string; auth: string | null }[] = [];
  const fetchStub: typeof fetch = async (_input, init) => {
    const body = JSON.parse(init?.body as string) as { operationName: string };
    const auth = new Headers(init?.headers).get('authorization');
    operations.push({ name: body.operationName, auth });
    return new Response(JSON.stringify(respond(body.operationName, auth)), {
      headers: { 'content-type': 'application/json' },
    });
  };
  const graphql = createGraphQLClient({
    url: 'http://localhost/graphql',
    socketUrl: 'ws://localhost/graphql',
    fetch: fetchStub,
    createWsClient: () => noSocket,
    onAuthError: () => undefined,
  });
  const location = { assign: vi.fn() };
  const seen: { current: SessionValue | null } = { current: null };
  function Probe() {
    seen.current = useSession();
    return null;
  }
  render(
    <GraphQLProvider value={graphql}>
      <SessionProvider location={location}>
        <Probe />
      </SessionProvider>
    </GraphQLProvider>,
  );
  return { seen, operations, location };
}

const session = (seen: { current: SessionValue | null }): SessionValue => {
  if (!seen.current) {
    throw new Error('session not rendered');
  }
  return seen.current;
};

afterEach(() => {
  cleanup();
  clearStoredSession();
});

describe('session (spec doc 1 §4 Sign-in, §2 logout)', () => {
  it('starts signed out without a stored token and loads nothing', () => {
    const { seen, operations } = renderSession(() => ({ data: null }));
    expect(session(seen).accountState).toBe(REQUEST_STATE.IDLE);
    expect(session(seen).loggedIn).toBe(false);
    expect(operations).toHaveLength(0);
  });

  it('signIn stores the token and loads the account with queryOneProfile', async () => {
    const { seen, operations } = renderSession(() => ({ data: { queryOneProfile: profile } }));
    let account: Awaited<ReturnType<SessionValue['signIn']>> = null;
    await act(async () => {
      account = await session(seen).signIn('token-new');
    });
    expect(getAccessToken()).toBe('token-new');
    expect(operations).toEqual([{ name: 'queryOneProfile', auth: 'Bearer token-new' }]);
    expect(account).not.toBeNull();
    const current = session(seen);
    expect(current.accountState).toBe(REQUEST_STATE.DONE);
    expect(current.userProfileId).toBe('user-profile-1');
    expect(current.mobileNo).toBe('94771234567');
    expect(current.loggedIn).toBe(true);
    expect(current.account?.patients.p1?.displayName).toBe('Mr Kamal Perera');
    expect(current.account?.patientList.map((patient) => patient.id)).toEqual(['p1']);
  });

  it('loads the account of a stored token at start', async () => {
    setAccessToken('token-stored');
    const { seen } = renderSession(() => ({ data: { queryOneProfile: profile } }));
    expect(session(seen).accountState).toBe(REQUEST_STATE.PENDING);
    await waitFor(() => expect(session(seen).accountState).toBe(REQUEST_STATE.DONE));
    expect(session(seen).userProfileId).toBe('user-profile-1');
  });

  it('a failed account load is state 3 and not logged in', async () => {
    setAccessToken('token-stored');
    const { seen } = renderSession(() => ({ data: null, errors: [{ message: 'ARO-E9999:Something went wrong' }] }));
    await waitFor(() => expect(session(seen).accountState).toBe(REQUEST_STATE.FAILED));
    expect(session(seen).loggedIn).toBe(false);
  });

  it('a load that cannot reach the server keeps the token and shows the last known account (issue 6 §4.3)', async () => {
    setAccessToken('token-stored');
    const online = renderSession(() => ({ data: { queryOneProfile: profile } }));
    await waitFor(() => expect(session(online.seen).accountState).toBe(REQUEST_STATE.DONE));
    cleanup();

    const offline = renderSession(() => {
      throw new TypeError('Failed to fetch');
    });
    await waitFor(() => expect(session(offline.seen).accountState).toBe(REQUEST_STATE.FAILED));
    const current = session(offline.seen);
    expect(getAccessToken()).toBe('token-stored');
    expect(current.userProfileId).toBe('user-profile-1');
    expect(current.loggedIn).toBe(true);
    expect(current.account?.patients.p1?.displayName).toBe('Mr Kamal Perera');
  });

  it('the saved account belongs to its token: another token offline gets none', async () => {
    setAccessToken('token-stored');
    const online = renderSession(() => ({ data: { queryOneProfile: profile } }));
    await waitFor(() => expect(session(online.seen).accountState).toBe(REQUEST_STATE.DONE));
    cleanup();
    setAccessToken('token-other');
    const offline = renderSession(() => {
      throw new TypeError('Failed to fetch');
    });
    await waitFor(() => expect(session(offline.seen).accountState).toBe(REQUEST_STATE.FAILED));
    expect(session(offline.seen).userProfileId).toBeNull();
  });

  it('logout calls the logout mutation, clears the stored session and goes to /', async () => {
    setAccessToken('token-stored');
    window.localStorage.setItem('careline.currentPatient', 'p1');
    const { seen, operations, location } = renderSession((name) =>
      name === 'logout' ? { data: { logout: true } } : { data: { queryOneProfile: profile } },
    );
    await waitFor(() => expect(session(seen).accountState).toBe(REQUEST_STATE.DONE));
    await act(async () => {
      await session(seen).logout();
    });
    expect(operations.map((operation) => operation.name)).toEqual(['queryOneProfile', 'logout']);
    expect(getAccessToken()).toBeNull();
    expect(window.localStorage.getItem('careline.currentPatient')).toBeNull();
    expect(window.localStorage.getItem('careline.account')).toBeNull();
    expect(location.assign).toHaveBeenCalledWith('/');
  });
});
