// The jobs module's face: the background job queue.
// Other modules import this file only, never the files beside it (.dependency-cruiser.json).
export { createJobQueue, type JobQueue } from './jobs.ts';
