import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from 'urql';
import { localisePaymentWait } from '@careline/domain/payments';
import { DEFAULT_TIME_ZONE } from '@careline/domain/time';
import { useLingui, useTranslateText } from '@careline/i18n/react';
import { useToast } from '../../../components/toast.tsx';
import { errorCodes, errorText } from '../../../lib/graphql';
import {
  authenticatePaymentGatewayMutation,
  completeBookingMutation,
  initiateBookingMutation,
} from '../api/payment-documents.ts';
import type { CardPayment } from '../components/card-form-modal.tsx';
import { goToBank, readBankRedirect } from '../utils/bank-redirect.ts';
import { gatewayFormFields, openGatewayPage, postGatewayForm, removeGatewayForms } from '../utils/gateway-form.ts';
import { paymentHistoryPath } from '../utils/outcome.ts';
import { newPayKey, payKeyFor, type PayKey } from '../utils/pay-key.ts';
import { usePageRestored } from './use-page-restored.ts';

/** A gateway page opened by redirect (spec doc 2 §7 Payment gateways, doc 3 §4). */
export type RedirectGateway = 'genie' | 'mobileBill';

/** The payment being made: a new card, a quick pay with the saved card, or a redirect gateway. */
export type GatewayFlow = 'card' | 'quick' | RedirectGateway;

/**
 * The texts a payment shows, already translated: each screen passes its own spec's wording (spec
 * doc 2 §8 for an appointment, doc 3 §4 for an order).
 */
export type GatewayPaymentTexts = {
  /** The card form's failure when there is nothing to pay with (no invoice or no card gateway). */
  cardFailed: string;
  /** A quick pay completed. */
  success: string;
  /** A quick pay whose credit is still pending. */
  pending: string;
  /** A quick pay the gateway declined ('failed'); the payment history opens at it. */
  failed: string;
  /** Any other failure. */
  unableToProcess: string;
};

/** What a payment pays and where every gateway brings the patient back. */
export type PaymentTarget = { invoiceId: string; back: string };

/**
 * Why a payment could not start before anything was asked of a gateway: the text to show, and
 * whether the screen says it already (then no toast repeats it; the card form still shows it).
 */
export type PaymentNotStarted = { failure: string; announced: boolean };

export type GatewayPaymentOptions = {
  /** The prepared invoice's id, null while there is none (no payment starts without one). */
  invoiceId: string | null;
  /** The card gateway, null where the tenant takes no card payment here. */
  cardGateway: 'cyberSource' | null;
  /** Where every gateway brings the patient back (success and failure). */
  back: string;
  texts: GatewayPaymentTexts;
  /** Server error codes whose own message is shown (translated) instead of texts.unableToProcess. */
  shownCodes: readonly string[];
  /** Reads the paid thing again (a completed or pending quick pay). */
  onPaid: () => void;
  /**
   * Runs first when a payment starts, once per tap, and answers the invoice actually paid and its
   * return path (the session screen books the appointment here, then invoices it), or why the payment
   * does not start. Without it the payment is of invoiceId, back to back.
   */
  prepare?: () => Promise<PaymentTarget | PaymentNotStarted>;
};

export type GatewayPayment = {
  /** The payment in progress, until it fails (a success leaves the page or reads it again). */
  active: GatewayFlow | null;
  /** The card form's payment: initiateBooking, then the signed form to the gateway; a failure's text or null. */
  payByCard: (card: CardPayment) => Promise<string | null>;
  /** initiateBooking with Genie or mobile bill, then the gateway's page. */
  payByRedirect: (gateway: RedirectGateway) => Promise<void>;
  /** completeBooking with a saved card, with the bank's 3-D Secure step when it asks for one. */
  quickPay: (paymentMethodId: string) => Promise<void>;
};

/**
 * The gateway flows of a payment, shared by the appointment and the order payment blocks (spec doc
 * 2 §7 initiateBooking, completeBooking, authenticatePaymentGateway; doc 3 §4 Order payment): one
 * payment at a time, each tap with an idempotency key that a retry of the very same request reuses
 * (only a request lost on the way is retried with it), and the server's refusals mapped to texts.
 * @param options - the invoice, gateways, return path, texts and what to do once paid
 */
export function useGatewayPayment(options: GatewayPaymentOptions): GatewayPayment {
  const { invoiceId, cardGateway, back, texts, shownCodes, onPaid, prepare } = options;
  const tx = useTranslateText();
  const { i18n } = useLingui();
  const toast = useToast();
  const navigate = useNavigate();
  const [, initiateBooking] = useMutation(initiateBookingMutation);
  const [, completeBooking] = useMutation(completeBookingMutation);
  const [, authenticatePaymentGateway] = useMutation(authenticatePaymentGatewayMutation);
  const [active, setActive] = useState<GatewayFlow | null>(null);
  const started = useRef(false);
  const lastCardKey = useRef<PayKey | null>(null);
  const lastQuickKey = useRef<PayKey | null>(null);
  const lastRedirectKey = useRef<PayKey | null>(null);

  function begin(flow: GatewayFlow): boolean {
    if (started.current) {
      return false;
    }
    started.current = true;
    setActive(flow);
    return true;
  }

  function end() {
    started.current = false;
    setActive(null);
  }

  // Back from the gateway's page to this page as it was left: no payment is in progress here any more,
  // no card field is left in the page, and the invoice is read again (it may have been paid meanwhile).
  usePageRestored(() => {
    removeGatewayForms();
    end();
    onPaid();
  });

  /**
   * The server's own message when its code is one to show (spec doc 1 §8 'CODE:message'), else null;
   * the time a blocked invoice can be paid again (ARO-E5030) in the hospital's time (issue 29 §2).
   */
  function shownText(error: unknown): string | null {
    return errorCodes(error).some((code) => shownCodes.includes(code))
      ? tx(localisePaymentWait(errorText(error), { locale: i18n.locale, timeZone: DEFAULT_TIME_ZONE }))
      : null;
  }

  function showError(error: unknown) {
    toast.show(shownText(error) ?? texts.unableToProcess, 'error');
  }

  /** Whether the server answered (its own errors): that request is over, a later tap is a new one. */
  function answered(error: { graphQLErrors: readonly unknown[] } | undefined): boolean {
    return (error?.graphQLErrors.length ?? 0) > 0;
  }

  /** The invoice this payment pays and where it comes back to (options.prepare). */
  async function target(): Promise<PaymentTarget | PaymentNotStarted> {
    if (prepare === undefined || invoiceId === null) {
      return { invoiceId: invoiceId ?? '', back };
    }
    return prepare();
  }

  /** Ends a payment that did not start, with a toast unless the screen says why already. */
  function notStarted(reason: PaymentNotStarted) {
    end();
    if (!reason.announced) {
      toast.show(reason.failure, 'error');
    }
  }

  async function payByCard(card: CardPayment): Promise<string | null> {
    if (invoiceId === null || cardGateway === null || !begin('card')) {
      return texts.cardFailed;
    }
    const paid = await target();
    if ('failure' in paid) {
      end();
      return paid.failure;
    }
    const key = payKeyFor(lastCardKey.current, [paid.invoiceId, card.savePaymentMethod], newPayKey);
    lastCardKey.current = key;
    const answer = await initiateBooking({
      input: {
        id: paid.invoiceId,
        successUrl: paid.back,
        failureUrl: paid.back,
        paymentGatewayType: cardGateway,
        savePaymentMethod: card.savePaymentMethod,
      },
      idempotencyKey: key.key,
    });
    const request = answer.data?.initiateBooking;
    if (answer.error || !request) {
      end();
      return shownText(answer.error) ?? errorText(answer.error);
    }
    lastCardKey.current = null;
    // The page leaves for the gateway: the payment stays in progress.
    postGatewayForm(request.formUrl, gatewayFormFields(request, card));
    return null;
  }

  async function payByRedirect(gateway: RedirectGateway) {
    if (invoiceId === null || !begin(gateway)) {
      return;
    }
    const paid = await target();
    if ('failure' in paid) {
      notStarted(paid);
      return;
    }
    const key = payKeyFor(lastRedirectKey.current, [paid.invoiceId, gateway], newPayKey);
    lastRedirectKey.current = key;
    const answer = await initiateBooking({
      input: { id: paid.invoiceId, successUrl: paid.back, failureUrl: paid.back, paymentGatewayType: gateway },
      idempotencyKey: key.key,
    });
    const request = answer.data?.initiateBooking;
    if (answer.error || !request) {
      if (answered(answer.error)) {
        lastRedirectKey.current = null;
      }
      end();
      showError(answer.error);
      return;
    }
    lastRedirectKey.current = null;
    if (openGatewayPage(request.formUrl, request.signature.parameter) === null) {
      end();
      toast.show(texts.unableToProcess, 'error');
    }
  }

  async function quickPay(paymentMethodId: string) {
    if (invoiceId === null || cardGateway === null || !begin('quick')) {
      return;
    }
    const paid = await target();
    if ('failure' in paid) {
      notStarted(paid);
      return;
    }
    const key = payKeyFor(lastQuickKey.current, [paid.invoiceId, paymentMethodId], newPayKey);
    lastQuickKey.current = key;
    const answer = await completeBooking({
      input: { id: paid.invoiceId, paymentGatewayType: cardGateway, paymentMethodId },
      idempotencyKey: key.key,
    });
    const completed = answer.data?.completeBooking ?? null;
    // Only a request lost on the way (no answer at all) is retried with the same key.
    if (completed !== null || answered(answer.error)) {
      lastQuickKey.current = null;
    }
    if (completed?.status === 'authenticating' && completed.bookingId) {
      // spec doc 2 §7: the bank wants its cardholder first (3-D Secure); its page opens after 1 s and
      // comes back here with the outcome, as the card form's payment does.
      const authentication = await authenticatePaymentGateway({
        id: completed.bookingId,
        successUrl: paid.back,
        failureUrl: paid.back,
      });
      const redirect = readBankRedirect(authentication.data?.authenticatePaymentGateway);
      if (redirect !== null) {
        goToBank(redirect);
        return;
      }
      end();
      showError(authentication.error);
      return;
    }
    end();
    switch (completed?.status ?? '') {
      case 'completed':
        toast.show(texts.success, 'success');
        onPaid();
        return;
      case 'pending':
        // spec doc 2 §8 'Payment is pending' where the credit is pending: read again.
        toast.show(texts.pending, 'info');
        onPaid();
        return;
      case 'failed':
        toast.show(texts.failed, 'error');
        break;
      default:
        // No payment was made when the server refused it: its reason, and it stays payable.
        showError(answer.error);
    }
    if (completed?.id) {
      void navigate(paymentHistoryPath(completed.id));
    }
  }

  return { active, payByCard, payByRedirect, quickPay };
}
