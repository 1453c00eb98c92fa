import type { FastifyInstance } from 'fastify';
import { asc, eq, and } from 'drizzle-orm';
import { normaliseMobileNo, signInLinkPath, isInvalidLinkMobile, type SignInLinkTarget } from '@careline/domain/auth';
import type { AppDeps } from '../../app.ts';
import { smsMessages } from '../../db/schema/index.ts';
import { issueSignInLink } from '../auth/auth.links.ts';

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
 * Development-only routes (registered by app.ts outside production): GET /dev/sms-outbox lists the SMS
 * sent, oldest first; POST /dev/sign-in-links mints signed sign-in links for tests (docs/api-contract.md).
 */
export async function registerDevRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { database, services } = deps;

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
      token = issueSignInLink(services.appSecret, target);
    } catch (error) {
      return reply.code(400).send({ error: error instanceof Error ? error.message : 'bad link target' });
    }
    const path = signInLinkPath(token);
    return { token, url: `${request.protocol}://${request.host}${path}` };
  });
}
