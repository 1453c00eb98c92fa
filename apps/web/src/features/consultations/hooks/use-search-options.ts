import { useMemo } from 'react';
import { useQuery } from 'urql';
import { compareNaturally, displayedRoles } from '@careline/domain/doctors';
import {
  organizationsQuery,
  searchDoctorsQuery,
  searchSpecialtiesQuery,
  type OrganizationOption,
} from '../api/doctor-documents.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

/** One suggestion of a search box. */
export type SearchOption = { id: string; label: string; detail?: string };

/** Suggestions being fetched: the options, and whether a request runs or failed. */
export type SearchOptions = { options: SearchOption[]; loading: boolean; failed: boolean };

const SUGGESTIONS_SHOWN = 10;

/**
 * Doctors whose name or role words match the typed text (spec doc 2 §5), searched on the server.
 * @param text - what the patient typed
 * @param organizationId - only doctors with sessions at this hospital, when set
 */
export function useDoctorOptions(text: string, organizationId: string | null = null): SearchOptions {
  const settled = useDebouncedValue(text.trim());
  const [result] = useQuery({
    query: searchDoctorsQuery,
    variables: { text: settled, organizationId, limit: SUGGESTIONS_SHOWN },
    pause: settled === '',
  });
  const options = useMemo(
    () =>
      settled === ''
        ? []
        : (result.data?.searchDoctors ?? []).map((doctor) => ({
            id: doctor.id,
            label: doctor.name.text,
            detail: displayedRoles(doctor.roles)
              .map((role) => role.display)
              .join(', '),
          })),
    [result.data, settled],
  );
  return { options, loading: settled !== text.trim() || result.fetching, failed: Boolean(result.error) };
}

/**
 * Specialties whose name starts with the typed text (spec doc 2 §5), searched on the server.
 * @param text - what the patient typed
 */
export function useSpecialtyOptions(text: string): SearchOptions {
  const settled = useDebouncedValue(text.trim());
  const [result] = useQuery({
    query: searchSpecialtiesQuery,
    variables: { text: settled, limit: SUGGESTIONS_SHOWN },
    pause: settled === '',
  });
  const options = useMemo(
    () =>
      settled === ''
        ? []
        : (result.data?.searchSpecialties ?? []).map((specialty) => ({ id: specialty.code, label: specialty.display })),
    [result.data, settled],
  );
  return { options, loading: settled !== text.trim() || result.fetching, failed: Boolean(result.error) };
}

/**
 * True when a hospital name has a word starting with the typed text (spec doc 2 §5 organization filter).
 * @param name - the hospital's name
 * @param text - what the patient typed
 */
export function matchesOrganization(name: string, text: string): boolean {
  const query = text.trim().toLowerCase();
  return query === '' || name.toLowerCase().split(/\s+/).some((word) => word.startsWith(query));
}

/** The tenant's hospitals, sorted naturally (spec doc 2 §2), and the request's state. */
export function useOrganizations(): { organizations: OrganizationOption[]; loading: boolean; failed: boolean } {
  const [result] = useQuery({ query: organizationsQuery });
  const organizations = useMemo(
    () => [...(result.data?.queryOrganization ?? [])].sort((a, b) => compareNaturally(a.name, b.name)),
    [result.data],
  );
  return { organizations, loading: result.fetching, failed: Boolean(result.error) };
}

/**
 * Hospitals matching the typed text, as suggestions.
 * @param text - what the patient typed
 */
export function useOrganizationOptions(text: string): SearchOptions {
  const { organizations, loading, failed } = useOrganizations();
  const options = useMemo(
    () =>
      organizations
        .filter((organization) => matchesOrganization(organization.name, text))
        .map((organization) => ({ id: organization.id, label: organization.name })),
    [organizations, text],
  );
  return { options, loading, failed };
}
