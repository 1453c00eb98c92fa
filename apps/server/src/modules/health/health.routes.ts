import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';

/** GET /healthz: 200 once the database answers, 503 otherwise. */
export async function registerHealthRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get('/healthz', { logLevel: 'warn' }, async (_request, reply) => {
    try {
      await deps.database.ping();
      return { status: 'ok', database: deps.database.kind };
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
