import type { AppointmentNoticeSettings } from '@careline/domain/consultations';
import type { DeepPartial, TenantPublicConfig } from '@careline/domain/tenant';
import type { VideoSettings } from './tenants.video.ts';

/** Card and wallet gateway settings per environment; keys never leave the server. */
export type GatewaySettings = {
  cyberSource: {
    profileId: string;
    accessKey: string;
    secretKey: string;
    /** The hosted form the browser posts to: the sandbox in dev, the provider's URL in production. */
    formUrl: string;
    /** REST API (token charges, refunds; HTTP Signature auth): merchant id, key id, shared secret (base64). */
    merchantId: string;
    restKeyId: string;
    restSecretKey: string;
    /** REST API base: '/sandbox/cybersource' (ours) or e.g. 'https://apitest.cybersource.com'. */
    restBaseUrl: string;
    /**
     * Origins of the 3-D Secure step-up pages the browser may be sent to with a form (CyberSource's
     * payer authentication uses Cardinal's hosts). Listed in the page's CSP form-action; a step-up
     * elsewhere is refused. The sandbox's own step-up is same-origin and needs no entry.
     */
    stepUpOrigins: string[];
  };
  genie: { merchantUrl: string; apiKey: string; secretKey: string };
  /** Mobile bill (carrier billing; our design, docs/api-contract.md): API base, merchant id, HMAC secret (empty: refused). */
  mobileBill: { apiUrl: string; merchantId: string; secretKey: string };
};

/** A tenant as the server holds it: public settings plus what only the server may know. */
export type ServerTenant = {
  id: string;
  /** Hosts served as this tenant (case-insensitive, without port). */
  hosts: string[];
  publicConfig: TenantPublicConfig;
  /** The tenant's gateway settings: every hospital without its own override uses these. */
  gateways: GatewaySettings;
  /**
   * Per-hospital gateway settings (issue 9 §2), keyed by organization id: the tenant's settings
   * deep-merged with that hospital's override. Read through gatewaysFor (tenants.gateways.ts).
   */
  hospitalGateways: Record<string, GatewaySettings>;
  /** Sender name for SMS messages. */
  smsSenderName: string;
  /** Video calls: provider, STUN/TURN servers and secrets (issue 13; modules/tenants/tenants.video.ts). */
  video: VideoSettings;
  /**
   * The session notices (issue 32 §1.1, §1.4): the evening reminder's time, the quiet hours (no
   * reminder then) and the minutes after which a session not started tells its patients.
   */
  appointmentNotices: AppointmentNoticeSettings;
};

/** What a tenants file or the demo defines per tenant: overrides onto the base. */
export type TenantOverride = {
  id: string;
  hosts?: string[];
  default?: boolean;
  config?: DeepPartial<TenantPublicConfig>;
  gateways?: DeepPartial<GatewaySettings>;
  /** Per-hospital overrides onto `gateways`, keyed by the hospital's organization id (issue 9 §2). */
  hospitalGateways?: Record<string, DeepPartial<GatewaySettings>>;
  smsSenderName?: string;
  video?: DeepPartial<VideoSettings>;
  appointmentNotices?: DeepPartial<AppointmentNoticeSettings>;
};

export type TenantRegistry = {
  /** The tenant for a request's host, or the default tenant. */
  resolve: (host: string | undefined) => ServerTenant;
  byId: (id: string) => ServerTenant | undefined;
  all: () => ServerTenant[];
  defaultTenant: ServerTenant;
};
