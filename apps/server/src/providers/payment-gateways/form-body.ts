import type { FastifyInstance } from 'fastify';

/**
 * Lets a Fastify scope read application/x-www-form-urlencoded bodies (what browsers and gateways
 * post: Secure Acceptance requests, answers and merchant notifications) as a flat record of strings;
 * a repeated name keeps its last value. Call it inside an encapsulated plugin (app.register) so the
 * rest of the server is unchanged.
 * @param scope - the plugin scope whose routes take form posts
 * @param bodyLimit - largest body accepted, in bytes
 */
export function acceptFormBodies(scope: FastifyInstance, bodyLimit = 64 * 1024): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}
