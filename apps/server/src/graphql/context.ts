import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Env } from '../config/env.ts';
import type { ServerTenant } from '../modules/tenants/tenants.types.ts';
import type { Providers } from '../providers/providers.ts';
import type { Viewer } from '../modules/auth/auth.viewer.ts';
import type { StaffViewer } from '../modules/staff/staff.access-sessions.ts';
import type { LiveSocket } from './live-sessions.ts';
import type { SharedLive } from './shared-live.ts';
import type { JobQueue } from '../modules/jobs/jobs.ts';
import type { SmsOutbox } from '../modules/sms/index.ts';
import type { Presence } from '../providers/presence/presence.ts';

/** What every resolver receives. */
export type GraphQLContext = {
  env: Env;
  database: Database;
  tenant: ServerTenant;
  /** The patient account behind the token; null for anonymous requests and for staff. */
  viewer: Viewer | null;
  /** The staff member behind a staff token; null otherwise. Never set together with `viewer`. */
  staff: StaffViewer | null;
  /** The raw token when one was sent but did not resolve: lets resolvers answer E1022 vs E1023. */
  rejectedToken: boolean;
  correlationId: string;
  clientIp: string;
  log: FastifyBaseLogger;
  providers: Providers;
  /** Set by Mercurius on subscription contexts: subscribes to topics for live updates. */
  pubsub?: { subscribe: (topics: string | string[]) => Promise<AsyncIterable<unknown>> };
  /** Publishes to live subscribers on every instance (in-process or Redis). */
  publish: (topic: string, payload: unknown) => Promise<void>;
  /** Closes this instance's websockets of a sign-in that just ended (graphql/live-sessions.ts). */
  endLiveSession: (accessSessionId: string) => void;
  /** The kept job queue (modules/jobs): jobs that must run later, once, on some instance. */
  jobs: JobQueue;
  /** The SMS outbox (modules/sms): every SMS but the sign-in code, written with the change that causes it. */
  smsOutbox: SmsOutbox;
  /** Who is online (chat agents, patients watching) across instances: Redis when set, else this process. */
  presence: Presence;
  /** 'protocol://host[:port]' of the HTTP request (Fastify, TRUST_PROXY aware); unset on websockets. */
  requestOrigin?: string;
  /** On subscription contexts: the websocket, so it can be closed when its sign-in ends. */
  liveSocket?: LiveSocket;
  /** On subscription contexts: the shared delivery of results that are the same for every subscriber. */
  sharedLive?: SharedLive;
};
