import { doctorFilterNames, type DoctorFilters } from '@careline/domain/consultations';

/**
 * The query string for /doctor filters (empty ones left out), e.g. '?selectedPractitioner=…&organization=…';
 * readDoctorFilters (@careline/domain/consultations) reads it back.
 * @param filters - the filters
 */
export function doctorFiltersQuery(filters: Partial<DoctorFilters>): string {
  const params = new URLSearchParams();
  for (const name of doctorFilterNames) {
    const text = filters[name];
    if (text) {
      params.set(name, text);
    }
  }
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}
