import { errorString, type ErrorCode } from '@careline/domain/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerTenant, TenantRegistry } from '../modules/tenants/index.ts';

/*
 * The one preamble of the routes that hand a signed-in patient a file of their own (the printable
 * lab report, a payment's invoice, the FHIR export): never cached by a shared cache, the tenant of
 * the host, the access token as GraphQL takes it, and 401 ARO-E1023 without a signed-in account.
 */

/**
 * Resolves an access token to whoever it signs in, as GraphQL does (app-deps ViewerLookup has this
 * shape and more: its staff member and whether the token was refused).
 */
export type SignedInLookup<V extends { viewer: { accountId: string } | null }> = (
  tenantId: string,
  token: string | null,
) => Promise<V>;

/**
 * The access token of an Authorization header: 'Bearer <token>' or the bare token, as the GraphQL
 * endpoint accepts; null without one.
 * @param header - the Authorization header as received
 */
export function bearerToken(header: string | undefined): string | null {
  const match = header ? /^(?:Bearer\s+)?(\S+)$/i.exec(header.trim()) : null;
  return match?.[1] ?? null;
}

/**
 * The tenant of a request's host, and whoever its access token signs in (the lookup's answer, or
 * null when the request carries no token: the lookup is not asked).
 * @param request - the request
 * @param tenants - the tenants
 * @param lookup - resolves an access token
 */
export async function signedInRequest<V extends { viewer: { accountId: string } | null }>(
  request: FastifyRequest,
  tenants: TenantRegistry,
  lookup: SignedInLookup<V>,
): Promise<{ tenant: ServerTenant; signedIn: V | null }> {
  const tenant = tenants.resolve(request.hostname);
  const token = bearerToken(request.headers.authorization);
  return { tenant, signedIn: token ? await lookup(tenant.id, token) : null };
}

/** What a file route answers: the file with its media type and Content-Disposition, or a refusal. */
export type AuthorisedFileAnswer =
  | { file: Buffer | string; contentType: string; contentDisposition: string }
  | { status: number; code: ErrorCode };

/** What the route's own work gets: the request, its tenant, the signed-in account's owner key and the params. */
export type AuthorisedFileRequest<P> = {
  request: FastifyRequest<{ Params: P }>;
  tenant: ServerTenant;
  owner: { tenantId: string; accountId: string };
  params: P;
};

/**
 * Registers GET `path` for a file of the signed-in patient's account: the answer is private and
 * no-store; without a valid access token 401 ARO-E1023 and `serve` is not called; else `serve`
 * answers the file (sent with its media type and Content-Disposition) or a refusal (its status and
 * `{ error: 'CODE:message' }`).
 * @param app - the Fastify app
 * @param route - the path, the tenants and the access token lookup
 * @param serve - the route's own work, for the signed-in account
 */
export function authorisedFileRoute<P, V extends { viewer: { accountId: string } | null }>(
  app: FastifyInstance,
  route: { path: string; tenants: TenantRegistry; viewerFor: SignedInLookup<V> },
  serve: (request: AuthorisedFileRequest<P>) => Promise<AuthorisedFileAnswer>,
): void {
  app.get<{ Params: P }>(route.path, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const { tenant, signedIn } = await signedInRequest(request, route.tenants, route.viewerFor);
    const viewer = signedIn?.viewer ?? null;
    const answer: AuthorisedFileAnswer = viewer
      ? await serve({
          request,
          tenant,
          owner: { tenantId: tenant.id, accountId: viewer.accountId },
          params: request.params as P,
        })
      : { status: 401, code: 'ARO-E1023' };
    if ('file' in answer) {
      return reply
        .type(answer.contentType)
        .header('content-disposition', answer.contentDisposition)
        .send(answer.file);
    }
    return reply.code(answer.status).send({ error: errorString(answer.code) });
  });
}
