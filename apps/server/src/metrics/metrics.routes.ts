/**
 * `/metrics` for Prometheus, never public (issue 31 §3.10): on the API's port only with
 * `METRICS_TOKEN` (a bearer token the scraper sends), and on its own port (`METRICS_PORT`, bound to
 * `METRICS_HOST`, loopback unless set) for a scraper on the hospital's private network. Unset, the
 * path answers 404 like any unknown server path.
 */
import { timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  countGraphQLOperation,
  countHttpRequest,
  graphqlErrors,
  metricsText,
  operationLabel,
  requestOperationName,
} from './metrics.ts';

// GraphQL requests whose answer carried errors (marked by the error formatter, read at the response).
const answeredWithErrors = new WeakSet<FastifyRequest>();

/**
 * Counts the errors of a GraphQL answer by code, and marks its request for the operations counter.
 * @param codes - the answer's error codes
 * @param request - the HTTP request, when the operation came over HTTP
 */
export function countGraphQLErrors(codes: readonly string[], request: FastifyRequest | undefined): void {
  for (const code of codes) {
    graphqlErrors.inc({ code });
  }
  if (request) {
    answeredWithErrors.add(request);
  }
}

/**
 * Counts and times every request by its route pattern, and GraphQL operations by name.
 * @param app - the API's Fastify instance
 * @param graphqlPath - where GraphQL answers
 */
export function registerRequestMetrics(app: FastifyInstance, graphqlPath = '/graphql'): void {
  // A synchronous hook: an async one costs a promise on every response (issue 33 §5).
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const seconds = reply.elapsedTime / 1000;
    countHttpRequest(route, request.method, reply.statusCode, seconds);
    if (route === graphqlPath) {
      const operation = operationLabel(requestOperationName(request.method === 'GET' ? request.query : request.body));
      const outcome = answeredWithErrors.has(request) || reply.statusCode >= 400 ? 'error' : 'ok';
      countGraphQLOperation(operation, outcome, seconds);
    }
    done();
  });
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const sent = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

async function answerMetrics(reply: FastifyReply): Promise<FastifyReply> {
  const { contentType, body } = await metricsText();
  return reply.header('cache-control', 'no-store').type(contentType).send(body);
}

/**
 * `/metrics` on the API's port, for a scraper that sends `Authorization: Bearer <METRICS_TOKEN>`.
 * @param app - the API's Fastify instance
 * @param token - METRICS_TOKEN; nothing is registered without it
 */
export function registerMetricsRoute(app: FastifyInstance, token: string | undefined): void {
  if (!token) {
    return;
  }
  app.get('/metrics', async (request, reply) => {
    if (!tokenMatches(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ error: 'Unauthorized', message: 'metrics need the METRICS_TOKEN bearer token', statusCode: 401 });
    }
    return answerMetrics(reply);
  });
}

/**
 * `/metrics` alone on its own port (no token: keep the port on a private network).
 * @param options - where to listen (port 0: any free port, for tests)
 */
export async function startMetricsServer(options: { port: number; host: string }): Promise<{ port: number; close: () => Promise<void> }> {
  const server = Fastify({ logger: false });
  server.get('/metrics', async (_request, reply) => answerMetrics(reply));
  await server.listen({ port: options.port, host: options.host });
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : options.port,
    close: () => server.close(),
  };
}
