import { describe, expect, it } from 'vitest';
import {
  type AsyncRequest,
  REQUEST_STATE,
  doneRequest,
  failedRequest,
  idleRequest,
  isPending,
  pendingRequest,
} from './request-state.ts';

// spec doc 1 §4: codes 0 idle, 1 pending, 2 done, 3 failed; each request keeps its own error.
describe('async requests', () => {
  it('numbers the states as the spec does', () => {
    expect(REQUEST_STATE).toEqual({ IDLE: 0, PENDING: 1, DONE: 2, FAILED: 3 });
  });

  it('moves idle → pending → done', () => {
    const idle = idleRequest<string[]>();
    expect(idle).toEqual({ state: 0, data: null, error: null });
    const pending = pendingRequest(idle);
    expect(pending).toEqual({ state: 1, data: null, error: null });
    expect(isPending(pending)).toBe(true);
    expect(doneRequest(['a'])).toEqual({ state: 2, data: ['a'], error: null });
  });

  it('keeps data on failure and clears the error on retry', () => {
    const done = doneRequest(['a']);
    const failed = failedRequest(pendingRequest(done), 'Something went wrong');
    expect(failed).toEqual({ state: 3, data: ['a'], error: 'Something went wrong' });
    expect(isPending(failed)).toBe(false);
    expect(pendingRequest(failed)).toEqual({ state: 1, data: ['a'], error: null });
  });

  it('keeps each request’s error to itself', () => {
    const requests: Record<'profile' | 'sessions', AsyncRequest<number>> = {
      profile: idleRequest(),
      sessions: idleRequest(),
    };
    const next = { ...requests, profile: failedRequest(requests.profile, 'Please login') };
    expect(next.profile.error).toBe('Please login');
    expect(next.sessions.error).toBeNull();
  });
});
