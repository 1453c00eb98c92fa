// The dev module's face: the routes that exist outside production only.
// Other modules import this file only, never the files beside it (.dependency-cruiser.json).
export { registerDevRoutes } from './dev.routes.ts';
