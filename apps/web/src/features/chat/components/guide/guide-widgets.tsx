import { useState, type FormEvent } from 'react';
import { CHAT_TEXTS } from '@careline/domain/chat-flow';
import { hasAddress, type OrderAddress } from '@careline/domain/orders/plain';
import { addressLabels, type ClientPatient } from '@careline/domain/profiles';
import { useTranslateText } from '@careline/i18n/react';

// The widgets more than one service shows: who a booking or an order is for, an address, a choice
// of tests or services.

export const EMPTY_ADDRESS: OrderAddress = { addressLineOne: '', addressLineTwo: '', addressLineThree: '', addressCity: '' };

/** The address a home delivery starts from: the account holder's own profile's, else the first one's. */
export function profileAddress(patients: readonly ClientPatient[]): OrderAddress {
  const own = patients.find((patient) => patient.relationship === 'Me') ?? patients[0];
  return own
    ? {
        addressLineOne: own.addressLineOne,
        addressLineTwo: own.addressLineTwo,
        addressLineThree: own.addressLineThree,
        addressCity: own.addressCity,
      }
    : EMPTY_ADDRESS;
}

/** An address on one line, its filled parts only. */
export function addressLine(address: OrderAddress): string {
  return [address.addressLineOne, address.addressLineTwo, address.addressLineThree, address.addressCity]
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(', ');
}

/** The names of chosen codes (tests, services), in the order chosen. */
export function codeNames(known: readonly { code: string; display: string }[], codes: readonly string[]): string {
  return codes.map((code) => known.find((item) => item.code === code)?.display ?? code).join(', ');
}

/** Who a booking or an order is for: the account's profiles, one pressed. */
export function ProfileChoice({
  legend,
  patients,
  chosen,
  disabled,
  onChoose,
}: {
  legend: string;
  patients: readonly ClientPatient[];
  chosen: string | null;
  disabled: boolean;
  onChoose: (id: string) => void;
}) {
  const tx = useTranslateText();
  return (
    <fieldset className="chat-profiles">
      <legend>{legend}</legend>
      <div className="chat-buttons">
        {patients.map((candidate) => (
          <button
            key={candidate.id}
            className="chat-button chat-button-secondary"
            type="button"
            aria-pressed={chosen === candidate.id}
            disabled={disabled}
            onClick={() => onChoose(candidate.id)}
          >
            {candidate.displayName}
            {candidate.relationship ? ` (${tx(candidate.relationship)})` : ''}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Lab test selection and procedure code selection (spec doc 1 §2 examination-test and procedure-code
 * widgets): the tenant's tests or services, one or more.
 */
export function TestChoice({
  tests,
  initial,
  legend,
  none,
  disabled,
  onConfirm,
}: {
  tests: readonly { code: string; display: string }[];
  initial: readonly string[];
  /** What is chosen, for screen readers ('Tests', 'Services'). */
  legend: string;
  /** Said when Confirm is tapped with nothing chosen. */
  none: string;
  disabled: boolean;
  onConfirm: (codes: string[], said: string) => void;
}) {
  const tx = useTranslateText();
  const [chosen, setChosen] = useState<string[]>([...initial]);
  const [attempted, setAttempted] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    const codes = tests.filter((test) => chosen.includes(test.code));
    if (codes.length > 0) {
      onConfirm(
        codes.map((test) => test.code),
        codes.map((test) => test.display).join(', '),
      );
    }
  };
  return (
    <form className="chat-tests" noValidate onSubmit={onSubmit}>
      <fieldset className="chat-profiles">
        <legend className="visually-hidden">{legend}</legend>
        <ul className="chat-choices chat-choices-scroll">
          {tests.map((test) => (
            <li key={test.code}>
              <label className="chat-check">
                <input
                  type="checkbox"
                  checked={chosen.includes(test.code)}
                  onChange={(event) => {
                    const on = event.target.checked;
                    setChosen((current) => (on ? [...current, test.code] : current.filter((code) => code !== test.code)));
                  }}
                />
                <span>{test.display}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <p className="chat-error" role="alert">
        {attempted && chosen.length === 0 ? tx(none) : ''}
      </p>
      <div className="chat-buttons">
        <button className="chat-button" type="submit" disabled={disabled}>
          {tx(CHAT_TEXTS.confirm)}
        </button>
      </div>
    </form>
  );
}

const ADDRESS_FIELDS = ['addressLineOne', 'addressLineTwo', 'addressLineThree', 'addressCity'] as const;

/**
 * The delivery address confirmation (spec doc 1 §2; doc 3 §2: address line 1, address line 2,
 * landmark and city), filled from the profile's address and editable; an empty address is refused.
 */
export function AddressForm({
  initial,
  disabled,
  onConfirm,
}: {
  initial: OrderAddress;
  disabled: boolean;
  onConfirm: (address: OrderAddress) => void;
}) {
  const tx = useTranslateText();
  const [address, setAddress] = useState<OrderAddress>(initial);
  const [attempted, setAttempted] = useState(false);
  const missing = attempted && !hasAddress(address);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (hasAddress(address)) {
      onConfirm(address);
    }
  };
  return (
    <form className="chat-address" noValidate onSubmit={onSubmit}>
      {ADDRESS_FIELDS.map((field, index) => (
        <label key={field} className="chat-address__field">
          <span>{tx(addressLabels[index] ?? '')}</span>
          <input
            className="chat-input"
            type="text"
            value={address[field]}
            aria-invalid={missing}
            aria-describedby="chat-address-error"
            onChange={(event) => {
              const value = event.target.value;
              setAddress((current) => ({ ...current, [field]: value }));
            }}
          />
        </label>
      ))}
      <p id="chat-address-error" className="chat-error" role="alert">
        {missing ? tx(CHAT_TEXTS.enterAddress) : ''}
      </p>
      <div className="chat-buttons">
        <button className="chat-button" type="submit" disabled={disabled}>
          {tx(CHAT_TEXTS.confirmAddress)}
        </button>
      </div>
    </form>
  );
}
