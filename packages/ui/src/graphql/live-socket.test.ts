// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import type { ClientOptions, Client as WsClient, Sink, SubscribePayload } from 'graphql-ws';
import { createLiveSocket } from './live-socket.ts';

type Inner = { payload: SubscribePayload; sink: Sink; stopped: boolean };

function fakeWs() {
  const inner: Inner[] = [];
  let options: ClientOptions | null = null;
  const terminate = vi.fn();
  const create = (given: ClientOptions): WsClient => {
    options = given;
    return {
      on: () => () => undefined,
      subscribe: (payload, sink) => {
        const entry: Inner = { payload, sink, stopped: false };
        inner.push(entry);
        return () => {
          entry.stopped = true;
          // graphql-ws completes the sink after an unsubscribe, asynchronously.
          queueMicrotask(() => entry.sink.complete());
        };
      },
      iterate: () => {
        throw new Error('not used');
      },
      dispose: () => undefined,
      terminate,
    };
  };
  return { inner, create, terminate, options: () => options };
}

function setup() {
  const ws = fakeWs();
  const onSocketEvent = vi.fn();
  const onResync = vi.fn();
  const socket = createLiveSocket({
    url: () => 'ws://localhost/graphql?access_token=t',
    accessToken: () => 't',
    onSocketEvent,
    onResync,
    createWsClient: ws.create,
  });
  const sink = { next: vi.fn(), error: vi.fn(), complete: vi.fn() };
  const socketErrors = () => onSocketEvent.mock.calls.filter(([event]) => event === 'socket-error');
  return { ws, socket, sink, socketErrors, onResync };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('live socket (spec doc 1 §4 Network and live updates)', () => {
  it('connects lazily with the token in the init payload too', () => {
    const { ws } = setup();
    const options = ws.options();
    expect(options?.lazy).toBe(true);
    expect(typeof options?.connectionParams).toBe('function');
    const params = (options?.connectionParams as () => unknown)();
    expect(params).toEqual({ accessToken: 't' });
  });

  it('pausing (page hidden) ends the inner subscriptions without completing the app sink', async () => {
    const { ws, socket, sink } = setup();
    socket.subscribe({ query: 'subscription { subscribeChat { id } }' }, sink);
    expect(ws.inner).toHaveLength(1);
    socket.pause();
    await flush();
    expect(ws.inner[0]?.stopped).toBe(true);
    expect(sink.complete).not.toHaveBeenCalled();
    expect(socket.size()).toBe(1);
  });

  it('resuming (page visible) subscribes again and delivers data to the same sink', async () => {
    const { ws, socket, sink } = setup();
    socket.subscribe({ query: 'subscription { subscribeChat { id } }' }, sink);
    socket.pause();
    await flush();
    socket.resume();
    expect(ws.inner).toHaveLength(2);
    expect(ws.inner[1]?.payload.query).toContain('subscribeChat');
    ws.inner[1]?.sink.next({ data: { subscribeChat: { id: 'c1' } } });
    expect(sink.next).toHaveBeenCalledWith({ data: { subscribeChat: { id: 'c1' } } });
    // Data from the stopped subscription is not passed on.
    ws.inner[0]?.sink.next({ data: { subscribeChat: { id: 'old' } } });
    expect(sink.next).toHaveBeenCalledTimes(1);
  });

  it('a subscription started while paused waits for resume', () => {
    const { ws, socket, sink } = setup();
    socket.pause();
    socket.subscribe({ query: 'subscription { subscribeCommunication { id } }' }, sink);
    expect(ws.inner).toHaveLength(0);
    socket.resume();
    expect(ws.inner).toHaveLength(1);
  });

  it('the app ending a subscription stops it for good', async () => {
    const { ws, socket, sink } = setup();
    const stop = socket.subscribe({ query: 'subscription { subscribeChat { id } }' }, sink);
    stop();
    socket.pause();
    socket.resume();
    expect(ws.inner).toHaveLength(1);
    expect(socket.size()).toBe(0);
  });

  it('restart (new token) terminates the socket and subscribes again', () => {
    const { ws, socket, sink } = setup();
    socket.subscribe({ query: 'subscription { subscribeChat { id } }' }, sink);
    socket.restart();
    expect(ws.terminate).toHaveBeenCalledTimes(1);
    expect(ws.inner).toHaveLength(2);
    expect(ws.inner[0]?.stopped).toBe(true);
  });

  it('an abnormal close reports a socket error (WS_ERROR); our own normal close does not', () => {
    const { ws, socketErrors } = setup();
    const closed = ws.options()?.on?.closed;
    closed?.({ code: 1006, reason: '' });
    expect(socketErrors()).toHaveLength(1);
    closed?.({ code: 1000, reason: 'Normal Closure' });
    closed?.({ code: 4499, reason: 'Terminated' });
    expect(socketErrors()).toHaveLength(1);
  });

  // issue 31 §2.6: what the page shows is read again when live updates may have been missed.
  describe('resync', () => {
    it("reads again, spread as asked, when the server's ping asks (its live-update channel lost updates)", () => {
      const { ws, onResync } = setup();
      const ping = ws.options()?.on?.ping;
      ping?.(true, { resync: true, withinMs: 5000 });
      expect(onResync).toHaveBeenCalledWith(5000);
      // Keep-alive pings, and our own pings, ask nothing.
      ping?.(true, undefined);
      ping?.(false, { resync: true, withinMs: 5000 });
      expect(onResync).toHaveBeenCalledTimes(1);
    });

    it('reads again at once when the socket is back after a dropped connection, not on the first connection', () => {
      const { ws, onResync } = setup();
      const on = ws.options()?.on;
      on?.connected?.({}, undefined, false);
      expect(onResync).not.toHaveBeenCalled();
      on?.closed?.({ code: 1006, reason: '' });
      on?.connected?.({}, undefined, false);
      expect(onResync).toHaveBeenCalledWith(0);
      // Once per loss.
      on?.connected?.({}, undefined, false);
      expect(onResync).toHaveBeenCalledTimes(1);
    });

    it('does not read again after our own closes: the last subscription gone, or a token change', () => {
      const { ws, onResync } = setup();
      const on = ws.options()?.on;
      on?.closed?.({ code: 1000, reason: 'Normal Closure' });
      on?.connected?.({}, undefined, false);
      on?.closed?.({ code: 4499, reason: 'Terminated' });
      on?.connected?.({}, undefined, false);
      expect(onResync).not.toHaveBeenCalled();
    });

    it('reads again when a hidden page with live screens is shown and connects again', () => {
      const { ws, socket, sink, onResync } = setup();
      socket.subscribe({ query: 'subscription { subscribeChat { id } }' }, sink);
      socket.pause();
      socket.resume();
      ws.options()?.on?.connected?.({}, undefined, false);
      expect(onResync).toHaveBeenCalledWith(0);
    });
  });
});
