/** What the live-update channel has done since start, for /readyz and a metrics endpoint to read. */
export type LiveChannelCounters = {
  /** Updates the channel took (Redis answered the PUBLISH, or this process's emitter delivered it). */
  published: number;
  /** Updates given up because the buffer was full while the channel could not take them. */
  dropped: number;
  /** Attempts to hand an update over that failed; the update stays in the buffer and is tried again. */
  failedAttempts: number;
  /** Updates waiting in the buffer now. */
  buffered: number;
};

/** Told when the buffer starts dropping (once per episode) and when it has drained after drops. */
export type LivePublisherLog = {
  dropping: (message: string) => void;
  drained: (message: string) => void;
};

export type LivePublisherOptions = {
  /** Hands one update to the channel; resolves when the channel took it. */
  send: (topic: string, payload: unknown) => Promise<void>;
  /** Whether the channel can take updates now (the Redis publisher connection is ready). */
  canSend: () => boolean;
  /** Most updates kept while the channel cannot take them (LIVE_UPDATE_BUFFER); then the oldest go. */
  capacity: number;
  log: LivePublisherLog;
  /** After a failed attempt, how long to wait before trying the buffer again. */
  retryMs?: number;
};

export type LivePublisher = {
  /** Queues an update and returns at once: the caller (a booking) never waits on the channel. */
  publish: (topic: string, payload: unknown) => Promise<void>;
  /** Tries the buffer now (the channel is back). */
  drain: () => void;
  counters: Readonly<LiveChannelCounters>;
  /** Why the last attempt failed, while the buffer is not flowing; null when it is. */
  failure: () => string | null;
  /** Stops the retry timer (the app closes). */
  close: () => void;
};

type Update = { topic: string; payload: unknown };

// Updates handed over together: Redis takes them in one pipeline (ioredis auto-pipelining).
const BATCH = 256;

const reasonOf = (error: unknown): string =>
  (error as { code?: string } | null)?.code ?? (error instanceof Error ? error.message : 'error');

/**
 * Live updates (issue 31 §2.6) are published without making the request wait: each goes into a
 * bounded buffer, which is handed to the channel in order while it can take updates. While Redis is
 * away the buffer fills; once full, the oldest update is dropped, counted and logged (once per
 * episode), since clients re-read what they show when the channel returns (graphql/live-resync.ts).
 * A failed hand-over keeps its updates at the front of the buffer and is tried again.
 * @param options - the channel, the buffer's size and the log
 */
export function createLivePublisher(options: LivePublisherOptions): LivePublisher {
  const retryMs = options.retryMs ?? 1000;
  const counters: LiveChannelCounters = { published: 0, dropped: 0, failedAttempts: 0, buffered: 0 };
  let queue: Update[] = [];
  let head = 0;
  let sending = false;
  let failure: string | null = null;
  let droppedInEpisode = 0;
  let retry: NodeJS.Timeout | null = null;
  let closed = false;

  const size = (): number => queue.length - head;
  const settle = (): void => {
    if (head > 1024 && head * 2 > queue.length) {
      queue = queue.slice(head);
      head = 0;
    }
    counters.buffered = size();
  };
  const dropOldest = (): void => {
    head++;
    counters.dropped++;
    droppedInEpisode++;
    if (droppedInEpisode === 1) {
      options.log.dropping(
        `live-update buffer full (${options.capacity} waiting${failure ? `, ${failure}` : ''}): dropping the oldest; clients read again when the channel returns`,
      );
    }
  };

  const pump = (): void => {
    if (closed || sending || size() === 0 || !options.canSend()) {
      return;
    }
    sending = true;
    const batch = queue.slice(head, head + BATCH);
    head += batch.length;
    settle();
    const attempts = batch.map(async (update) => options.send(update.topic, update.payload));
    void Promise.allSettled(attempts).then((results) => {
      sending = false;
      const failed = batch.filter((_, index) => results[index]?.status === 'rejected');
      counters.published += batch.length - failed.length;
      if (failed.length > 0) {
        counters.failedAttempts += failed.length;
        const rejected = results.find((result) => result.status === 'rejected');
        failure = reasonOf(rejected?.reason);
        // Back at the front, in their order; what no longer fits goes, oldest first.
        queue = [...failed, ...queue.slice(head)];
        head = 0;
        while (size() > options.capacity) {
          dropOldest();
        }
        settle();
        if (!closed && retry === null) {
          retry = setTimeout(() => {
            retry = null;
            pump();
          }, retryMs);
          retry.unref();
        }
        return;
      }
      failure = null;
      if (size() === 0 && droppedInEpisode > 0) {
        options.log.drained(
          `live updates flow again; ${droppedInEpisode} were dropped while the channel could not take them`,
        );
        droppedInEpisode = 0;
      }
      pump();
    });
  };

  return {
    publish: (topic, payload) => {
      if (size() >= options.capacity) {
        dropOldest();
      }
      queue.push({ topic, payload });
      settle();
      pump();
      return Promise.resolve();
    },
    drain: pump,
    counters,
    failure: () => failure,
    close: () => {
      closed = true;
      if (retry) {
        clearTimeout(retry);
        retry = null;
      }
    },
  };
}
