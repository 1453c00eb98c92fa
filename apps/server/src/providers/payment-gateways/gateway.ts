import type { GatewaySettings } from '../../modules/tenants/index.ts';

/**
 * The gateway interface the payments module calls (issue 9 §2, spec doc 2 §7 Payment gateways):
 * every adapter answers a payment as a GatewayAnswer, which the payments module verifies against the
 * booking request and credits exactly once. Adapters: CyberSource Secure Acceptance and its REST API
 * (cybersource.ts, with 3-D Secure for saved cards) and Genie (genie.ts); cash is taken at the desk.
 */

export type { GatewayDecision } from '@careline/domain/payments';
import type { GatewayDecision } from '@careline/domain/payments';

/** A tenant's CyberSource settings (server-side only, never sent to browsers). */
export type CyberSourceSettings = GatewaySettings['cyberSource'];

/** What the merchant asks the hosted form to charge. */
export type CheckoutInput = {
  referenceNumber: string;
  transactionUuid: string;
  /** Decimal string with 2 decimals ("2500.00"). */
  amount: string;
  currency: string;
  locale: string;
  transactionType: 'sale' | 'sale,create_payment_token';
  billTo: {
    forename: string;
    surname: string;
    email: string;
    phone?: string;
    address1: string;
    city: string;
    country: string;
  };
  /** Absolute; signed as override_custom_receipt_page and override_custom_cancel_page. */
  returnUrl: string;
  /** Absolute; signed as override_backoffice_post_url (the server-to-server notification). */
  notifyUrl: string;
  /** 'YYYY-MM-DDTHH:mm:ssZ' (UTC). */
  signedDateTime: string;
};

/** The fields the browser posts to `action`: the signed ones plus 'signature'; the card fields are added unsigned. */
export type CheckoutForm = {
  action: string;
  fields: { name: string; value: string }[];
  unsignedFieldNames: string[];
};

/** The bank's 3-D Secure step-up: the browser posts JWT (the access token) and MD to url. */
export type StepUp = { url: string; accessToken: string; authenticationTransactionId: string };

/** A gateway's verified answer about one payment. */
export type GatewayAnswer = {
  decision: GatewayDecision;
  reasonCode: string;
  message: string;
  referenceNumber: string;
  transactionUuid: string;
  transactionId: string;
  /** Decimal string as the gateway sent it ("2500.00"). */
  amount: string;
  currency: string;
  cardType?: string;
  /** 'first 6 + x… + last 4' as the gateway masks it. */
  maskedCardNumber?: string;
  /** 'MM-YYYY'. */
  cardExpiry?: string;
  paymentToken?: string;
  forename?: string;
  surname?: string;
  authTime?: string;
  /**
   * 3-D Secure step-up the cardholder must pass before a token charge is authorised (CyberSource
   * Payer Authentication, status PENDING_AUTHENTICATION, reason 475); nothing was charged yet.
   */
  stepUp?: StepUp;
  /** The answer's signed fields (never card numbers: the gateway masks them). */
  raw: Record<string, string>;
};

/**
 * Sends one HTTP request and reads the whole answer. Relative URLs ('/sandbox/...') are served
 * in-process by this server; absolute ones go over the network (providers/payment-gateways/gateway-http.ts).
 */
export type HttpRequester = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<{ status: number; body: string }>;
