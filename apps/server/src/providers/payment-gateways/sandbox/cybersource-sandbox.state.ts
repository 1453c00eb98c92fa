import type { AppDeps } from '../../../app-deps.ts';
import { allGatewaySettings } from '../../../modules/tenants/index.ts';
import type { CyberSourceSettings, HttpRequester } from '../gateway.ts';
import { isSandboxProfile, type CardSent, type Fields } from './cybersource-sandbox.protocol.ts';

/*
 * The CyberSource sandbox's state store (issue 9 §4): captured payments (for refunds), pending
 * challenges and pending 3-D Secure step-ups, in memory, per process; and what every page of the
 * sandbox needs from the server.
 */

/** A captured payment, for refunds. */
export type Captured = {
  merchantId: string;
  currency: string;
  capturedMinor: number;
  refundedMinor: number;
};
/** A token charge waiting for the cardholder's 3-D Secure step-up (Payer Authentication). */
export type PendingAuthentication = {
  merchantId: string;
  token: string;
  amount: string;
  currency: string;
  returnUrl: string;
  accessToken: string;
  /** The merchant data posted with the step-up, echoed back as MD. */
  md: string;
  state: 'pending' | 'authenticated' | 'failed';
  expiresAt: number;
};
/** A hosted or silent payment waiting for the bank's one-time code. */
export type PendingChallenge = {
  profile: CyberSourceSettings;
  request: Fields;
  card: CardSent;
  expiresAt: number;
};

/** The sandbox's in-memory state: one per registered sandbox. */
export type SandboxState = {
  captured: Map<string, Captured>;
  challenges: Map<string, PendingChallenge>;
  authentications: Map<string, PendingAuthentication>;
  /** Forgets the step-ups whose time is up. */
  dropExpiredAuthentications: (now: number) => void;
};

/** What the sandbox's pages share: the server's dependencies, the state store and the sandbox profiles. */
export type CyberSourceSandbox = {
  deps: AppDeps;
  state: SandboxState;
  http: HttpRequester;
  /** The tenants' CyberSource profiles configured to post to the sandbox. */
  profiles: () => CyberSourceSettings[];
};

/** A fresh, empty state store. */
export function createSandboxState(): SandboxState {
  const captured = new Map<string, Captured>();
  const challenges = new Map<string, PendingChallenge>();
  const authentications = new Map<string, PendingAuthentication>();
  const dropExpiredAuthentications = (now: number) => {
    for (const [key, pending] of authentications) {
      if (pending.expiresAt < now) {
        authentications.delete(key);
      }
    }
  };
  return { captured, challenges, authentications, dropExpiredAuthentications };
}

/**
 * The sandbox of a server: a fresh state store, the gateway HTTP requester and the sandbox profiles.
 * @param deps - tenants (the profiles and keys it checks against) and providers (gatewayHttp, appSecret)
 */
export function createCyberSourceSandbox(deps: AppDeps): CyberSourceSandbox {
  return {
    deps,
    state: createSandboxState(),
    http: deps.providers.gatewayHttp,
    profiles: () =>
      deps.tenants
        .all()
        .flatMap((tenant) => allGatewaySettings(tenant).map((gateways) => gateways.cyberSource))
        .filter(isSandboxProfile),
  };
}
