import { describe, expect, it } from 'vitest';
import { doctorFiltersQuery, hasSearchFilter, readDoctorFilters, sessionSearchVariables } from './doctor-filters.ts';

describe('the /doctor filters in the address (spec doc 2 §2 routes table)', () => {
  it('reads selectedPractitioner, organization, performerRole and appointmentRescheduledFor, blanks as null', () => {
    expect(
      readDoctorFilters(new URLSearchParams('selectedPractitioner=p1&organization=&performerRole=CARD&appointmentRescheduledFor=a9')),
    ).toEqual({ selectedPractitioner: 'p1', organization: null, performerRole: 'CARD', appointmentRescheduledFor: 'a9', type: null });
  });

  it('writes only the filters that are set, and round-trips', () => {
    const query = doctorFiltersQuery({ selectedPractitioner: 'p1', organization: null, appointmentRescheduledFor: 'a9' });
    expect(query).toBe('?selectedPractitioner=p1&appointmentRescheduledFor=a9');
    expect(readDoctorFilters(new URLSearchParams(query)).selectedPractitioner).toBe('p1');
    expect(doctorFiltersQuery({})).toBe('');
  });

  it('counts doctor, hospital and specialty as search filters, not the reschedule alone', () => {
    const none = readDoctorFilters(new URLSearchParams('appointmentRescheduledFor=a9'));
    expect(hasSearchFilter(none)).toBe(false);
    expect(hasSearchFilter({ ...none, organization: 'o1' })).toBe(true);
    expect(hasSearchFilter({ ...none, performerRole: 'CARD' })).toBe(true);
  });

  it('turns the filters into querySession references (spec doc 2 §7)', () => {
    expect(
      sessionSearchVariables({ selectedPractitioner: 'p1', organization: 'o1', performerRole: 'CARD', appointmentRescheduledFor: null }),
    ).toEqual({ actorReference: ['Practitioner/p1', 'Organization/o1'], practitionerRoleCodingCode: 'CARD' });
  });

  it('type=video (the Video Channel) asks the server for video sessions only, and stays through the search (issue 29 §2.8)', () => {
    const video = readDoctorFilters(new URLSearchParams('type=video&selectedPractitioner=p1'));
    expect(video.type).toBe('video');
    expect(sessionSearchVariables(video)).toEqual({
      actorReference: ['Practitioner/p1'],
      practitionerRoleCodingCode: null,
      extensionParticipationMode: 'remote_presence_video_call',
    });
    // Picking a hospital next keeps the video filter in the address.
    expect(readDoctorFilters(new URLSearchParams(doctorFiltersQuery({ ...video, organization: 'o1' }))).type).toBe('video');
    expect(readDoctorFilters(new URLSearchParams('type=other')).type).toBeNull();
    expect(sessionSearchVariables(readDoctorFilters(new URLSearchParams('selectedPractitioner=p1')))).not.toHaveProperty('extensionParticipationMode');
  });
});
