import { useEffect, useId, useState } from 'react';
import { CHANGE_REQUEST_CHOICES, canUpdateAddress, hasAddress, type InitiatedFor, type OrderAddress } from '@careline/domain/orders';
import { useTranslateText } from '@careline/i18n/react';
import { useOrdersTranslate } from '@careline/i18n/orders';
import { Button } from '../../../components/button.tsx';
import { Modal } from '../../../components/modal.tsx';
import { TextInput } from '../../../components/text-input.tsx';
import { orderTextKey } from './order-view-model.ts';

/** A modal's save: answers the server's refusal text (the part after 'CODE:'), or null when saved. */
export type SaveChange<T> = (value: T) => Promise<string | null>;

/** The four address fields of spec doc 3 §2: 'No, Address line 1', line 2, 'Address near landmark', 'City'. */
function AddressFields({ value, onChange }: { value: OrderAddress; onChange: (next: OrderAddress) => void }) {
  const t = useOrdersTranslate();
  const field = (key: keyof OrderAddress) => ({
    value: value[key],
    onChange: (text: string) => onChange({ ...value, [key]: text }),
  });
  return (
    <>
      <TextInput label={t('orders.view.text.addressLineOne')} autoComplete="address-line1" maxLength={200} {...field('addressLineOne')} />
      <TextInput label={t('orders.view.text.addressLineTwo')} autoComplete="address-line2" maxLength={200} {...field('addressLineTwo')} />
      <TextInput label={t('orders.view.text.addressLandmark')} maxLength={200} {...field('addressLineThree')} />
      <TextInput label={t('orders.view.text.addressCity')} autoComplete="address-level2" maxLength={100} {...field('addressCity')} />
    </>
  );
}

/**
 * 'Change homecare address' (spec doc 3 §2): 'No, Address line 1', line 2, 'Address near landmark'
 * and 'City'; Not now and Update. Update is disabled until something changed and while saving (§5).
 */
export function ChangeAddressModal({
  open,
  saved,
  onClose,
  onSave,
}: {
  open: boolean;
  saved: OrderAddress;
  onClose: () => void;
  onSave: SaveChange<OrderAddress>;
}) {
  const t = useOrdersTranslate();
  const tx = useTranslateText();
  const [form, setForm] = useState<OrderAddress>(saved);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setForm(saved);
      setError(null);
    }
    // Only when it opens: a live update while typing must not wipe the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  async function save() {
    setSaving(true);
    setError(null);
    const refusal = await onSave(form);
    setSaving(false);
    if (refusal !== null) {
      setError(refusal);
    }
  }

  return (
    <Modal open={open} title={t('orders.view.text.changeAddressTitle')} onClose={onClose}>
      <form
        className="order-modal-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (canUpdateAddress(saved, form, saving)) {
            void save();
          }
        }}
      >
        <AddressFields value={form} onChange={setForm} />
        {error ? (
          <p className="order-form-error" role="alert">
            {tx(error)}
          </p>
        ) : null}
        <div className="order-actions">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t('orders.view.text.notNow')}
          </Button>
          <Button type="submit" loading={saving} disabled={!canUpdateAddress(saved, form, saving)}>
            {t('orders.view.text.update')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * 'Are you sure want to Change request?' (spec doc 3 §2): 'Book a visit to hospital' (appointment)
 * or 'Request home sample collection' (homecare); Not now and Update. Update needs another choice
 * than the order's own. A hospital visit that never had an address asks for one with the home choice
 * (the server refuses a home request without an address, ARO-E6018).
 */
export function ChangeRequestModal({
  open,
  current,
  address,
  onClose,
  onSave,
}: {
  open: boolean;
  current: InitiatedFor;
  /** The order's address, kept from before when it was a home request. */
  address: OrderAddress;
  onClose: () => void;
  onSave: SaveChange<{ to: InitiatedFor; address: OrderAddress | null }>;
}) {
  const t = useOrdersTranslate();
  const tx = useTranslateText();
  const name = useId();
  const [choice, setChoice] = useState<InitiatedFor>(current);
  const [form, setForm] = useState<OrderAddress>(address);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setChoice(current);
      setForm(address);
      setError(null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const needsAddress = choice === 'homecare' && !hasAddress(address);
  const ready = choice !== current && !saving && (!needsAddress || hasAddress(form));

  async function save() {
    setSaving(true);
    setError(null);
    const refusal = await onSave({ to: choice, address: needsAddress ? form : null });
    setSaving(false);
    if (refusal !== null) {
      setError(refusal);
    }
  }

  return (
    <Modal open={open} title={t('orders.view.text.changeRequestTitle')} onClose={onClose}>
      <form
        className="order-modal-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) {
            void save();
          }
        }}
      >
        {/* The question is the dialog's title; written once, the choices are named by it (issue 30 §11). */}
        <fieldset className="order-choices" aria-label={t('orders.view.text.changeRequestTitle')}>
          {CHANGE_REQUEST_CHOICES.map((option) => {
            const key = orderTextKey(option.label);
            return (
              <label key={option.value} className="order-choice">
                <input
                  type="radio"
                  name={name}
                  value={option.value}
                  checked={choice === option.value}
                  onChange={() => setChoice(option.value)}
                />
                <span>{key ? t(key) : option.label}</span>
              </label>
            );
          })}
        </fieldset>
        {needsAddress ? <AddressFields value={form} onChange={setForm} /> : null}
        {error ? (
          <p className="order-form-error" role="alert">
            {tx(error)}
          </p>
        ) : null}
        <div className="order-actions">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t('orders.view.text.notNow')}
          </Button>
          <Button type="submit" loading={saving} disabled={!ready}>
            {t('orders.view.text.update')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
