import { createRequire } from 'node:module';
import type * as GraphQL from 'graphql';
import type { ExecutionResult, GraphQLResolveInfo } from 'graphql';

// The copy of graphql the schema was built with (see subscription-limits.ts).
const graphql = createRequire(import.meta.url)('graphql') as typeof GraphQL;

/** A message on the emitter, as Mercurius publishes it. */
type EmitterMessage = { topic: string; payload?: unknown };
type EmitterListener = (message: EmitterMessage, done: () => void) => void;

/** What both mqemitter (one process) and mqemitter-redis (every instance) offer. */
export type LiveEmitter = {
  on: (topic: string, listener: EmitterListener, ready?: (error?: unknown) => void) => unknown;
  removeListener: (topic: string, listener: EmitterListener, done?: () => void) => unknown;
};

/** The websocket a subscription came in on (ws's WebSocket). */
type LiveWebSocket = {
  readonly protocol: string;
  readonly readyState: number;
  send: (data: string) => void;
};

/** What a shared field's resolver context must carry; Mercurius adds `id`, our context `liveSocket`. */
type MemberContext = { id?: string | number; liveSocket?: unknown; tenant: { id: string } };

type Member = { id: string; socket: LiveWebSocket; context: MemberContext; end: () => void };

type Group = {
  topic: string;
  members: Set<Member>;
  ready: Promise<void>;
  listener: EmitterListener;
  /** Events of this group are delivered one after the other, in the order they arrived. */
  delivering: Promise<void>;
};

/** Options of {@link createSharedLive}. */
export type SharedLiveOptions = {
  /** The emitter Mercurius subscribes to (the same one, so shared and per-subscriber fields see the same events). */
  emitter: LiveEmitter;
  /** Mercurius's error formatter: what one subscriber gets for a result with errors. */
  formatErrors: (
    result: ExecutionResult & Required<Pick<ExecutionResult, 'errors'>>,
    context: MemberContext,
  ) => unknown;
  /** Where a failed delivery is reported. */
  onError: (error: unknown) => void;
};

/** Options of one shared subscription. */
export type SharedSubscribeOptions = {
  /**
   * Which events are delivered, decided once per group and event: it may read only the operation's
   * arguments and the tenant, which every member of a group shares (searchSession's filters). The
   * first member's is used.
   */
  accept?: (payload: unknown) => Promise<boolean> | boolean;
};

/** Shared delivery of live results (see {@link createSharedLive}). */
export type SharedLive = {
  /**
   * Joins the subscription of the resolver's context to the shared delivery of `topic`; answers the
   * subscription's event source, which yields nothing (results go straight to the socket) and ends
   * when the client completes the subscription or the socket closes.
   */
  subscribe: (
    context: MemberContext,
    info: GraphQLResolveInfo,
    topic: string,
    options?: SharedSubscribeOptions,
  ) => Promise<AsyncIterableIterator<never>>;
  /** Open groups, for tests: one per tenant, topic, document and variables. */
  groupCount: () => number;
};

const WS_OPEN = 1;

/**
 * Live results that are the same for every subscriber (a session's tokens, a session's change), sent
 * to thousands of phones (issue 8 fan-out): each event is executed and serialised once per distinct
 * operation and variables, then the same text goes to every socket of the group. The per-subscriber
 * path (Mercurius: a queue, an execution and a JSON.stringify per subscriber and event) cost ~100 µs
 * a subscriber, a raw broadcast ~15 µs. Only for fields whose result depends on nothing of the viewer
 * but the tenant: every selection under them must read the event and the tenant alone. A result with
 * errors is executed again for each subscriber with its own context, as Mercurius would.
 * @param options - the emitter, the error formatter and the error log
 */
export function createSharedLive(options: SharedLiveOptions): SharedLive {
  const groups = new Map<string, Group>();

  const messageType = (socket: LiveWebSocket): string =>
    socket.protocol === 'graphql-transport-ws' ? 'next' : 'data';
  const send = (member: Member, payload: string): void => {
    if (member.socket.readyState === WS_OPEN) {
      member.socket.send(
        `{"type":"${messageType(member.socket)}","id":${JSON.stringify(member.id)},"payload":${payload}}`,
      );
    }
  };

  const deliver = async (
    group: Group,
    execution: Omit<GraphQL.ExecutionArgs, 'contextValue' | 'rootValue'>,
    payload: unknown,
  ): Promise<void> => {
    const members = [...group.members];
    const [first] = members;
    if (!first) {
      return;
    }
    const run = (context: MemberContext): Promise<ExecutionResult> | ExecutionResult =>
      graphql.execute({ ...execution, rootValue: payload, contextValue: context });
    const result = await run(first.context);
    if (!result.errors?.length) {
      const text = JSON.stringify(result);
      // Whoever completed the subscription while it ran gets nothing more.
      for (const member of members) {
        if (group.members.has(member)) {
          send(member, text);
        }
      }
      return;
    }
    // An error may depend on who asked (a sign-in that just ended): each subscriber's own answer.
    for (const member of members) {
      if (group.members.has(member)) {
        const own = await run(member.context);
        send(
          member,
          JSON.stringify(
            own.errors?.length
              ? options.formatErrors({ ...own, errors: own.errors }, member.context)
              : own,
          ),
        );
      }
    }
  };

  const leave = (key: string, group: Group, member: Member): void => {
    if (!group.members.delete(member) || group.members.size > 0) {
      return;
    }
    groups.delete(key);
    options.emitter.removeListener(group.topic, group.listener);
  };

  return {
    subscribe: async (context, info, topic, subscribeOptions = {}) => {
      const socket = context.liveSocket as LiveWebSocket | undefined;
      if (!socket || typeof socket.send !== 'function' || context.id === undefined) {
        throw new Error('a shared live field was subscribed outside a websocket');
      }
      const document: GraphQL.DocumentNode = {
        kind: graphql.Kind.DOCUMENT,
        definitions: [info.operation, ...Object.values(info.fragments)],
      };
      const operationName = info.operation.name?.value;
      const variableValues = info.variableValues;
      // The tenant is in the topic too; it is in the key so that no group ever spans two tenants.
      const key = [
        topic,
        context.tenant.id,
        graphql.print(document),
        operationName ?? '',
        JSON.stringify(variableValues),
      ].join('\n');
      let group = groups.get(key);
      if (!group) {
        const created: Group = {
          topic,
          members: new Set(),
          ready: Promise.resolve(),
          delivering: Promise.resolve(),
          listener: (message, done) => {
            done();
            const { accept } = subscribeOptions;
            created.delivering = created.delivering
              .then(async () => {
                if (accept && !(await accept(message.payload))) {
                  return;
                }
                await deliver(
                  created,
                  { schema: info.schema, document, operationName, variableValues },
                  message.payload,
                );
              })
              .catch(options.onError);
          },
        };
        created.ready = new Promise<void>((resolve, reject) => {
          options.emitter.on(topic, created.listener, (error) =>
            error
              ? reject(
                  error instanceof Error
                    ? error
                    : new Error('live subscribe failed', { cause: error }),
                )
              : resolve(),
          );
        });
        group = created;
        groups.set(key, group);
      }

      let finish: (result: IteratorResult<never>) => void = () => undefined;
      const ended = new Promise<IteratorResult<never>>((resolve) => {
        finish = resolve;
      });
      const joined = group;
      const member: Member = {
        id: String(context.id),
        socket,
        context,
        end: () => {
          leave(key, joined, member);
          finish({ done: true, value: undefined });
        },
      };
      joined.members.add(member);
      try {
        await joined.ready;
      } catch (error) {
        member.end();
        throw error;
      }
      const source: AsyncIterableIterator<never> = {
        next: () => ended,
        return: () => {
          member.end();
          return Promise.resolve({ done: true, value: undefined });
        },
        throw: (error?: unknown) => {
          member.end();
          return Promise.reject(error instanceof Error ? error : new Error(String(error)));
        },
        [Symbol.asyncIterator]: () => source,
      };
      return source;
    },
    groupCount: () => groups.size,
  };
}
