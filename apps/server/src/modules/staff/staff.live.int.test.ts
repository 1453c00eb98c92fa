import type { AddressInfo } from 'node:net';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { FACTORY_STAFF_PASSWORD, makeOrganization, makeStaffUser } from '../../../test/factories.ts';

// Live updates for the staff console over the same graphql-ws endpoint, with the staff token.

type Change = { staffAccountChanged: { id: string; memberships: { role: string }[] } };

let t: TestApp;
let url: string;
let orgId: string;
let adminToken: string;

async function staffToken(email: string): Promise<string> {
  const result = await t.gql<{ staffSignIn: { token: string } }>(
    'mutation ($e: String!, $p: String!) { staffSignIn(email: $e, password: $p) { token } }',
    { e: email, p: FACTORY_STAFF_PASSWORD },
  );
  const token = result.data?.staffSignIn.token;
  if (!token) {
    throw new Error(`staff sign-in failed: ${JSON.stringify(result.errors)}`);
  }
  return token;
}

function wsClient(token: string | null): Client {
  return createClient({
    url: token ? `${url}?access_token=${encodeURIComponent(token)}` : url,
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    lazy: true,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const tenantId = t.tenants.defaultTenant.id;
  orgId = (await makeOrganization(t.database.db, tenantId)).id;
  const admin = await makeStaffUser(t.database.db, tenantId, [{ organizationId: orgId, role: 'admin' }]);
  adminToken = await staffToken(admin.email);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/graphql`;
});

afterAll(async () => {
  await t.close();
});

describe('staffAccountChanged', () => {
  it("tells a member's open console their new roles when an admin changes them", async () => {
    const tenantId = t.tenants.defaultTenant.id;
    const member = await makeStaffUser(t.database.db, tenantId, [{ organizationId: orgId, role: 'nurse' }]);
    const client = wsClient(await staffToken(member.email));
    try {
      const events = client.iterate<Change>({
        query: 'subscription { staffAccountChanged { id memberships { role } } }',
      });
      const next = events.next();
      let received = false;
      void next.then(() => {
        received = true;
      });
      // Subscribing is asynchronous: change the roles until the subscriber hears one.
      for (let attempt = 0; attempt < 100 && !received; attempt++) {
        const result = await t.gql(
          'mutation ($o: ID!, $s: ID!) { setStaffRoles(organizationId: $o, staffUserId: $s, roles: [{role: receptionist}]) { id } }',
          { o: orgId, s: member.id },
          { authorization: `Bearer ${adminToken}` },
        );
        expect(result.errors).toBeUndefined();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const event = await next;
      await events.return?.(undefined);
      const value = event.value as { data?: Change | null; errors?: unknown };
      expect(value.errors).toBeUndefined();
      expect(value.data?.staffAccountChanged).toEqual({ id: member.id, memberships: [{ role: 'receptionist' }] });
    } finally {
      await client.dispose();
    }
  });

  it('is refused without a staff token', async () => {
    const client = wsClient(null);
    try {
      const events = client.iterate({ query: 'subscription { staffAccountChanged { id } }' });
      // graphql-ws ends the subscription with the error frame's errors.
      const refusal = await events.next().then(
        (first) => first.value as unknown,
        (error: unknown) => error,
      );
      expect(JSON.stringify(refusal)).toContain('ARO-E1023:Please login');
    } finally {
      await client.dispose();
    }
  });
});
