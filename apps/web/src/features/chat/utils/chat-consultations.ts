/**
 * What the chat needs of the consultations feature to book a doctor and tell the upcoming
 * appointments (issue 12 §1, §2; spec doc 1 §2 Chat assistant, doc 2 §4 Booking). The chat never
 * imports that feature: app/ composes an implementation of this port from its operations and hands
 * it to the chat home (features never import each other, STYLE.md).
 */

/** A doctor to choose (search result or a recent doctor). */
export type ChatDoctor = { id: string; name: string; role: string };

/** A specialty to choose (spec doc 2 §5 specialty search). */
export type ChatSpecialty = { code: string; display: string };

/** A hospital of the tenant. */
export type ChatOrganization = { id: string; name: string };

/** A session the patient can book. */
export type ChatSession = {
  id: string;
  doctorName: string;
  specialty: string;
  organizationName: string;
  /** ISO date-time. */
  startTime: string;
};

/** An upcoming appointment of the account's profiles. */
export type ChatUpcomingAppointment = {
  id: string;
  sessionId: string;
  doctorName: string;
  patientDisplayName: string | null;
  organizationName: string | null;
  /** ISO date-time, or null when unknown. */
  start: string | null;
  tokenNo: number | null;
};

/** What a session search looks for: a doctor or a specialty, at one hospital or at any. */
export type ChatSessionFilter = {
  doctorId: string | null;
  specialtyCode: string | null;
  organizationId: string | null;
  /** The Video Channel's search: video sessions only (issue 29 §2.8). */
  videoOnly?: boolean;
};

/** A booking's answer: the appointment, or the error's text (a 'CODE:message' already read). */
export type ChatBookingResult =
  | { ok: true; appointment: { id: string; sessionId: string; tokenNo: number | null } }
  | {
      ok: false;
      error: string;
      /**
       * Refused because the profile holds a place in the session already (ARO-E4003): that
       * appointment, the account's own, to lead the patient to it (issue 29 §1.1).
       */
      held?: { id: string; sessionId: string; tokenNo: number | null };
    };

/** The consultations' operations the chat's booking and upcoming steps call. */
export type ChatConsultations = {
  /** The doctors the patient chose lately, newest first (kept on the device). */
  recentDoctors: () => ChatDoctor[];
  /** Remembers a doctor just chosen. */
  rememberDoctor: (doctor: ChatDoctor) => void;
  /** The doctors found by name; null when the search failed (the chat offers a retry). */
  searchDoctors: (text: string) => Promise<ChatDoctor[] | null>;
  /** The specialties; null when the query failed. */
  searchSpecialties: (text: string) => Promise<ChatSpecialty[] | null>;
  /** The tenant's hospitals; null when the query failed (never an empty answer for a failure). */
  organizations: () => Promise<ChatOrganization[] | null>;
  /** Bookable sessions, earliest first; null when the search failed. */
  sessions: (filter: ChatSessionFilter) => Promise<ChatSession[] | null>;
  /** Books a session for a profile of the account (pay at the hospital); the same key retries the same booking. */
  book: (input: {
    patientId: string;
    sessionId: string;
    idempotencyKey: string;
  }) => Promise<ChatBookingResult>;
  /** The account's upcoming appointments, soonest first; null when the query failed. */
  upcoming: () => Promise<ChatUpcomingAppointment[] | null>;
  /** The address of an appointment's screen. */
  appointmentHref: (sessionId: string, appointmentId: string) => string;
  /**
   * The address of a session's booking screen: where the booking goes when the tenant does not take
   * payment at the hospital (paymentGateWay.cash off), so the patient books there and pays online.
   */
  sessionHref: (sessionId: string) => string;
};
