import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { redisPresence, type Presence } from './presence.ts';

const redisUrl = process.env.REDIS_URL;

describe('presence shared by instances through Redis (REDIS_URL)', () => {
  const opened: Presence[] = [];
  const open = (url: string, errors: unknown[] = []): Presence => {
    const presence = redisPresence(url, (error) => errors.push(error));
    opened.push(presence);
    return presence;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((presence) => presence.close()));
  });

  it.runIf(Boolean(redisUrl))('a hold on instance A is seen on instance B until the last holder leaves', async () => {
    const a = open(redisUrl ?? '');
    const b = open(redisUrl ?? '');
    const key = `agent-${randomUUID()}`;
    const first = a.hold(key);
    // B holds nothing itself: it hears of A's hold through Redis (once both are connected).
    await expect.poll(() => b.held(key)).toBe(true);
    const second = b.hold(key);
    expect(await first.leave()).toBe(false);
    expect(await first.leave()).toBe(false);
    expect(await a.held(key)).toBe(true);
    expect(await second.leave()).toBe(true);
    expect(await a.held(key)).toBe(false);
    expect(await b.held(key)).toBe(false);
  });

  it.runIf(Boolean(redisUrl))('last seen and throttles are shared', async () => {
    const a = open(redisUrl ?? '');
    const b = open(redisUrl ?? '');
    const key = `patient-${randomUUID()}`;
    const at = new Date('2026-11-25T10:00:00Z');
    await expect.poll(async () => {
      await a.see(key, at);
      return (await b.lastSeen(key))?.toISOString() ?? null;
    }).toBe(at.toISOString());
    // One pass per gap, whichever instance asks (a long gap: no clock in this test).
    const typing = `typing-${randomUUID()}`;
    expect(await a.due(typing, 60_000, at)).toBe(true);
    expect(await b.due(typing, 60_000, at)).toBe(false);
    expect(await a.due(typing, 60_000, at)).toBe(false);
  });

  it.runIf(Boolean(redisUrl))('a hold its instance stopped renewing (a crash) no longer counts', async () => {
    const b = open(redisUrl ?? '');
    const key = `agent-${randomUUID()}`;
    const raw = new Redis(redisUrl ?? '');
    try {
      // What a crashed instance leaves behind: a member whose lease ran out.
      await raw.zadd(`careline:presence:hold:${key}`, Date.now() - 1, 'crashed-instance');
      expect(await b.held(key)).toBe(false);
      await raw.zadd(`careline:presence:hold:${key}`, Date.now() + 60_000, 'live-instance');
      expect(await b.held(key)).toBe(true);
    } finally {
      await raw.del(`careline:presence:hold:${key}`);
      await raw.quit();
    }
  });

  it('answers from this instance while Redis cannot be reached, and reports each failed call', async () => {
    const errors: unknown[] = [];
    const alone = open('redis://127.0.0.1:1', errors);
    const key = `agent-${randomUUID()}`;
    const hold = alone.hold(key);
    expect(await alone.held(key)).toBe(true);
    const at = new Date('2026-11-25T10:00:00Z');
    await alone.see(key, at);
    expect(await alone.lastSeen(key)).toEqual(at);
    expect(await alone.due(key, 1000, at)).toBe(true);
    expect(await alone.due(key, 1000, at)).toBe(false);
    expect(await hold.leave()).toBe(true);
    expect(await alone.held(key)).toBe(false);
    expect(errors.length).toBeGreaterThan(0);
  });
});
