/**
 * The /doctor address's filters and the sessions query they ask (spec doc 2 §2 routes table, §7), once
 * for the app (apps/web features/consultations) and for the page the server writes (apps/server
 * web-app.doctor.ts, issue 33 §1): both ask with the same variables from the same address (issue 28).
 * Apart from the cards' rules (doctor-cards.ts), which /doctor's first paint does not need.
 */

/** The session mode of a video consultation (spec doc 2 §3 Session participationMode). */
export const VIDEO_PARTICIPATION_MODE = 'remote_presence_video_call';

/** The /doctor filters, read from and written to the address (spec doc 2 §2 routes table). */
export type DoctorFilters = {
  /** A practitioner id. */
  selectedPractitioner: string | null;
  /** An organization (hospital) id. */
  organization: string | null;
  /** A specialty (practitioner role) code. */
  performerRole: string | null;
  /** The appointment being rescheduled, carried to the new booking. */
  appointmentRescheduledFor: string | null;
  /** 'video' (type=video: the Video Channel) lists video sessions only (issue 29 §2.8). */
  type?: 'video' | null;
};

/** The address's filter names, in the order the app writes them. */
export const doctorFilterNames = ['selectedPractitioner', 'organization', 'performerRole', 'appointmentRescheduledFor', 'type'] as const;

/** What reading the filters needs of an address's query (a URLSearchParams). */
export type QueryParams = { get(name: string): string | null };

function value(params: QueryParams, name: string): string | null {
  const text = params.get(name)?.trim() ?? '';
  return text === '' ? null : text;
}

/**
 * The filters in a /doctor address, blanks as null.
 * @param params - the address's query
 */
export function readDoctorFilters(params: QueryParams): DoctorFilters {
  return {
    selectedPractitioner: value(params, 'selectedPractitioner'),
    organization: value(params, 'organization'),
    performerRole: value(params, 'performerRole'),
    appointmentRescheduledFor: value(params, 'appointmentRescheduledFor'),
    type: value(params, 'type') === 'video' ? 'video' : null,
  };
}

/**
 * Whether a search filter (doctor, hospital or specialty) is set: then sessions are listed, and the
 * main bottom bar is hidden (spec doc 2 §2 Video: hidden during doctor search with a filter set).
 * @param filters - the filters
 */
export function hasSearchFilter(filters: DoctorFilters): boolean {
  return filters.selectedPractitioner !== null || filters.organization !== null || filters.performerRole !== null;
}

/** querySession's variables for a /doctor search. */
export type SessionSearchVariables = {
  actorReference: string[];
  practitionerRoleCodingCode: string | null;
  extensionParticipationMode?: string;
};

/**
 * querySession's variables for the filters: Practitioner/{id} and Organization/{id} references, the
 * role code, and for type=video the video mode, which the server filters on (spec doc 2 §7
 * querySession; issue 29 §2.8). The server's /doctor asks with this very object, so that the app
 * finds the answer it carries by it (issue 33 §1).
 * @param filters - the filters
 */
export function sessionSearchVariables(filters: DoctorFilters): SessionSearchVariables {
  const actorReference: string[] = [];
  if (filters.selectedPractitioner) {
    actorReference.push(`Practitioner/${filters.selectedPractitioner}`);
  }
  if (filters.organization) {
    actorReference.push(`Organization/${filters.organization}`);
  }
  return {
    actorReference,
    practitionerRoleCodingCode: filters.performerRole,
    ...(filters.type === 'video' ? { extensionParticipationMode: VIDEO_PARTICIPATION_MODE } : {}),
  };
}
