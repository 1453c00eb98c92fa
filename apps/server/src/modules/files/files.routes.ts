import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.ts';
import type { Viewer } from '../../graphql/context.ts';

export type ViewerLookup = (
  tenantId: string,
  token: string | null,
) => Promise<{ viewer: Viewer | null; rejectedToken: boolean }>;

/** POST /blob/put and GET /blob/get/:id (spec doc 1 §7 Blob storage). */
export async function registerFileRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  viewerFor: ViewerLookup,
): Promise<void> {
  void app;
  void deps;
  void viewerFor;
}
