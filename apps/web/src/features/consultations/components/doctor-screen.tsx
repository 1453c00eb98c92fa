import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { useConsultationsTranslate } from '@careline/i18n/consultations';
import { useHideMainBottomBar } from '../../../lib/shell/chrome-context.tsx';
import { sessionsQuery } from '../api/doctor-documents.ts';
import { useDoctorOptions, useOrganizations, useSpecialtyOptions, type SearchOption } from '../hooks/use-search-options.ts';
import { hasSearchFilter, readDoctorFilters, sessionSearchVariables, type DoctorFilters } from '@careline/domain/consultations';
import { doctorFiltersQuery } from '../utils/doctor-filters.ts';
import { readRecentDoctors, rememberRecentDoctor, type RecentDoctor } from '../utils/recent-doctors.ts';
import { ResultsSkeleton } from './results-skeleton.tsx';
import { SearchCombobox } from './search-combobox.tsx';
import './consultations.css';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

// The results' code (doctor cards, session cards) loads once a filter is set (issue 29 §4.15). An
// address that arrives with one (Search Now, the chat, Reschedule) fetches it at once, beside this
// screen's code, so the cards never wait on a second round trip after the first render.
const loadResults = () => import('./session-results.tsx');
if (typeof window !== 'undefined' && hasSearchFilter(readDoctorFilters(new URLSearchParams(window.location.search)))) {
  void loadResults();
}
const SessionResults = lazy(() => loadResults().then((module) => ({ default: module.SessionResults })));

/**
 * /doctor: search for a doctor or specialty, recent doctors, hospital filter, chips, the rescheduling
 * banner and the sessions, by doctor and by day (spec doc 2 §2 Doctor list; issue 29 §4.14).
 */
export function DoctorScreen() {
  const t = useConsultationsTranslate();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readDoctorFilters(searchParams);
  const [query, setQuery] = useState('');
  const [recent, setRecent] = useState<RecentDoctor[]>(() => {
    const store = storage();
    return store ? readRecentDoctors(store) : [];
  });
  // Names of what was picked on this screen, for the chips before the sessions arrive.
  const [pickedNames, setPickedNames] = useState<Record<string, string>>({});
  const doctors = useDoctorOptions(query, filters.organization);
  const specialties = useSpecialtyOptions(query);
  const { organizations } = useOrganizations();
  const [sessionsResult] = useQuery({
    query: sessionsQuery,
    variables: sessionSearchVariables(filters),
    pause: !hasSearchFilter(filters),
  });
  const filtered = hasSearchFilter(filters);
  useHideMainBottomBar(filtered);

  const sessions = sessionsResult.data?.querySession ?? [];
  const doctorName =
    filters.selectedPractitioner === null
      ? null
      : (sessions.find((session) => session.practitioner.id === filters.selectedPractitioner)?.practitioner.text ??
        recent.find((doctor) => doctor.id === filters.selectedPractitioner)?.name ??
        pickedNames[`doctor:${filters.selectedPractitioner}`] ??
        filters.selectedPractitioner);
  const specialtyName =
    filters.performerRole === null
      ? null
      : (sessions.find((session) => session.practitionerRole.code === filters.performerRole)?.practitionerRole.display ??
        pickedNames[`specialty:${filters.performerRole}`] ??
        filters.performerRole);
  const hospital = organizations.find((organization) => organization.id === filters.organization) ?? null;

  function update(next: Partial<DoctorFilters>) {
    setSearchParams(new URLSearchParams(doctorFiltersQuery({ ...filters, ...next })), { replace: false });
  }

  function pickDoctor(doctor: RecentDoctor) {
    const store = storage();
    setRecent(store ? rememberRecentDoctor(store, doctor) : recent);
    setPickedNames((names) => ({ ...names, [`doctor:${doctor.id}`]: doctor.name }));
    update({ selectedPractitioner: doctor.id, performerRole: null });
  }

  function onPick(sectionId: string, option: SearchOption) {
    setQuery('');
    if (sectionId === 'doctors') {
      pickDoctor({ id: option.id, name: option.label, role: option.detail ?? '' });
      return;
    }
    setPickedNames((names) => ({ ...names, [`specialty:${option.id}`]: option.label }));
    update({ performerRole: option.id, selectedPractitioner: null });
  }

  const chips = [
    doctorName === null ? null : { key: 'doctor', name: doctorName, clear: { selectedPractitioner: null } },
    specialtyName === null ? null : { key: 'specialty', name: specialtyName, clear: { performerRole: null } },
    filters.organization === null
      ? null
      : { key: 'hospital', name: hospital?.name ?? filters.organization, clear: { organization: null } },
  ].filter((chip) => chip !== null);

  return (
    <section className="screen doctor-screen" aria-labelledby="doctor-screen-title">
      <h1 id="doctor-screen-title">{t('consultations.doctor.title')}</h1>

      {filters.appointmentRescheduledFor ? (
        <p className="consultations-banner consultations-banner--info" role="note">
          {t('consultations.doctor.rescheduling')}
        </p>
      ) : null}

      <SearchCombobox
        label={t('consultations.doctor.searchLabel')}
        placeholder={t('consultations.search.placeholder')}
        query={query}
        onQueryChange={setQuery}
        loading={doctors.loading || specialties.loading}
        sections={[
          { id: 'doctors', title: t('consultations.doctor.doctorsGroup'), options: doctors.options },
          { id: 'specialties', title: t('consultations.doctor.specialtiesGroup'), options: specialties.options },
        ]}
        onPick={onPick}
      />

      <div className="doctor-screen__hospital">
        <label htmlFor="doctor-hospital-filter">{t('consultations.doctor.hospitalFilter')}</label>
        <select
          id="doctor-hospital-filter"
          className="consultations-select"
          value={filters.organization ?? ''}
          onChange={(event) => update({ organization: event.target.value === '' ? null : event.target.value })}
        >
          <option value="">{t('consultations.doctor.allHospitals')}</option>
          {organizations.map((organization) => (
            <option key={organization.id} value={organization.id}>
              {organization.name}
            </option>
          ))}
        </select>
      </div>

      {chips.length > 0 ? (
        <div className="filter-chips" role="group" aria-label={t('consultations.doctor.filters')}>
          {chips.map((chip) => (
            <button
              key={chip.key}
              type="button"
              className="filter-chip"
              aria-label={t('consultations.doctor.removeFilter', { name: chip.name })}
              onClick={() => update(chip.clear)}
            >
              <span>{chip.name}</span>
              <span aria-hidden="true">×</span>
            </button>
          ))}
          <button
            type="button"
            className="filter-chip filter-chip--clear"
            onClick={() => update({ selectedPractitioner: null, performerRole: null, organization: null })}
          >
            {t('consultations.doctor.clearFilters')}
          </button>
        </div>
      ) : null}

      {recent.length > 0 && !filtered ? (
        <section className="recent-doctors" aria-labelledby="recent-doctors-title">
          <h2 id="recent-doctors-title">{t('consultations.doctor.recentDoctors')}</h2>
          <ul className="recent-doctors__list">
            {recent.map((doctor) => (
              <li key={doctor.id}>
                <button type="button" className="recent-doctor" onClick={() => pickDoctor(doctor)}>
                  <span className="recent-doctor__name">{doctor.name}</span>
                  {doctor.role ? <span className="recent-doctor__role">{doctor.role}</span> : null}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {filtered ? (
        <Suspense fallback={<ResultsSkeleton />}>
          <SessionResults filters={filters} hospitalName={hospital?.name ?? null} />
        </Suspense>
      ) : (
        <p className="consultations-hint">{t('consultations.doctor.startHint')}</p>
      )}
    </section>
  );
}
