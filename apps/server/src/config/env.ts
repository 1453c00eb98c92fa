import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every environment variable the server reads, validated at start (README's configuration table). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  /** Live updates kept while Redis cannot take them (issue 31 §2.6); past that the oldest are dropped, counted and logged. */
  LIVE_UPDATE_BUFFER: z.coerce.number().int().positive().default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A JSON file with tenant overrides; the demo tenants are used when unset. */
  TENANTS_FILE: z.string().optional(),
  /** Secret for signing sign-in links and other tokens; generated into DATA_DIR when unset outside production. */
  APP_SECRET: z.string().min(32).optional(),
  /** Where the built web app lives; served by the same process. */
  WEB_DIST_DIR: z.string().optional(),
  STAFF_DIST_DIR: z.string().optional(),
  BLOB_STORAGE: z.enum(['fs', 's3']).default('fs'),
  BLOB_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  /** Most pixels an uploaded image's header may declare (issue 31 §6.17: a 66-byte PNG can declare 2.5 gigapixels). */
  BLOB_MAX_IMAGE_PIXELS: z.coerce.number().int().positive().default(40_000_000),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  /** Boolean: seed the demo hospital group into tenants with no data at start; on outside production, off in it unless set. */
  SEED_DEMO: bool.optional(),
  /** Bearer token a Prometheus scraper sends for /metrics on the API's port; unset, /metrics is not served there. */
  METRICS_TOKEN: z.string().min(24).optional(),
  /** Port of a listener that serves only /metrics, without a token (keep it on a private network); unset, none. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Address the metrics listener binds (loopback unless set). */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * OpenTelemetry's OTLP endpoint: set, the tracing preload (src/tracing/preload.ts) exports traces there.
   * The SDK reads it and the other OTEL_* settings itself; it is checked here so a bad one stops the start.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  /** Boolean: trust X-Forwarded-For for the client address; true only behind a proxy that overwrites that header. */
  TRUST_PROXY: bool.default(false),
  /** Serve /dev/* (SMS outbox) in production too; off unless explicitly allowed. */
  ALLOW_DEV_ROUTES: bool.default(false),
  /** Boolean: serve the payment gateway sandbox (/sandbox/cybersource/*); default on outside production, off in it. */
  PAYMENT_SANDBOX: bool.optional(),
  /** Quotas (issue 6 §2): profiles per account, and uploads per account in any 24 hours. */
  PROFILES_MAX_PER_ACCOUNT: z.coerce.number().int().positive().default(20),
  UPLOADS_MAX_PER_DAY: z.coerce.number().int().positive().default(50),
  UPLOAD_BYTES_MAX_PER_DAY: z.coerce.number().int().positive().default(100 * 1024 * 1024),
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().positive().default(10),
  /** Worst-case fields in a response: list fields weigh what they select by the rows they can return. */
  GRAPHQL_MAX_COST: z.coerce.number().int().positive().default(500_000),
  /** Worst-case rows of all lists of objects in one request (nested lists multiplied). */
  GRAPHQL_MAX_ROWS: z.coerce.number().int().positive().default(100_000),
  /** Most aliases (response keys) of one field name in one selection set. */
  GRAPHQL_MAX_ALIASES: z.coerce.number().int().positive().default(20),
  /** Most live subscriptions one websocket may hold at once. */
  GRAPHQL_WS_MAX_SUBSCRIPTIONS: z.coerce.number().int().positive().default(20),
  /** Most open websockets per client address (carrier NAT puts many phones behind one address). */
  GRAPHQL_WS_MAX_SOCKETS_PER_ADDRESS: z.coerce.number().int().positive().default(50),
  /** How long a websocket may stay open without sending connection_init; then closed with 4408 (issue 31 §6.18). */
  GRAPHQL_WS_INIT_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  /**
   * Sign-in codes asked for, and codes checked, from one client address in 10 minutes (docs/security.md):
   * carrier NAT puts many phones behind one address, so an operator may raise them.
   */
  AUTH_INITIATIONS_PER_ADDRESS: z.coerce.number().int().positive().default(30),
  AUTH_COMPLETIONS_PER_ADDRESS: z.coerce.number().int().positive().default(60),
  GRAPHQL_WS_SESSION_CHECK_MS: z.coerce.number().int().positive().default(30_000),
  /** Slow clients (issue 6 §1): time to receive a request's headers, and the whole request. */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  /** How long an idle keep-alive connection stays open; above a load balancer's idle timeout behind one. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  HTTP_MAX_REQUESTS_PER_SOCKET: z.coerce.number().int().positive().default(1000),
  /** How often Node checks the header and request timeouts of open connections. */
  HTTP_CONNECTIONS_CHECK_INTERVAL_MS: z.coerce.number().int().positive().default(1000),
  /** Most open connections per peer address; not applied when TRUST_PROXY is on (the peer is the proxy). */
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().positive().default(200),
  /** SMS provider: outbox (default outside production), twilio or http; see providers/sms/sms.ts. */
  SMS_PROVIDER: z.enum(['outbox', 'twilio', 'http']).optional(),
  SMS_ALLOW_OUTBOX_IN_PRODUCTION: bool.default(false),
  SMS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_MESSAGING_SERVICE_SID: z.string().optional(),
  TWILIO_BASE_URL: z.string().url().default('https://api.twilio.com'),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_METHOD: z.enum(['POST', 'PUT', 'GET']).default('POST'),
  /** JSON object of extra headers, e.g. {"Authorization":"Bearer ..."}. */
  SMS_HTTP_HEADERS: z.string().optional(),
  /** Body with {{to}}, {{body}}, {{sender}} placeholders (values escaped for the content type). */
  SMS_HTTP_BODY_TEMPLATE: z.string().optional(),
  SMS_HTTP_CONTENT_TYPE: z.enum(['json', 'form']).default('json'),
  /**
   * A second provider for sign-in codes only, tried once when the first refuses one (issue 31 §4.12);
   * its settings are the first provider's names with SMS_FALLBACK_ in front (SMS_FALLBACK_HTTP_URL,
   * SMS_FALLBACK_TWILIO_FROM, …).
   */
  SMS_FALLBACK_PROVIDER: z.enum(['twilio', 'http']).optional(),
  SMS_FALLBACK_TWILIO_ACCOUNT_SID: z.string().optional(),
  SMS_FALLBACK_TWILIO_AUTH_TOKEN: z.string().optional(),
  SMS_FALLBACK_TWILIO_FROM: z.string().optional(),
  SMS_FALLBACK_TWILIO_MESSAGING_SERVICE_SID: z.string().optional(),
  SMS_FALLBACK_TWILIO_BASE_URL: z.string().url().default('https://api.twilio.com'),
  SMS_FALLBACK_HTTP_URL: z.string().url().optional(),
  SMS_FALLBACK_HTTP_METHOD: z.enum(['POST', 'PUT', 'GET']).default('POST'),
  SMS_FALLBACK_HTTP_HEADERS: z.string().optional(),
  SMS_FALLBACK_HTTP_BODY_TEMPLATE: z.string().optional(),
  SMS_FALLBACK_HTTP_CONTENT_TYPE: z.enum(['json', 'form']).default('json'),
  /**
   * The SMS outbox (every SMS but the sign-in code): tries after the first before a message is given
   * up on (dead-lettered), and the delay before the first retry in seconds, doubling with each next
   * one (0: retried at the next poll, without backoff; for tests).
   */
  SMS_RETRY_LIMIT: z.coerce.number().int().min(0).default(8),
  SMS_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).default(30),
  /** How long a temporary appointment (reserve before the profile exists) holds its place before it is released. */
  TEMPORARY_APPOINTMENT_HOLD_MS: z.coerce.number().int().positive().default(15 * 60_000),
  /**
   * When the kept job queue (pg-boss, modules/jobs) starts: 'eager' at boot (default; picks up jobs
   * left by a previous run), 'lazy' at the first job sent (the test default: most test apps send none).
   */
  JOBS_START: z.enum(['eager', 'lazy']).optional(),
  /** How often each instance's job workers look for due jobs (pg-boss's minimum is 0.5 s). */
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(500).default(2000),
});

/** The validated environment; the defaults that hang on NODE_ENV are resolved. */
export type Env = Omit<z.infer<typeof envSchema>, 'SEED_DEMO'> & { SEED_DEMO: boolean };

/**
 * Reads and validates the environment, naming every bad variable in one error.
 * @param source - the environment to read (process.env by default)
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.HTTP_HEADERS_TIMEOUT_MS > env.HTTP_REQUEST_TIMEOUT_MS) {
    throw new Error(
      'Invalid configuration:\n  HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS',
    );
  }
  if (env.BLOB_STORAGE === 's3' && !env.S3_BUCKET) {
    throw new Error('Invalid configuration:\n  S3_BUCKET: required when BLOB_STORAGE=s3');
  }
  // Nothing demo is created in production unless asked for (issue 31 §1.1).
  return { ...env, SEED_DEMO: env.SEED_DEMO ?? env.NODE_ENV !== 'production', DATA_DIR: path.resolve(env.DATA_DIR) };
}
