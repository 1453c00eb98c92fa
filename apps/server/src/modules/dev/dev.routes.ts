import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.ts';

/** Development-only routes: GET /dev/sms-outbox. */
export async function registerDevRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  void app;
  void deps;
}
