import { useRef, useState } from 'react';
import { useMutation } from 'urql';
import type { OrderPaymentMethod } from '@careline/domain/orders';
import { useOrdersTranslate } from '@careline/i18n/orders';
import { useTranslateText } from '@careline/i18n/react';
import { Modal } from '../../../components/modal.tsx';
import { errorText } from '../../../lib/graphql';
import { chooseOrderPaymentMethodMutation } from '../api/order-payment-documents.ts';
import { newPayKey, payKeyFor, type PayKey } from '../utils/pay-key.ts';

/** The spec's name of each method (spec doc 3 §2 payment method line), as catalogue keys. */
const METHOD_KEYS = {
  card: 'orders.payment.text.payByCard',
  genie: 'orders.payment.text.payByGenie',
  cash: 'orders.payment.text.cashOnDelivery',
} as const satisfies Record<OrderPaymentMethod, string>;

export type OrderPaymentMethodModalProps = {
  open: boolean;
  orderId: string;
  /** The order's version as read: the change is refused when someone changed it since (ARO-E6002). */
  version: number;
  current: OrderPaymentMethod;
  /** The methods this tenant takes for orders, in screen order. */
  methods: readonly OrderPaymentMethod[];
  onClose: () => void;
  /** The method was changed: the order is read again. */
  onChanged: () => void;
};

/**
 * The payment method chooser of the order view (spec doc 3 §2 Modals 'Payment method chooser'): card,
 * Genie or cash on delivery, saved on the order (spec doc 3 §7 Patch service request: payment
 * method). While it saves the choices are disabled and a status says so; a refusal shows its text.
 */
export function OrderPaymentMethodModal(props: OrderPaymentMethodModalProps) {
  // Built afresh each time it opens: no error outlives the dialog.
  return props.open ? <MethodChooser {...props} /> : null;
}

function MethodChooser({ orderId, version, current, methods, onClose, onChanged }: OrderPaymentMethodModalProps) {
  const t = useOrdersTranslate();
  const tx = useTranslateText();
  const [{ fetching }, choose] = useMutation(chooseOrderPaymentMethodMutation);
  const [error, setError] = useState<string | null>(null);
  const lastKey = useRef<PayKey | null>(null);

  async function pick(method: OrderPaymentMethod) {
    if (fetching) {
      return;
    }
    if (method === current) {
      onClose();
      return;
    }
    setError(null);
    const key = payKeyFor(lastKey.current, [orderId, version, method], newPayKey);
    lastKey.current = key;
    const answer = await choose({ id: orderId, expectedVersion: version, method, idempotencyKey: key.key });
    if (answer.error || !answer.data?.patchServiceRequest) {
      if ((answer.error?.graphQLErrors.length ?? 0) > 0) {
        lastKey.current = null;
      }
      const text = errorText(answer.error);
      setError(text ? tx(text) : t('orders.payment.chooserFailed'));
      return;
    }
    onChanged();
    onClose();
  }

  return (
    <Modal open title={t('orders.payment.chooserTitle')} onClose={onClose}>
      <p className="order-pay__hint">{t('orders.payment.chooserHint')}</p>
      <ul className="order-pay__choices" aria-busy={fetching}>
        {methods.map((method) => (
          <li key={method}>
            <button
              type="button"
              className="order-pay__choice"
              aria-pressed={method === current}
              disabled={fetching}
              onClick={() => void pick(method)}
            >
              {t(METHOD_KEYS[method])}
            </button>
          </li>
        ))}
      </ul>
      {fetching ? (
        <p className="order-pay__hint" role="status">
          {t('orders.payment.chooserSaving')}
        </p>
      ) : null}
      {error ? (
        <p className="order-pay__error" role="alert">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
