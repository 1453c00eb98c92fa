import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePatientAccount } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { accessSessions } from '../db/schema/index.ts';
import { createAccessSession, hashToken } from '../modules/auth/auth.access-sessions.ts';
import { SESSION_ENDED_CLOSE_CODE } from './live-sessions.ts';

const TENANT = 'careline-demo';

let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp({ GRAPHQL_WS_SESSION_CHECK_MS: '200' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/graphql`;
});
afterAll(async () => {
  await t.close();
});

/** Opens a socket with the token, subscribes, and resolves with the code the socket closes with. */
async function subscribedSocket(token: string): Promise<{ closed: Promise<number> }> {
  let resolveClosed: (code: number) => void = () => undefined;
  const closed = new Promise<number>((resolve) => {
    resolveClosed = resolve;
  });
  const subscribed = new Promise<void>((resolve) => {
    const client = createClient({
      url,
      webSocketImpl: WebSocket,
      connectionParams: { accessToken: token },
      retryAttempts: 0,
      lazy: false,
      // The close is what the test waits for, not an error to print.
      onNonLazyError: () => undefined,
      on: {
        closed: (event) => resolveClosed((event as { code: number }).code),
        connected: () => resolve(),
      },
    });
    client.subscribe(
      { query: 'subscription ($id: ID!) { subscribeSession(id: $id) }', variables: { id: '00000000-0000-4000-8000-000000000000' } },
      { next: () => undefined, error: () => undefined, complete: () => undefined },
    );
  });
  await subscribed;
  // The subscription reaches preSubscriptionExecution (where the socket is tracked) just after connecting.
  await new Promise((wait) => setTimeout(wait, 300));
  return { closed };
}

describe('a websocket does not outlive its sign-in (issue 7 point 1)', () => {
  it('logout closes the sockets of that sign-in at once, with 4401', async () => {
    const { account } = await makePatientAccount(t.database.db, TENANT);
    const { token } = await createAccessSession(t.database.db, TENANT, account.id);
    const { closed } = await subscribedSocket(token);
    const logout = await t.gql('mutation { logout }', {}, { authorization: `Bearer ${token}` });
    expect(logout.errors).toBeUndefined();
    expect(await closed).toBe(SESSION_ENDED_CLOSE_CODE);
  });

  it('a sign-in revoked elsewhere (another instance, a password change) closes its sockets at the next check', async () => {
    const { account } = await makePatientAccount(t.database.db, TENANT);
    const kept = await createAccessSession(t.database.db, TENANT, account.id);
    const revoked = await createAccessSession(t.database.db, TENANT, account.id);
    const keptSocket = await subscribedSocket(kept.token);
    const revokedSocket = await subscribedSocket(revoked.token);
    await t.database.db
      .update(accessSessions)
      .set({ revokedAt: new Date() })
      .where(eq(accessSessions.tokenHash, hashToken(revoked.token)));
    expect(await revokedSocket.closed).toBe(SESSION_ENDED_CLOSE_CODE);
    // The other sign-in's socket stays open through several checks.
    const outcome = await Promise.race([keptSocket.closed, new Promise((resolve) => setTimeout(() => resolve('open'), 1000))]);
    expect(outcome).toBe('open');
  });
});
