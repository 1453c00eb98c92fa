/**
 * What the guided chat has gathered in a conversation (issue 12 §2): the service, the doctor,
 * specialty, hospital and session of a booking, the upcoming appointments, and the order being put
 * together. Plain data, kept on the device with the conversation (./chat-memory.ts) and checked when
 * it is read back: a record that does not fit is dropped, never half used.
 */
import { CHAT_SERVICES, type ChatDeliveryMode, type ChatService } from '@careline/domain/chat-flow';
import type { OrderAddress } from '@careline/domain/orders/plain';
import type {
  ChatDoctor,
  ChatOrganization,
  ChatSession,
  ChatSpecialty,
  ChatUpcomingAppointment,
} from './chat-consultations.ts';

/** A prescription already uploaded and made a document. */
export type ChatOrderDocument = { id: string; documentId: string; name: string };

/** The order being put together in the chat. */
export type ChatOrderData = {
  documents: ChatOrderDocument[];
  deliveryMode: ChatDeliveryMode | null;
  /** The address confirmed for a home delivery or a home sample collection. */
  address: OrderAddress | null;
  /** A lab test's tests (the tenant's diagnostic report codes). */
  tests: string[];
  /**
   * A lab test's sample collection time (one of the 7 dates of doc 3 §5 and a time of day, ISO 8601
   * with offset) and how the patient said it.
   */
  sampleTime: { at: string; said: string } | null;
  /** A home visit's services (the tenant's procedure codes). */
  procedures: string[];
  /** A home visit's requested time (ISO 8601 with offset) and how the patient said it. */
  visitTime: { at: string; said: string } | null;
  /** The last confirm's idempotency key and what it sent: a retry of the same order reuses it. */
  submit: { key: string; fingerprint: string } | null;
};

export type GuideData = {
  service: ChatService | null;
  doctor: ChatDoctor | null;
  specialty: ChatSpecialty | null;
  organizations: ChatOrganization[] | null;
  /**
   * The hospitals where the chosen doctor or specialty has sessions to pick (issue 29 §11), once
   * asked; null before, and again whenever the doctor or specialty changes.
   */
  sessionHospitals: ChatOrganization[] | null;
  organization: ChatOrganization | null;
  sessions: ChatSession[];
  seeMoreTaps: number;
  session: ChatSession | null;
  upcoming: ChatUpcomingAppointment[];
  order: ChatOrderData;
};

export const emptyOrder: ChatOrderData = {
  documents: [],
  deliveryMode: null,
  address: null,
  tests: [],
  sampleTime: null,
  procedures: [],
  visitTime: null,
  submit: null,
};

export const emptyGuide: GuideData = {
  service: null,
  doctor: null,
  specialty: null,
  organizations: null,
  sessionHospitals: null,
  organization: null,
  sessions: [],
  seeMoreTaps: 0,
  session: null,
  upcoming: [],
  order: emptyOrder,
};

type Check<T> = (value: unknown) => value is T;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isNullableString = (value: unknown): value is string | null => value === null || isString(value);
const nullable =
  <T,>(check: Check<T>): Check<T | null> =>
  (value): value is T | null =>
    value === null || check(value);
const listOf =
  <T,>(check: Check<T>): Check<T[]> =>
  (value): value is T[] =>
    Array.isArray(value) && value.every(check);
const withStrings =
  <T,>(...keys: string[]): Check<T> =>
  (value): value is T =>
    isRecord(value) && keys.every((key) => isString(value[key]));

const isDoctor = withStrings<ChatDoctor>('id', 'name', 'role');
const isSpecialty = withStrings<ChatSpecialty>('code', 'display');
const isOrganization = withStrings<ChatOrganization>('id', 'name');
const isSession = withStrings<ChatSession>('id', 'doctorName', 'specialty', 'organizationName', 'startTime');
const isAddress = withStrings<OrderAddress>('addressLineOne', 'addressLineTwo', 'addressLineThree', 'addressCity');
const isDocument = withStrings<ChatOrderDocument>('id', 'documentId', 'name');
const isSubmit = withStrings<{ key: string; fingerprint: string }>('key', 'fingerprint');

function isUpcoming(value: unknown): value is ChatUpcomingAppointment {
  return (
    withStrings<ChatUpcomingAppointment>('id', 'sessionId', 'doctorName')(value) &&
    isNullableString(value.patientDisplayName) &&
    isNullableString(value.organizationName) &&
    isNullableString(value.start) &&
    (value.tokenNo === null || typeof value.tokenNo === 'number')
  );
}

function isOrder(value: unknown): value is ChatOrderData {
  return (
    isRecord(value) &&
    listOf(isDocument)(value.documents) &&
    (value.deliveryMode === null || value.deliveryMode === 'home-delivery' || value.deliveryMode === 'hospital-pickup') &&
    nullable(isAddress)(value.address) &&
    listOf(isString)(value.tests) &&
    // A conversation kept before issue 30 §11 has a day only (sampleDate): read as no time yet.
    (value.sampleTime === undefined || nullable(withStrings<{ at: string; said: string }>('at', 'said'))(value.sampleTime)) &&
    listOf(isString)(value.procedures) &&
    nullable(withStrings<{ at: string; said: string }>('at', 'said'))(value.visitTime) &&
    nullable(isSubmit)(value.submit)
  );
}

/**
 * The gathered data read back from the device, or null when it does not fit this version's shape.
 * @param value - what was stored
 */
export function parseGuideData(value: unknown): GuideData | null {
  if (!isRecord(value)) {
    return null;
  }
  const fits =
    (value.service === null || (isString(value.service) && (CHAT_SERVICES as readonly string[]).includes(value.service))) &&
    nullable(isDoctor)(value.doctor) &&
    nullable(isSpecialty)(value.specialty) &&
    nullable(listOf(isOrganization))(value.organizations) &&
    // A conversation kept before issue 29 §11 has none: asked again when needed.
    (value.sessionHospitals === undefined || nullable(listOf(isOrganization))(value.sessionHospitals)) &&
    nullable(isOrganization)(value.organization) &&
    listOf(isSession)(value.sessions) &&
    typeof value.seeMoreTaps === 'number' &&
    Number.isInteger(value.seeMoreTaps) &&
    value.seeMoreTaps >= 0 &&
    nullable(isSession)(value.session) &&
    listOf(isUpcoming)(value.upcoming) &&
    isOrder(value.order);
  if (!fits) {
    return null;
  }
  const { sampleDate: _dayOnly, ...order } = value.order as ChatOrderData & { sampleDate?: unknown };
  return {
    ...value,
    sessionHospitals: value.sessionHospitals ?? null,
    order: { ...order, sampleTime: order.sampleTime ?? null },
  } as GuideData;
}
