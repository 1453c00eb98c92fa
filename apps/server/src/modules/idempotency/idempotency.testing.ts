// The idempotency module's test face: the key store itself, for tests of what runs over it.
export { findIdempotencyKey, insertIdempotencyKey } from './idempotency.repo.ts';
