import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { errorString } from '@careline/domain/errors';
import type * as GraphQL from 'graphql';
import type { ValidationRule } from 'graphql';
import type { WebSocket } from 'ws';

// The copy of graphql the schema was built with (Pothos and Mercurius load the CommonJS build; under
// vitest our own imports get the ESM one, whose schema checks refuse the other copy's types).
const graphql = createRequire(import.meta.url)('graphql') as typeof GraphQL;

type SchemaOf = Parameters<typeof graphql.validate>[0];

/** The upgrade request a subscription came in on: one per socket, shared by its subscriptions. */
type SubscriptionContext = { request?: IncomingMessage | { raw?: IncomingMessage } };

function upgradeSocket(request: SubscriptionContext['request']): { once: (event: 'close', listener: () => void) => unknown } | null {
  if (!request) {
    return null;
  }
  return 'socket' in request ? request.socket : (request.raw?.socket ?? null);
}

/** Options of {@link createSubscriptionLimits}. */
export type SubscriptionLimitOptions = {
  /** The rules HTTP requests run (depth is Mercurius's own, on both paths). */
  rules: ValidationRule[];
  /** Most live subscriptions one socket may hold at once. */
  maxSubscriptionsPerSocket: number;
  /** Most open websockets one client address may hold at once. */
  maxSocketsPerAddress: number;
  /** Take the client address from X-Forwarded-For (TRUST_PROXY), as Fastify does. */
  trustProxy: boolean;
  /** How long a socket may stay open without sending connection_init (graphql-ws: then 4408). */
  initTimeoutMs: number;
};

/** graphql-ws's close code and reason for a socket that did not initialise in time. */
export const INIT_TIMEOUT_CLOSE = { code: 4408, reason: 'Connection initialisation timeout' } as const;

/** Whether a websocket message is the protocol's connection_init (both subprotocols name it so). */
function isConnectionInit(message: unknown, isBinary: boolean): boolean {
  try {
    const text = Buffer.isBuffer(message) && !isBinary ? message.toString('utf8') : String(message);
    const parsed = JSON.parse(text) as { type?: unknown } | null;
    return parsed !== null && typeof parsed === 'object' && parsed.type === 'connection_init';
  } catch {
    return false;
  }
}

/**
 * The client address of an upgrade request: the first X-Forwarded-For entry behind a trusted proxy,
 * else the socket's peer.
 * @param request - the raw upgrade request
 * @param trustProxy - whether X-Forwarded-For is set by our own proxy
 */
export function upgradeClientAddress(request: IncomingMessage, trustProxy: boolean): string {
  const forwarded = request.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return trustProxy && first ? first : (request.socket.remoteAddress ?? 'unknown');
}

/**
 * Limits for GraphQL over the websocket (issue 6 §1): every operation runs the same validation
 * rules as HTTP (graphql's own, which allow exactly one root field per subscription, plus ours),
 * subscriptions are capped per socket, and sockets per client address.
 * @param options - the rules and the caps
 */
export function createSubscriptionLimits(options: SubscriptionLimitOptions) {
  const socketsByAddress = new Map<string, number>();
  const subscriptionsBySocket = new WeakMap<object, Set<string>>();
  let openSubscriptions = 0;

  const socketKey = (context: SubscriptionContext): object | null => context.request ?? null;

  return {
    /** ws's verifyClient: refuses an upgrade over the per-address cap with 429. */
    verifyClient: (
      info: { req: IncomingMessage },
      next: (result: boolean, code?: number, message?: string) => void,
    ): void => {
      const address = upgradeClientAddress(info.req, options.trustProxy);
      const open = socketsByAddress.get(address) ?? 0;
      if (open >= options.maxSocketsPerAddress) {
        next(false, 429, errorString('ARO-E9002'));
        return;
      }
      socketsByAddress.set(address, open + 1);
      info.req.socket.once('close', () => {
        const left = (socketsByAddress.get(address) ?? 1) - 1;
        if (left <= 0) {
          socketsByAddress.delete(address);
        } else {
          socketsByAddress.set(address, left);
        }
      });
      next(true);
    },

    /**
     * The websocket server's 'connection' listener (issue 31 §6.18): a socket that has not sent
     * connection_init within initTimeoutMs is closed with 4408, as graphql-ws's own server does, so
     * silent sockets cannot hold the per-address places and memory.
     */
    closeUninitialised: (socket: WebSocket): void => {
      const onMessage = (message: unknown, isBinary: boolean): void => {
        if (isConnectionInit(message, isBinary)) {
          stop();
        }
      };
      const timer = setTimeout(() => {
        socket.off('message', onMessage);
        socket.close(INIT_TIMEOUT_CLOSE.code, INIT_TIMEOUT_CLOSE.reason);
      }, options.initTimeoutMs);
      timer.unref();
      const stop = (): void => {
        clearTimeout(timer);
        socket.off('message', onMessage);
        socket.off('close', stop);
      };
      socket.on('message', onMessage);
      socket.once('close', stop);
    },

    /** Mercurius's preSubscriptionParsing hook: validation, then the per-socket cap. */
    preSubscriptionParsing: async (
      schema: unknown,
      source: string,
      context: unknown,
      id: unknown,
    ): Promise<void> => {
      const document = graphql.parse(source);
      const errors = graphql.validate(schema as SchemaOf, document, [
        ...graphql.specifiedRules,
        ...(options.rules as unknown as typeof graphql.specifiedRules),
      ]);
      const [first] = errors;
      if (first) {
        throw new Error(first.message);
      }
      const key = socketKey(context as SubscriptionContext);
      if (!key) {
        return;
      }
      let active = subscriptionsBySocket.get(key);
      if (!active) {
        const created = new Set<string>();
        active = created;
        subscriptionsBySocket.set(key, created);
        // A socket that closes ends all its subscriptions (no onSubscriptionEnd comes for them).
        upgradeSocket(key)?.once('close', () => {
          openSubscriptions -= created.size;
          created.clear();
        });
      }
      const subscriptionId = String(id);
      if (!active.has(subscriptionId) && active.size >= options.maxSubscriptionsPerSocket) {
        throw new Error(errorString('ARO-E9001'));
      }
      if (!active.has(subscriptionId)) {
        active.add(subscriptionId);
        openSubscriptions += 1;
      }
    },

    /** Subscriptions open on this instance's websockets now (careline_subscriptions_open). */
    openSubscriptions: (): number => openSubscriptions,

    /** Mercurius's onSubscriptionEnd hook: the client completed a subscription. */
    onSubscriptionEnd: async (context: unknown, id: unknown): Promise<void> => {
      const key = socketKey(context as SubscriptionContext);
      if (key && subscriptionsBySocket.get(key)?.delete(String(id))) {
        openSubscriptions -= 1;
      }
    },
  };
}
