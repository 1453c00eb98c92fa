// The files module's face: the blob routes and who may read a file.
// Other modules import this file only, never the files beside it (.dependency-cruiser.json).
export { registerFileRoutes } from './files.routes.ts';
