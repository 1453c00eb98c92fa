import type { AppDeps } from '../../../app-deps.ts';
import { allGatewaySettings } from '../../../modules/tenants/index.ts';
import type { CyberSourceSettings, HttpRequester } from '../gateway.ts';
import { isSandboxProfile, type CardSent, type Fields } from './cybersource-sandbox.protocol.ts';

/*
 * The CyberSource sandbox's state store (issue 9 §4): captured payments (for refunds), pending
 * challenges and pending 3-D Secure step-ups, the transactions answered (for Transaction Search) and
 * the transaction uuids submitted (refused again with reason 104, issue 29 §2), in memory, per
 * process; and what every page of the sandbox needs from the server.
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
  /** cancelled: the cardholder pressed Cancel on the bank's page. */
  state: 'pending' | 'authenticated' | 'failed' | 'cancelled';
  expiresAt: number;
};
/** A hosted or silent payment waiting for the bank's one-time code. */
export type PendingChallenge = {
  profile: CyberSourceSettings;
  request: Fields;
  card: CardSent;
  expiresAt: number;
};

/**
 * A transaction the sandbox answered, as Transaction Search finds it: its applications (ics_auth
 * authorises, ics_bill captures) with rCode 1 (succeeded), 0 (declined) or -1 (error).
 */
export type SandboxTransaction = {
  id: string;
  merchantId: string;
  /** Our reference (reference_number, clientReferenceInformation.code). */
  reference: string;
  amount: string;
  currency: string;
  submitTimeUtc: string;
  reasonCode: string;
  applications: { name: 'ics_auth' | 'ics_bill'; rCode: '1' | '0' | '-1'; reasonCode: string }[];
};

/** The sandbox's in-memory state: one per registered sandbox. */
export type SandboxState = {
  captured: Map<string, Captured>;
  challenges: Map<string, PendingChallenge>;
  authentications: Map<string, PendingAuthentication>;
  /** Every authorisation answered, by transaction id, for Transaction Search (oldest dropped past a cap). */
  transactions: Map<string, SandboxTransaction>;
  /**
   * The '{access_key}:{transaction_uuid}' of each Secure Acceptance request submitted for payment,
   * and when it may be used again: a second submission before then is refused (reason 104).
   */
  submitted: Map<string, number>;
  /** Forgets the step-ups whose time is up. */
  dropExpiredAuthentications: (now: number) => void;
  /** Records an answered transaction (keeping at most TRANSACTIONS_MAX). */
  recordTransaction: (transaction: SandboxTransaction) => void;
};

/** How many answered transactions the sandbox keeps for Transaction Search. */
export const TRANSACTIONS_MAX = 10_000;

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
  const transactions = new Map<string, SandboxTransaction>();
  const submitted = new Map<string, number>();
  const recordTransaction = (transaction: SandboxTransaction) => {
    if (transactions.size >= TRANSACTIONS_MAX) {
      transactions.delete(transactions.keys().next().value ?? '');
    }
    transactions.set(transaction.id, transaction);
  };
  const dropExpiredAuthentications = (now: number) => {
    for (const [key, pending] of authentications) {
      if (pending.expiresAt < now) {
        authentications.delete(key);
      }
    }
  };
  return {
    captured,
    challenges,
    authentications,
    transactions,
    submitted,
    dropExpiredAuthentications,
    recordTransaction,
  };
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
