import { describe, expect, it, vi } from 'vitest';
import { createLivePublisher, type LivePublisherOptions } from './live-publisher.ts';

/** A channel the test opens, closes and makes fail; it records what it took, in order. */
function fakeChannel() {
  const taken: string[] = [];
  const state = { open: true, failing: false };
  const send = vi.fn(async (topic: string) => {
    if (state.failing) {
      throw Object.assign(new Error('Command timed out'), { code: undefined });
    }
    taken.push(topic);
  });
  return { taken, state, send, canSend: () => state.open };
}

function publisher(channel: ReturnType<typeof fakeChannel>, options: Partial<LivePublisherOptions> = {}) {
  const log = { dropping: vi.fn(), drained: vi.fn() };
  const live = createLivePublisher({
    send: channel.send,
    canSend: channel.canSend,
    capacity: 3,
    log,
    retryMs: 5,
    ...options,
  });
  return { live, log };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the live publisher (issue 31 §2.6)', () => {
  it('hands updates over in order and never makes the caller wait', async () => {
    const channel = fakeChannel();
    const { live } = publisher(channel);
    let answered = false;
    void live.publish('a', 1).then(() => {
      answered = true;
    });
    await Promise.resolve();
    expect(answered).toBe(true);
    await live.publish('b', 2);
    await live.publish('c', 3);
    await vi.waitFor(() => expect(channel.taken).toEqual(['a', 'b', 'c']));
    expect(live.counters).toEqual({ published: 3, dropped: 0, failedAttempts: 0, buffered: 0 });
  });

  it('keeps updates while the channel is closed and hands them over when it is back', async () => {
    const channel = fakeChannel();
    const { live } = publisher(channel);
    channel.state.open = false;
    await live.publish('a', 1);
    await live.publish('b', 2);
    await settle();
    expect(channel.taken).toEqual([]);
    expect(live.counters.buffered).toBe(2);
    channel.state.open = true;
    live.drain();
    await vi.waitFor(() => expect(channel.taken).toEqual(['a', 'b']));
    expect(live.counters.buffered).toBe(0);
  });

  it('drops the oldest once full, counts every drop, logs once, and says how many when it drains', async () => {
    const channel = fakeChannel();
    const { live, log } = publisher(channel);
    channel.state.open = false;
    for (const topic of ['a', 'b', 'c', 'd', 'e']) {
      await live.publish(topic, null);
    }
    expect(live.counters).toMatchObject({ dropped: 2, buffered: 3 });
    expect(log.dropping).toHaveBeenCalledTimes(1);
    expect(log.dropping.mock.calls[0]?.[0]).toContain('live-update buffer full (3 waiting)');
    channel.state.open = true;
    live.drain();
    await vi.waitFor(() => expect(channel.taken).toEqual(['c', 'd', 'e']));
    await vi.waitFor(() => expect(log.drained).toHaveBeenCalledTimes(1));
    expect(log.drained.mock.calls[0]?.[0]).toContain('2 were dropped');
    // A later episode logs again.
    channel.state.open = false;
    for (const topic of ['f', 'g', 'h', 'i']) {
      await live.publish(topic, null);
    }
    expect(log.dropping).toHaveBeenCalledTimes(2);
    expect(live.counters.dropped).toBe(3);
  });

  it('keeps a failed hand-over at the front and tries it again, and says why meanwhile', async () => {
    const channel = fakeChannel();
    const { live } = publisher(channel);
    channel.state.failing = true;
    await live.publish('a', 1);
    await vi.waitFor(() => expect(live.failure()).toBe('Command timed out'));
    expect(live.counters.failedAttempts).toBeGreaterThan(0);
    await live.publish('b', 2);
    channel.state.failing = false;
    await vi.waitFor(() => expect(channel.taken).toEqual(['a', 'b']));
    expect(live.failure()).toBeNull();
    expect(live.counters).toMatchObject({ published: 2, dropped: 0, buffered: 0 });
    live.close();
  });

  it('stops trying once closed', async () => {
    const channel = fakeChannel();
    const { live } = publisher(channel);
    channel.state.failing = true;
    await live.publish('a', 1);
    await vi.waitFor(() => expect(channel.send).toHaveBeenCalledTimes(1));
    live.close();
    channel.state.failing = false;
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(channel.send).toHaveBeenCalledTimes(1);
  });
});
