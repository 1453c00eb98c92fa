import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import type { TenantRegistry } from '../modules/tenants/index.ts';
import type { BlobStore } from './blob-storage/blob-store.ts';
import { createBlobStore } from './blob-storage/create-blob-store.ts';
import { createSignInSmsSender, createSmsSender } from './sms/create-sms-sender.ts';
import type { SmsSender } from './sms/sms.ts';
import { loadAppSecret } from '../config/secret.ts';
import { createSmsMessageStore } from '../modules/sms/index.ts';
import { createGatewayHttp, type GatewayHttp } from './payment-gateways/gateway-http.ts';

/** Providers and long-lived helpers, built once per process and shared by every request. */
export type Providers = {
  blobStore: BlobStore;
  /** The configured provider: the SMS outbox's jobs deliver through it (modules/sms). */
  sms: SmsSender;
  /** Sign-in codes, sent inline: the provider, then once the fallback provider when one is configured. */
  signInSms: SmsSender;
  /** Key for signing links and other tokens the server hands out. */
  appSecret: Buffer;
  /** HTTP to payment gateways: relative URLs in-process (the sandbox; bound by buildApp), absolute through fetch. */
  gatewayHttp: GatewayHttp;
};

/**
 * Builds the providers from configuration.
 * @param env - validated environment
 * @param database - the open database (the SMS outbox writes to it)
 * @param tenants - tenant registry
 * @param log - logger for providers
 * @param built - what the start already built while checking the configuration (the secret), not built again
 */
export async function createProviders(
  env: Env,
  database: Database,
  tenants: TenantRegistry,
  log: FastifyBaseLogger,
  built: { appSecret?: Buffer } = {},
): Promise<Providers> {
  const store = createSmsMessageStore(database.db);
  const sms = createSmsSender(env, store, tenants, log);
  return {
    blobStore: await createBlobStore(env),
    sms,
    signInSms: createSignInSmsSender(env, sms, store, tenants, log),
    appSecret: built.appSecret ?? loadAppSecret(env),
    gatewayHttp: createGatewayHttp({ timeoutMs: 30_000 }),
  };
}
