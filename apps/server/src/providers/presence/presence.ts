import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Env } from '../../config/env.ts';

/*
 * Who is online, when someone was last seen, and throttles: short-lived facts that every instance
 * behind a balancer must share (the chat's agents online, patients watching, typing indicators).
 * In this process by default (one instance); in Redis when REDIS_URL is set, where a hold lives as
 * long as its instance keeps renewing it, so a crashed instance's holds lapse on their own.
 */

/** A hold on a key (an open live inbox, a watched chat): leave() when it ends. */
export type PresenceHold = {
  /** Ends the hold once (later calls answer false); answers whether nobody holds the key any more, anywhere. */
  leave: () => Promise<boolean>;
};

export type Presence = {
  /** Holds a key while something is open; several holders may hold one key. */
  hold: (key: string) => PresenceHold;
  /** Whether anyone, on any instance, holds the key. */
  held: (key: string) => Promise<boolean>;
  /** Notes that the key's owner was seen at `now` (kept an hour). */
  see: (key: string, now: Date) => Promise<void>;
  /** When the key's owner was last seen, or null. */
  lastSeen: (key: string) => Promise<Date | null>;
  /** True at most once per `gapMs` for a key, across instances: for throttles. */
  due: (key: string, gapMs: number, now: Date) => Promise<boolean>;
  close: () => Promise<void>;
};

/** How long a last-seen time is kept (longer than any use of it). */
export const SEEN_KEPT_MS = 60 * 60_000;
/** How long a hold in Redis lasts unless its instance renews it (renewed every third of it). */
export const HOLD_LEASE_MS = 60_000;
/** Bounds the in-process maps: past this size, entries no longer of use are dropped. */
const MEMORY_SWEEP_AT = 1000;

/** The in-process presence: right for one instance; the fallback of the Redis one while Redis is away. */
export function memoryPresence(): Presence {
  const holds = new Map<string, number>();
  const seen = new Map<string, number>();
  const marks = new Map<string, { at: number; gap: number }>();

  return {
    hold: (key) => {
      holds.set(key, (holds.get(key) ?? 0) + 1);
      let left = false;
      return {
        leave: async () => {
          if (left) {
            return false;
          }
          left = true;
          const count = (holds.get(key) ?? 1) - 1;
          if (count <= 0) {
            holds.delete(key);
            return true;
          }
          holds.set(key, count);
          return false;
        },
      };
    },
    held: async (key) => (holds.get(key) ?? 0) > 0,
    see: async (key, now) => {
      const at = now.getTime();
      if (seen.size > MEMORY_SWEEP_AT) {
        for (const [other, when] of seen) {
          if (at - when > SEEN_KEPT_MS) {
            seen.delete(other);
          }
        }
      }
      seen.set(key, at);
    },
    lastSeen: async (key) => {
      const at = seen.get(key);
      return at === undefined ? null : new Date(at);
    },
    due: async (key, gapMs, now) => {
      const at = now.getTime();
      const last = marks.get(key);
      if (last !== undefined && at - last.at >= 0 && at - last.at < gapMs) {
        return false;
      }
      if (marks.size > MEMORY_SWEEP_AT) {
        for (const [other, mark] of marks) {
          if (at - mark.at >= mark.gap) {
            marks.delete(other);
          }
        }
      }
      marks.set(key, { at, gap: gapMs });
      return true;
    },
    close: async () => undefined,
  };
}

/**
 * The presence shared by every instance through Redis. Each call that cannot reach Redis answers
 * from this instance's own bookkeeping instead (what one instance knows beats an error), and the
 * connection fails fast rather than queueing while Redis is away.
 * @param url - REDIS_URL
 * @param onError - told of a failed Redis call (the caller logs it)
 */
export function redisPresence(url: string, onError: (error: unknown) => void): Presence {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, disableClientInfo: true, lazyConnect: false });
  // Connection errors are reported by the pub/sub's health (providers/pubsub); calls fall back below.
  redis.on('error', () => undefined);
  const local = memoryPresence();
  const prefix = 'careline:presence:';
  const mine = new Map<string, { key: string }>();

  const setKey = (key: string): string => `${prefix}hold:${key}`;
  const renew = async (): Promise<void> => {
    if (mine.size === 0) {
      return;
    }
    const until = Date.now() + HOLD_LEASE_MS;
    const batch = redis.multi();
    for (const [member, { key }] of mine) {
      batch.zadd(setKey(key), until, member);
      batch.pexpire(setKey(key), HOLD_LEASE_MS * 2);
    }
    await batch.exec();
  };
  // Holds taken while Redis was away (a start, an outage) reach it as soon as it is back.
  redis.on('ready', () => {
    renew().catch(onError);
  });
  const renewal = setInterval(() => {
    renew().catch(onError);
  }, HOLD_LEASE_MS / 3);
  renewal.unref();

  const fallBack = <T>(call: () => Promise<T>, instead: () => Promise<T>): Promise<T> =>
    call().catch((error: unknown) => {
      onError(error);
      return instead();
    });

  return {
    hold: (key) => {
      const member = randomUUID();
      const here = local.hold(key);
      mine.set(member, { key });
      const added = redis
        .multi()
        .zadd(setKey(key), Date.now() + HOLD_LEASE_MS, member)
        .pexpire(setKey(key), HOLD_LEASE_MS * 2)
        .exec()
        .catch(onError);
      let left = false;
      return {
        leave: async () => {
          if (left) {
            return false;
          }
          left = true;
          mine.delete(member);
          const lastHere = await here.leave();
          await added;
          return fallBack(
            async () => {
              const [, , count] = (await redis
                .multi()
                .zrem(setKey(key), member)
                .zremrangebyscore(setKey(key), '-inf', Date.now())
                .zcard(setKey(key))
                .exec()) ?? [];
              return Number(count?.[1] ?? 0) === 0;
            },
            async () => lastHere,
          );
        },
      };
    },
    held: (key) =>
      fallBack(
        async () => (await redis.zcount(setKey(key), Date.now(), '+inf')) > 0,
        () => local.held(key),
      ),
    see: async (key, now) => {
      await local.see(key, now);
      await redis.set(`${prefix}seen:${key}`, String(now.getTime()), 'PX', SEEN_KEPT_MS).catch(onError);
    },
    lastSeen: (key) =>
      fallBack(
        async () => {
          const at = await redis.get(`${prefix}seen:${key}`);
          return at === null ? null : new Date(Number(at));
        },
        () => local.lastSeen(key),
      ),
    due: (key, gapMs, now) =>
      fallBack(
        async () => (await redis.set(`${prefix}due:${key}`, '1', 'PX', gapMs, 'NX')) === 'OK',
        () => local.due(key, gapMs, now),
      ),
    close: async () => {
      clearInterval(renewal);
      const members = [...mine];
      mine.clear();
      if (redis.status === 'ready' && members.length > 0) {
        const batch = redis.multi();
        for (const [member, { key }] of members) {
          batch.zrem(setKey(key), member);
        }
        await batch.exec().catch(onError);
      }
      if (redis.status === 'ready') {
        await redis.quit().catch(() => redis.disconnect());
      } else {
        redis.disconnect();
      }
    },
  };
}

/**
 * The app's presence: in Redis when REDIS_URL is set, so every instance sees every agent and
 * patient; in this process otherwise. The caller closes it with the app.
 * @param env - validated environment
 * @param onError - told of a failed Redis call
 */
export function createPresence(env: Pick<Env, 'REDIS_URL'>, onError: (error: unknown) => void): Presence {
  return env.REDIS_URL ? redisPresence(env.REDIS_URL, onError) : memoryPresence();
}
