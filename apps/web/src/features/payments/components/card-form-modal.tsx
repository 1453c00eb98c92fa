import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  formatCardNumberInput,
  formatExpiryInput,
  validateCardForm,
  type CardFormErrors,
  type CardFormInput,
  type CardFormStatus,
} from '@careline/domain/payments';
import { useTranslate, useTranslateText } from '@careline/i18n/react';
import { Button } from '../../../components/button.tsx';
import { Modal } from '../../../components/modal.tsx';
import { TextInput } from '../../../components/text-input.tsx';
import { usePageRestored } from '../hooks/use-page-restored.ts';

/** The card as the form hands it over, with the 'Save this card' choice. */
export type CardPayment = CardFormInput & { savePaymentMethod: boolean };

export type CardFormModalProps = {
  open: boolean;
  /** The amount to pay, formatted with its currency ('2,500.00 LKR'). */
  amount: string;
  /** The gateway that opens, named to the patient ('CyberSource'). */
  gatewayName: string;
  onClose: () => void;
  /**
   * Starts the payment: resolves to null once the browser is leaving for the gateway, or to the text
   * of what went wrong (the form then shows it and can be sent again).
   */
  onPay: (card: CardPayment) => Promise<string | null>;
  /** The clock for 'Expired card'; the real one by default. */
  now?: () => Date;
};

type FieldName = keyof CardFormErrors;
const fieldOrder: readonly FieldName[] = ['nameOnCard', 'cardNumber', 'expiry', 'cvv'];
const emptyCard: CardFormInput = { nameOnCard: '', cardNumber: '', expiry: '', cvv: '' };

/**
 * The card gateway form (spec doc 2 §2 Modals 'card gateway form', §5 card rules and messages). Its
 * status runs INITIALISING → READY → PAYMENT_PROCESSING, and ERROR when the payment could not start
 * (spec doc 2 §4 Card form status). The number is hyphenated in groups of 4 and the expiry slashed as
 * typed; the first invalid field takes the focus on Pay; a second tap while a payment starts does nothing.
 */
export function CardFormModal(props: CardFormModalProps) {
  // Built afresh each time it opens: no card details outlive the dialog.
  return props.open ? <CardForm {...props} /> : null;
}

function CardForm({
  amount,
  gatewayName,
  onClose,
  onPay,
  now = () => new Date(),
}: CardFormModalProps) {
  const t = useTranslate();
  const tx = useTranslateText();
  const idPrefix = useId();
  const [card, setCard] = useState<CardFormInput>(emptyCard);
  const [savePaymentMethod, setSavePaymentMethod] = useState(false);
  const [status, setStatus] = useState<CardFormStatus>('INITIALISING');
  const [showErrors, setShowErrors] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Set at once on Pay, before any render: a double click must not start two payments.
  const processing = useRef(false);
  const fieldId = (name: FieldName) => `${idPrefix}-${name}`;
  const errors = showErrors ? validateCardForm(card, now()) : {};

  // The form is ready once it is in the page; the first field then takes the focus (the dialog's own
  // focus goes to its first control when it opens, before this).
  useEffect(() => {
    setStatus('READY');
  }, []);
  const focusedOnReady = useRef(false);
  useEffect(() => {
    if (status === 'READY' && !focusedOnReady.current) {
      focusedOnReady.current = true;
      document.getElementById(fieldId('nameOnCard'))?.focus();
    }
  });
  // Back from the gateway's page to this form as it was left: ready again, and the card's details
  // (kept in the page's memory by the back-forward cache) cleared.
  usePageRestored(() => {
    processing.current = false;
    setCard(emptyCard);
    setShowErrors(false);
    setFailure(null);
    setStatus('READY');
  });
  const failureRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (status === 'ERROR') {
      failureRef.current?.focus();
    }
  }, [status]);

  const update = (name: FieldName, value: string) =>
    setCard((current) => ({ ...current, [name]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (processing.current || status === 'INITIALISING') {
      return;
    }
    const found = validateCardForm(card, now());
    const firstInvalid = fieldOrder.find((name) => found[name] !== undefined);
    if (firstInvalid) {
      setShowErrors(true);
      document.getElementById(fieldId(firstInvalid))?.focus();
      return;
    }
    processing.current = true;
    setFailure(null);
    setStatus('PAYMENT_PROCESSING');
    const problem = await onPay({ ...card, savePaymentMethod });
    if (problem !== null) {
      processing.current = false;
      setFailure(problem);
      setStatus('ERROR');
    }
  }

  const busy = status === 'PAYMENT_PROCESSING';
  const locked = busy || status === 'INITIALISING';
  const error = (name: FieldName) => {
    const text = errors[name];
    return text ? tx(text) : null;
  };
  return (
    <Modal open title={t('payments.card.title')} onClose={() => (busy ? undefined : onClose())}>
      <form
        className="card-form"
        noValidate
        data-status={status}
        aria-busy={busy}
        onSubmit={(event) => void submit(event)}
      >
        {status === 'INITIALISING' ? (
          <p className="card-form__status" role="status">
            {t('payments.card.initialising')}
          </p>
        ) : null}
        <TextInput
          id={fieldId('nameOnCard')}
          label={t('payments.card.nameOnCard')}
          value={card.nameOnCard}
          onChange={(value) => update('nameOnCard', value)}
          error={error('nameOnCard')}
          autoComplete="cc-name"
          disabled={locked}
        />
        <TextInput
          id={fieldId('cardNumber')}
          label={t('payments.card.number')}
          value={card.cardNumber}
          onChange={(value) => update('cardNumber', formatCardNumberInput(value))}
          error={error('cardNumber')}
          autoComplete="cc-number"
          inputMode="numeric"
          maxLength={19}
          placeholder="0000-0000-0000-0000"
          disabled={locked}
        />
        <div className="card-form__row">
          <TextInput
            id={fieldId('expiry')}
            label={t('payments.card.expiry')}
            value={card.expiry}
            onChange={(value) => update('expiry', formatExpiryInput(value))}
            error={error('expiry')}
            autoComplete="cc-exp"
            inputMode="numeric"
            maxLength={5}
            disabled={locked}
          />
          <TextInput
            id={fieldId('cvv')}
            label={t('payments.card.cvv')}
            value={card.cvv}
            onChange={(value) => update('cvv', value.slice(0, 3))}
            error={error('cvv')}
            hint={t('payments.card.cvvHint')}
            numeric
            autoComplete="cc-csc"
            maxLength={3}
            disabled={locked}
          />
        </div>
        <label className="card-form__save">
          <input
            type="checkbox"
            checked={savePaymentMethod}
            onChange={(event) => setSavePaymentMethod(event.target.checked)}
            aria-describedby={`${idPrefix}-save-hint`}
            disabled={locked}
          />
          {t('payments.card.save')}
        </label>
        <p id={`${idPrefix}-save-hint`} className="card-form__hint">
          {t('payments.card.saveHint')}
        </p>
        <div aria-live="polite">
          {busy ? (
            <p className="card-form__status" role="status">
              {t('payments.card.processing', { gateway: gatewayName })}
            </p>
          ) : null}
          {status === 'ERROR' && failure !== null ? (
            <div className="card-form__failure" role="alert">
              <p ref={failureRef} tabIndex={-1} className="card-form__failure-title">
                {t('payments.card.failed')}
              </p>
              <p>{tx(failure)}</p>
            </div>
          ) : null}
        </div>
        <div className="modal-actions">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('payments.card.cancel')}
          </Button>
          <Button type="submit" loading={busy} disabled={locked}>
            {t('payments.card.pay', { amount })}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
