import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { SmsSender } from '../../providers/sms/sms.ts';
import type { ServerTenant } from '../tenants/index.ts';
import type { AuthDeps } from './auth.service.ts';

/**
 * What of a request the sign-in service reads: a GraphQL context has it, and so does the plain form's
 * route (auth.form.ts). Spelled out rather than picked from GraphQLContext, which imports this module's face.
 */
export type AuthRequestParts = {
  env: { AUTH_INITIATIONS_PER_ADDRESS: number; AUTH_COMPLETIONS_PER_ADDRESS: number };
  database: { db: Db };
  tenant: ServerTenant;
  providers: { signInSms: SmsSender; appSecret: Buffer };
  clientIp: string;
  correlationId: string;
  log: FastifyBaseLogger;
};

/**
 * The sign-in service's view of a request: the GraphQL path and the plain form (issue 33 §2) give the
 * service the same limits, sender and secret.
 * @param request - the request's configuration, database, tenant, providers, client address and log
 */
export function authDepsOf(request: AuthRequestParts): AuthDeps {
  return {
    db: request.database.db,
    tenant: request.tenant,
    sms: request.providers.signInSms,
    appSecret: request.providers.appSecret,
    clientIp: request.clientIp,
    correlationId: request.correlationId,
    log: request.log,
    limits: {
      initiationsPerAddress: request.env.AUTH_INITIATIONS_PER_ADDRESS,
      completionsPerAddress: request.env.AUTH_COMPLETIONS_PER_ADDRESS,
    },
  };
}
