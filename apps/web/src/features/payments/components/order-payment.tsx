import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useQuery } from 'urql';
import { graphql } from '../../../lib/graphql/lazy-graphql.ts';
import {
  ORDER_PAYMENT_METHODS,
  canPayNow,
  isOrderCategory,
  isOrderPaymentEnabled,
  orderPaymentGateway,
  orderViewRoute,
  payableAmountMinor,
  payButtonLabel,
  paymentMethodLine,
  showPayButton,
  ORDER_TEXTS,
  type OrderCategory,
  type OrderPaymentMethod,
  type OrderStatus,
} from '@careline/domain/orders';
import { formatMinor, toMinor } from '@careline/domain/payments';
import { REQUEST_STATE } from '@careline/domain/shell';
import { useOrdersTranslate } from '@careline/i18n/orders';
import { Button } from '../../../components/button.tsx';
import { useSession } from '../../../lib/session';
import { useTenant } from '../../../lib/tenant';
import { useGatewayPayment } from '../hooks/use-gateway-payment.ts';
import { useOrderInvoice } from '../hooks/use-order-invoice.ts';
import { savedCardText } from '../utils/card-text.ts';
import { wireMinor } from '../utils/money.ts';
import { orderPaymentTextKey } from '../utils/order-payment-texts.ts';
import { CardFormModal } from './card-form-modal.tsx';
import { InvoicePanel } from './invoice-panel.tsx';
import { OrderPaymentMethodModal } from './order-payment-method-modal.tsx';
import { PaymentReturn } from './payment-return.tsx';
import './payments.css';

/** The order as the payment block needs it (the order view's slot passes it; spec doc 3 §3 Order). */
export type OrderPaymentOrder = {
  id: string;
  category: string;
  version: number;
  serviceRequestChargingAmount: number | null;
  serviceRequestPaymentStatus: string;
  serviceRequestPaymentMethod: string;
  organizationId: string | null;
  patientId: string;
  /**
   * Where the order is carried out (homecare or appointment): a home request is charged as home
   * service (class HH), so a switch prepares the invoice again.
   */
  serviceRequestInitiatedFor?: string | null;
  /** The category's order status; read here when the view does not pass it. */
  orderStatus?: string;
};

/** The card gateway's name as the patient reads it (DESIGN.md: a payment says which gateway opens). */
const CARD_GATEWAY_NAME = 'CyberSource';

/** The terms above the current screen (spec doc 2 §2 #/paymentTermsAndConditions). */
const PAYMENT_TERMS_HASH = '#/paymentTermsAndConditions';

/** Server errors a payment shows as they are (a payment still processing, a changed charge, cash). */
const SHOWN_CODES: readonly string[] = ['ARO-E5015', 'ARO-E5030', 'ARO-E5026', 'ARO-E5027', 'ARO-E5023'];

/** The order's status, when the view's slot does not pass it. */
const orderStatusQuery = graphql(`
  query orderPaymentStatus($id: ID!) {
    serviceRequest(id: $id) {
      id
      orderStatus
    }
  }
`);

/** Exact minor units of the order's charge (the server's numeric with 2 decimals), null when unset. */
function chargeMinorOf(amount: number | null): number | null {
  if (amount === null || !Number.isFinite(amount)) {
    return null;
  }
  return amount < 0 ? -toMinor((-amount).toFixed(2)) : toMinor(amount.toFixed(2));
}

/**
 * An order's payment block on /order/view (spec doc 3 §2 Order detail screen: the invoice block when
 * the charge is above 0, the payment method line with 'Click to change', 'Pay and book now' and
 * 'PAY NOW' that read 'PROCESSING PAYMENT...' while busy, the terms link; §4 Order payment; §5 the
 * Pay button rules). Back from the gateway (paymentStatus=Success&bookingId=…) it confirms the
 * outcome and shows 'Payment success'.
 */
export function OrderPayment({ order, onPaid }: { order: OrderPaymentOrder; onPaid: () => void }) {
  const category = isOrderCategory(order.category) ? order.category : null;
  const paid = order.serviceRequestPaymentStatus === 'paid';
  return (
    <>
      <PaymentReturn paid={paid} onSettled={onPaid} />
      {category ? <OrderPayBlock order={order} category={category} onPaid={onPaid} /> : null}
    </>
  );
}

function OrderPayBlock({
  order,
  category,
  onPaid,
}: {
  order: OrderPaymentOrder;
  category: OrderCategory;
  onPaid: () => void;
}) {
  const t = useOrdersTranslate();
  const tenant = useTenant();
  const { account } = useSession();
  const { pathname, search } = useLocation();
  const [statusResult] = useQuery({
    query: orderStatusQuery,
    variables: { id: order.id },
    pause: order.orderStatus !== undefined,
  });
  const [cardOpen, setCardOpen] = useState(false);
  const [chooserOpen, setChooserOpen] = useState(false);

  const chargingAmountMinor = chargeMinorOf(order.serviceRequestChargingAmount);
  const paymentStatus = order.serviceRequestPaymentStatus === 'paid' ? 'paid' : 'pending';
  const method: OrderPaymentMethod = (ORDER_PAYMENT_METHODS as readonly string[]).includes(
    order.serviceRequestPaymentMethod,
  )
    ? (order.serviceRequestPaymentMethod as OrderPaymentMethod)
    : 'card';
  const { state, invoice, refresh } = useOrderInvoice({
    id: order.id,
    chargingAmountMinor,
    paymentStatus,
    initiatedFor: order.serviceRequestInitiatedFor ?? null,
  });
  const statusText = order.orderStatus ?? statusResult.data?.serviceRequest.orderStatus ?? null;
  const features = tenant.features;
  const paymentEnabled = isOrderPaymentEnabled(features, category);
  const gateway = orderPaymentGateway(method);
  const gatewayOn =
    gateway === 'cyberSource'
      ? features.paymentGateWay.cyberSource
      : gateway === 'genie'
        ? features.paymentGateWay.genie
        : features.paymentGateWay.cash;
  const valuesMinor = (invoice?.values ?? []).map((value) => wireMinor(value) ?? 0);
  const lineTotalMinor = (invoice?.items ?? []).reduce(
    (sum, item) => sum + (wireMinor(item.amount) ?? 0),
    0,
  );
  const amountMinor = payableAmountMinor(valuesMinor);
  const currency = invoice?.currency ?? tenant.currency;
  // spec doc 3 §5: the amount with 2 decimals, from the last invoice value.
  const amount = formatMinor(amountMinor, currency);
  // Until the status is known the block waits: a closed order is never offered payment.
  const payable =
    statusText !== null &&
    showPayButton({
      paymentEnabled,
      invoicePrepared: state === REQUEST_STATE.DONE && invoice !== null,
      chargingAmountMinor,
      invoiceLineTotalMinor: lineTotalMinor,
      paymentStatus,
      status: statusText as OrderStatus,
    });
  const savedCard =
    account?.paymentMethods.find((card) => card.id === account.defaultPaymentMethod) ?? null;
  const methods = ORDER_PAYMENT_METHODS_IN_ORDER.filter((choice) =>
    choice === 'card'
      ? features.paymentGateWay.cyberSource
      : choice === 'genie'
        ? features.paymentGateWay.genie
        : features.paymentGateWay.cash,
  );
  const changeable = payable && methods.length > 1;
  // The saved card's number passes through as it came, masked (never turned into digits): the
  // domain's line gives the texts, the card is shown with its first six digits and the rest masked.
  const line = {
    ...paymentMethodLine(method, null, changeable),
    maskedCard: method === 'card' ? savedCardText(savedCard?.cardNumber) : null,
  };
  const quickPayable =
    gateway === 'cyberSource' &&
    canPayNow({ cvv: '', hasDefaultPaymentMethod: savedCard !== null, method });
  const back = orderViewRoute(order.id);

  // spec doc 3 §4: initiateBooking with the card gateway or Genie, completeBooking with the default
  // saved card (3-D Secure opens the bank's page first, as for an appointment).
  const payment = useGatewayPayment({
    invoiceId: invoice?.id ?? null,
    cardGateway: 'cyberSource',
    back,
    texts: {
      cardFailed: t('payments.card.failed'),
      success: t('orders.payment.text.paymentSuccess'),
      pending: t('payments.pending'),
      // spec doc 3 §4: a quick payment that did not complete says 'Unable to process payment!'.
      failed: t('orders.payment.text.unableToProcessPayment'),
      unableToProcess: t('orders.payment.text.unableToProcessPayment'),
    },
    shownCodes: SHOWN_CODES,
    onPaid,
  });
  // spec doc 3 §4: in progress once the booking is initiated until it is completed (or failed),
  // whichever way it is paid: 'PROCESSING PAYMENT...' and the buttons disabled meanwhile.
  const busy = payment.active !== null;

  // spec doc 3 §2: the invoice block only when the charging amount is above 0.
  if (chargingAmountMinor === null || chargingAmountMinor <= 0) {
    return null;
  }
  if (paymentStatus === 'paid') {
    return (
      <section className="order-pay" aria-labelledby={`order-pay-${order.id}`}>
        <h2 id={`order-pay-${order.id}`} className="order-pay__title">
          {t('orders.payment.title')}
        </h2>
        <p className="order-pay__paid">
          <span className="order-pay__chip">{t('orders.payment.paid')}</span>{' '}
          {formatMinor(chargingAmountMinor, tenant.currency)}
        </p>
      </section>
    );
  }
  if (state === null) {
    return null;
  }
  const payNowLabel = t(orderPaymentTextKey(payButtonLabel('payNow', busy)));
  const payAndBookLabel = t(orderPaymentTextKey(payButtonLabel('payAndBookNow', busy)));
  return (
    <section className="order-pay" aria-labelledby={`order-pay-${order.id}`}>
      <h2 id={`order-pay-${order.id}`} className="order-pay__title">
        {t('orders.payment.title')}
      </h2>
      <InvoicePanel state={state} invoice={invoice} onRefresh={refresh} />
      {state === REQUEST_STATE.DONE && invoice ? (
        <p className="order-pay__amount">
          <span>{t('orders.payment.amountToPay')}</span> <strong>{amount}</strong>
        </p>
      ) : null}
      <div className="order-pay__method">
        <span className="order-pay__method-label">{t('orders.payment.methodLabel')}</span>
        <span className="order-pay__method-text">
          {t(orderPaymentTextKey(line.text))}
          {line.maskedCard ? (
            <>
              {' '}
              <span className="order-pay__card">
                {t('orders.payment.cardNumber', { card: line.maskedCard })}
              </span>
            </>
          ) : null}
        </span>
        {line.changeText ? (
          <button
            type="button"
            className="order-pay__change"
            disabled={busy}
            onClick={() => setChooserOpen(true)}
          >
            {t(orderPaymentTextKey(line.changeText))}
          </button>
        ) : null}
      </div>
      {payable && !paymentEnabledOnline(gatewayOn, gateway) ? (
        <p className="order-pay__hint" role="note">
          {t('orders.payment.notPayableOnline')}
        </p>
      ) : null}
      {payable && gateway === 'cash' ? (
        <p className="order-pay__hint" role="note">
          {t('orders.payment.cashHint')}
        </p>
      ) : null}
      {payable && gateway === 'cyberSource' && gatewayOn ? (
        <div className="order-pay__buttons">
          {quickPayable && savedCard ? (
            <div className="pay-now__method">
              <Button block loading={busy} onClick={() => void payment.quickPay(savedCard.id)} aria-describedby={`order-pay-now-${order.id}`}>
                {payNowLabel}
              </Button>
              <p id={`order-pay-now-${order.id}`} className="pay-now__hint">
                {t('orders.payment.payNowHint', { card: line.maskedCard ?? '' })}
              </p>
            </div>
          ) : null}
          <div className="pay-now__method">
            <Button
              block
              variant={quickPayable ? 'secondary' : 'primary'}
              disabled={busy}
              onClick={() => setCardOpen(true)}
              aria-describedby={`order-pay-card-${order.id}`}
            >
              {quickPayable ? t('orders.payment.text.payAndBookNow') : payAndBookLabel}
            </Button>
            <p id={`order-pay-card-${order.id}`} className="pay-now__hint">
              {t('orders.payment.newCardHint', { gateway: CARD_GATEWAY_NAME })}
            </p>
          </div>
        </div>
      ) : null}
      {payable && gateway === 'genie' && gatewayOn ? (
        <div className="order-pay__buttons">
          <div className="pay-now__method">
            <Button block loading={busy} onClick={() => void payment.payByRedirect('genie')} aria-describedby={`order-pay-genie-${order.id}`}>
              {payAndBookLabel}
            </Button>
            <p id={`order-pay-genie-${order.id}`} className="pay-now__hint">
              {t('orders.payment.genieHint')}
            </p>
          </div>
        </div>
      ) : null}
      {/* spec doc 3 §2: 'By continuing, you agree to the Terms & Conditions', when enabled in features. */}
      {payable && gateway !== 'cash' && features.paymentTermsAndConditions.enabled ? (
        <p className="pay-now__hint pay-now__terms">
          <Link to={{ pathname, search, hash: PAYMENT_TERMS_HASH }}>
            {t(orderPaymentTextKey(ORDER_TEXTS.termsLink))}
          </Link>
        </p>
      ) : null}
      <p className="visually-hidden" role="status">
        {busy ? payNowLabel : ''}
      </p>
      <CardFormModal
        open={cardOpen}
        amount={amount}
        gatewayName={CARD_GATEWAY_NAME}
        onClose={() => setCardOpen(false)}
        onPay={payment.payByCard}
      />
      <OrderPaymentMethodModal
        open={chooserOpen}
        orderId={order.id}
        version={order.version}
        current={method}
        methods={methods}
        onClose={() => setChooserOpen(false)}
        onChanged={onPaid}
      />
    </section>
  );
}

/** The chooser's order: card (the default gateway), Genie, cash (spec doc 3 §9 gateways). */
const ORDER_PAYMENT_METHODS_IN_ORDER: readonly OrderPaymentMethod[] = ['card', 'genie', 'cash'];

/** Whether the order's chosen way can be paid here: its gateway is on (cash is taken by the hospital). */
function paymentEnabledOnline(gatewayOn: boolean, gateway: 'cyberSource' | 'genie' | 'cash'): boolean {
  return gateway === 'cash' || gatewayOn;
}
