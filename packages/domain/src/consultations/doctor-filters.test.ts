import { describe, expect, it } from 'vitest';
import { hasSearchFilter, readDoctorFilters, sessionSearchVariables, type QueryParams } from './doctor-filters.ts';

// The addresses' own reader, a global of the browser and of Node; the package's types know no platform.
declare const URLSearchParams: new (query: string) => QueryParams;

describe('the /doctor filters in the address (spec doc 2 §2 routes table)', () => {
  it.each([
    [
      'selectedPractitioner=p1&organization=&performerRole=CARD&appointmentRescheduledFor=a9',
      { selectedPractitioner: 'p1', organization: null, performerRole: 'CARD', appointmentRescheduledFor: 'a9', type: null },
    ],
    [
      'organization=%20o1%20&type=video',
      { selectedPractitioner: null, organization: 'o1', performerRole: null, appointmentRescheduledFor: null, type: 'video' },
    ],
    ['type=other', { selectedPractitioner: null, organization: null, performerRole: null, appointmentRescheduledFor: null, type: null }],
    ['', { selectedPractitioner: null, organization: null, performerRole: null, appointmentRescheduledFor: null, type: null }],
  ])('reads %j, blanks as null', (query, filters) => {
    expect(readDoctorFilters(new URLSearchParams(query))).toEqual(filters);
  });

  it.each([
    ['appointmentRescheduledFor=a9', false],
    ['type=video', false],
    ['organization=o1', true],
    ['performerRole=CARD', true],
    ['selectedPractitioner=p1', true],
    ['organization=%20', false],
  ])('%s is a search filter: %s (doctor, hospital or specialty; not the reschedule alone)', (query, expected) => {
    expect(hasSearchFilter(readDoctorFilters(new URLSearchParams(query)))).toBe(expected);
  });

  it.each([
    [
      'selectedPractitioner=p1&organization=o1&performerRole=CARD',
      { actorReference: ['Practitioner/p1', 'Organization/o1'], practitionerRoleCodingCode: 'CARD' },
    ],
    [
      // type=video (the Video Channel) asks the server for video sessions only (issue 29 §2.8).
      'organization=o1&selectedPractitioner=p1&type=video',
      {
        actorReference: ['Practitioner/p1', 'Organization/o1'],
        practitionerRoleCodingCode: null,
        extensionParticipationMode: 'remote_presence_video_call',
      },
    ],
    ['organization=%20', { actorReference: [], practitionerRoleCodingCode: null }],
  ])('turns %s into querySession variables (spec doc 2 §7)', (query, variables) => {
    expect(sessionSearchVariables(readDoctorFilters(new URLSearchParams(query)))).toStrictEqual(variables);
  });
});
