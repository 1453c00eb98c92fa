import type { FastifyInstance } from 'fastify';
import { asc, eq, and } from 'drizzle-orm';
import { normaliseMobileNo, signInLinkPath, isInvalidLinkMobile, type SignInLinkTarget } from '@careline/domain/auth';
import type { AppDeps } from '../../app-deps.ts';
import { smsMessages } from '../../db/schema/index.ts';
import { issueSignInLink } from '../auth/index.ts';

type SignInLinkRequest = {
  mobileNo?: unknown;
  patientIndex?: unknown;
  sessionId?: unknown;
  appointmentId?: unknown;
  orderId?: unknown;
};

function linkTarget(body: SignInLinkRequest): SignInLinkTarget | null {
  if (typeof body.mobileNo !== 'string') {
    return null;
  }
  const mobileNo = isInvalidLinkMobile(body.mobileNo) ? body.mobileNo : normaliseMobileNo(body.mobileNo);
  if (!mobileNo) {
    return null;
  }
  if (typeof body.orderId === 'string') {
    return { kind: 'order', mobileNo, orderId: body.orderId };
  }
  if (typeof body.sessionId === 'string' && typeof body.appointmentId === 'string') {
    const patientIndex = body.patientIndex === undefined ? 0 : body.patientIndex;
    if (typeof patientIndex !== 'number') {
      return null;
    }
    return { kind: 'appointment', mobileNo, patientIndex, sessionId: body.sessionId, appointmentId: body.appointmentId };
  }
  return null;
}

/**
 * Whether a socket address is this machine (127.0.0.0/8, ::1, or IPv4-mapped 127.x).
 * @param address - the peer address of the connection
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) {
    return false;
  }
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  return (
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) ||
    address === '::1' ||
    address === '0:0:0:0:0:0:0:1'
  );
}

/**
 * Development-only routes (registered by app.ts outside production): GET /dev/sms-outbox lists the SMS
 * sent, oldest first; POST /dev/sign-in-links mints signed sign-in links for tests (docs/api-contract.md).
 */
export async function registerDevRoutes(root: FastifyInstance, deps: AppDeps): Promise<void> {
  await root.register(async (app) => {
    // The outbox shows codes and the links route signs links: with HOST=0.0.0.0 anyone on the LAN
    // could sign in as anyone. The socket's peer is used, never X-Forwarded-For (spoofable).
    app.addHook('onRequest', async (request, reply) => {
      if (!isLoopbackAddress(request.socket.remoteAddress)) {
        reply.callNotFound();
        return reply;
      }
    });
    devRoutes(app, deps);
  });
}

function devRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { database, providers } = deps;

  app.get<{ Querystring: { to?: string } }>('/dev/sms-outbox', async (request) => {
    const to = request.query.to ? (normaliseMobileNo(request.query.to) ?? request.query.to) : null;
    const rows = await database.db
      .select({ to: smsMessages.to, body: smsMessages.body, sentAt: smsMessages.sentAt })
      .from(smsMessages)
      .where(and(eq(smsMessages.status, 'sent'), to ? eq(smsMessages.to, to) : undefined))
      .orderBy(asc(smsMessages.seq));
    return rows.map((row) => ({ to: row.to, body: row.body, sentAt: row.sentAt.toISOString() }));
  });

  app.post<{ Body: SignInLinkRequest }>('/dev/sign-in-links', async (request, reply) => {
    const target = request.body && typeof request.body === 'object' ? linkTarget(request.body) : null;
    if (!target) {
      return reply.code(400).send({
        error: 'Send { mobileNo, patientIndex, sessionId, appointmentId } or { mobileNo, orderId }',
      });
    }
    let token: string;
    try {
      token = issueSignInLink(providers.appSecret, target);
    } catch (error) {
      return reply.code(400).send({ error: error instanceof Error ? error.message : 'bad link target' });
    }
    const path = signInLinkPath(token);
    return { token, url: `${request.protocol}://${request.host}${path}` };
  });
}
