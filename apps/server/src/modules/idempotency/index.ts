// The idempotency module's face: running a client's submit once.
// Other modules import this file only, never the files beside it (.dependency-cruiser.json).
export { insertIdempotencyKeySql, type PendingIdempotencyKey } from './idempotency.repo.ts';
export { ranBefore, runOnce, runOnceInStatement } from './idempotency.service.ts';
export { deleteIdempotencyKey } from './idempotency.repo.ts';
