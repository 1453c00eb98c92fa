import { readDoctorFilters } from '@careline/domain/consultations';
import { describe, expect, it } from 'vitest';
import { doctorFiltersQuery } from './doctor-filters.ts';

describe('the /doctor filters written to the address (spec doc 2 §2 routes table)', () => {
  it('writes only the filters that are set, and round-trips', () => {
    const query = doctorFiltersQuery({ selectedPractitioner: 'p1', organization: null, appointmentRescheduledFor: 'a9' });
    expect(query).toBe('?selectedPractitioner=p1&appointmentRescheduledFor=a9');
    expect(readDoctorFilters(new URLSearchParams(query)).selectedPractitioner).toBe('p1');
    expect(doctorFiltersQuery({})).toBe('');
  });

  it('keeps type=video (the Video Channel) through the search (issue 29 §2.8)', () => {
    const video = readDoctorFilters(new URLSearchParams('type=video&selectedPractitioner=p1'));
    // Picking a hospital next keeps the video filter in the address.
    expect(readDoctorFilters(new URLSearchParams(doctorFiltersQuery({ ...video, organization: 'o1' }))).type).toBe('video');
  });
});
