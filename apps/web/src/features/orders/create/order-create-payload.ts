/**
 * The creation screen's choices turned into the create service request call (spec doc 3 §3
 * Creation payload contents), and the small helpers around it.
 */
import type { ClientPatient } from '@careline/domain/profiles';
import type { InitiatedFor, OrderAddress, OrderFormCategory } from '@careline/domain/orders/plain';
import { wallClockIso } from '@careline/domain/time';

/** The address block of a profile (spec doc 3 §3 Patient profile: addressLineOne to Three, addressCity). */
export function profileAddress(patient: Pick<ClientPatient, 'addressLineOne' | 'addressLineTwo' | 'addressLineThree' | 'addressCity'>): OrderAddress {
  return {
    addressLineOne: patient.addressLineOne,
    addressLineTwo: patient.addressLineTwo,
    addressLineThree: patient.addressLineThree,
    addressCity: patient.addressCity,
  };
}

/** An empty address block. */
export const EMPTY_ADDRESS: OrderAddress = { addressLineOne: '', addressLineTwo: '', addressLineThree: '', addressCity: '' };

/** The hour of the day a requested sample collection date is sent with (the hospital then confirms a time). */
const SAMPLE_COLLECTION_HOUR = 9;

/**
 * A chosen date (YYYY-MM-DD) as the requested time: 09:00 in the hospital's time zone, as ISO 8601
 * with its offset, e.g. '2026-11-25T09:00:00+05:30'.
 * @param date - one of sampleCollectionDateChoices
 * @param timeZone - the hospital's IANA time zone
 */
export function sampleCollectionRequestedTime(date: string, timeZone: string): string {
  return wallClockIso(date, `${String(SAMPLE_COLLECTION_HOUR).padStart(2, '0')}:00`, timeZone);
}

/** What the screen holds when the patient sends it. */
export type OrderChoices = {
  category: OrderFormCategory;
  patient: Pick<ClientPatient, 'id' | 'givenName'>;
  organizationId: string;
  initiatedFor: InitiatedFor;
  address: OrderAddress;
  documentReferenceIds: string[];
  sampleDate: string | null;
  /** An admission request's notes (additionalNote). */
  note?: string;
};

/** The CreateServiceRequestInput of the call (spec doc 3 §3 Creation payload contents). */
export type CreateOrderPayload = {
  patientId: string;
  patientGivenName: string;
  orderCategory: string;
  organization: string;
  documentReferenceIds: string[];
  serviceRequestInitiatedFor: string;
  addressLineOne: string;
  addressLineTwo: string;
  addressLineThree: string;
  addressCity: string;
  sampleCollectionRequestedTime?: string;
  additionalNote?: string;
};

/**
 * The creation payload: a hospital visit sends no address; a lab test sends its sample collection
 * date when one was picked; an admission request (Finance) is a hospital visit with its notes.
 * @param choices - the screen's choices
 * @param timeZone - the hospital's time zone, for the sample collection time
 */
export function createOrderPayload(choices: OrderChoices, timeZone: string): CreateOrderPayload {
  const admission = choices.category === 'Finance';
  const initiatedFor: InitiatedFor = admission ? 'appointment' : choices.initiatedFor;
  const address = initiatedFor === 'homecare' ? choices.address : EMPTY_ADDRESS;
  const payload: CreateOrderPayload = {
    patientId: choices.patient.id,
    patientGivenName: choices.patient.givenName,
    orderCategory: choices.category,
    organization: choices.organizationId,
    documentReferenceIds: choices.documentReferenceIds,
    serviceRequestInitiatedFor: initiatedFor,
    addressLineOne: address.addressLineOne.trim(),
    addressLineTwo: address.addressLineTwo.trim(),
    addressLineThree: address.addressLineThree.trim(),
    addressCity: address.addressCity.trim(),
  };
  if (choices.category === 'Examination' && choices.sampleDate) {
    payload.sampleCollectionRequestedTime = sampleCollectionRequestedTime(choices.sampleDate, timeZone);
  }
  const note = choices.note?.trim() ?? '';
  if (admission && note !== '') {
    payload.additionalNote = note;
  }
  return payload;
}

/**
 * The submit's idempotency key: the last one again when the same payload is sent again (a retry
 * after a dropped answer gives the first order, never a second), a new one when the choices changed.
 * @param previous - the key and fingerprint of the last submit, if any
 * @param payload - what is sent now
 * @param newKey - makes a fresh key
 */
export function submitKeyFor(
  previous: { key: string; fingerprint: string } | null,
  payload: CreateOrderPayload,
  newKey: () => string,
): { key: string; fingerprint: string } {
  const fingerprint = JSON.stringify(payload);
  return previous?.fingerprint === fingerprint ? previous : { key: newKey(), fingerprint };
}

/**
 * A byte count for people: '850 KB', '3.4 MB'.
 * @param bytes - a size
 */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024 * 1024) {
    return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  }
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
