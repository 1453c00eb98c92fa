// The health module's face: the liveness and readiness routes.
// Other modules import this file only, never the files beside it (.dependency-cruiser.json).
export { registerHealthRoutes } from './health.routes.ts';
