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

const filterNames = ['selectedPractitioner', 'organization', 'performerRole', 'appointmentRescheduledFor', 'type'] as const;

/** The session mode of a video consultation (spec doc 2 §3 Session participationMode). */
export const VIDEO_PARTICIPATION_MODE = 'remote_presence_video_call';

function value(params: URLSearchParams, name: string): string | null {
  const text = params.get(name)?.trim() ?? '';
  return text === '' ? null : text;
}

/**
 * The filters in a /doctor address.
 * @param params - the address's query
 */
export function readDoctorFilters(params: URLSearchParams): DoctorFilters {
  return {
    selectedPractitioner: value(params, 'selectedPractitioner'),
    organization: value(params, 'organization'),
    performerRole: value(params, 'performerRole'),
    appointmentRescheduledFor: value(params, 'appointmentRescheduledFor'),
    type: value(params, 'type') === 'video' ? 'video' : null,
  };
}

/**
 * The query string for filters (empty ones left out), e.g. '?selectedPractitioner=…&organization=…'.
 * @param filters - the filters
 */
export function doctorFiltersQuery(filters: Partial<DoctorFilters>): string {
  const params = new URLSearchParams();
  for (const name of filterNames) {
    const text = filters[name];
    if (text) {
      params.set(name, text);
    }
  }
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

/**
 * Whether a search filter (doctor, hospital or specialty) is set: then sessions are listed, and the
 * main bottom bar is hidden (spec doc 2 §2 Video: hidden during doctor search with a filter set).
 * @param filters - the filters
 */
export function hasSearchFilter(filters: DoctorFilters): boolean {
  return filters.selectedPractitioner !== null || filters.organization !== null || filters.performerRole !== null;
}

/**
 * querySession's variables for the filters: Practitioner/{id} and Organization/{id} references, the
 * role code, and for type=video the video mode, which the server filters on (spec doc 2 §7
 * querySession; issue 29 §2.8).
 * @param filters - the filters
 */
export function sessionSearchVariables(filters: DoctorFilters): {
  actorReference: string[];
  practitionerRoleCodingCode: string | null;
  extensionParticipationMode?: string;
} {
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
