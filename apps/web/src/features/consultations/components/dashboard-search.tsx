import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useConsultationsTranslate } from '@careline/i18n/consultations';
import { Button } from '../../../components/button.tsx';
import { useDoctorOptions, useOrganizationOptions, useSpecialtyOptions, type SearchOption } from '../hooks/use-search-options.ts';
import { doctorFiltersQuery } from '../utils/doctor-filters.ts';
import { rememberRecentDoctor } from '../utils/recent-doctors.ts';
import { SearchCombobox } from './search-combobox.tsx';
import './consultations.css';

type Choice = SearchOption | null;

/** One picker: a search box until something is chosen, then the choice with a way to clear it. */
function Picker({
  label,
  choice,
  onChoose,
  useOptions,
}: {
  label: string;
  choice: Choice;
  onChoose: (choice: Choice) => void;
  useOptions: (text: string) => { options: SearchOption[]; loading: boolean };
}) {
  const t = useConsultationsTranslate();
  const [query, setQuery] = useState('');
  const { options, loading } = useOptions(query);
  if (choice) {
    return (
      <div className="dashboard-search__choice">
        <span className="search-combobox__label">{label}</span>
        <span className="dashboard-search__chosen">
          <span>
            <span className="dashboard-search__chosen-label">{choice.label}</span>
            {choice.detail ? <span className="dashboard-search__chosen-detail">{choice.detail}</span> : null}
          </span>
          <button
            type="button"
            className="filter-chip"
            aria-label={t('consultations.search.clear', { label: `${label}: ${choice.label}` })}
            onClick={() => onChoose(null)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </span>
      </div>
    );
  }
  return (
    <SearchCombobox
      label={label}
      placeholder={t('consultations.search.placeholder')}
      query={query}
      onQueryChange={setQuery}
      loading={loading}
      sections={[{ id: 'options', options }]}
      onPick={(_section, option) => {
        setQuery('');
        onChoose(option);
      }}
    />
  );
}

/**
 * The home dashboard's doctor search (spec doc 2 §2 Home dashboard search): doctor name, specialty
 * and hospital pickers; Search Now needs a doctor, specialty or hospital and opens /doctor.
 */
export function DashboardSearch() {
  const t = useConsultationsTranslate();
  const navigate = useNavigate();
  const hintId = useId();
  const [doctor, setDoctor] = useState<Choice>(null);
  const [specialty, setSpecialty] = useState<Choice>(null);
  const [hospital, setHospital] = useState<Choice>(null);
  const ready = doctor !== null || specialty !== null || hospital !== null;

  function searchNow() {
    if (!ready) {
      return;
    }
    if (doctor) {
      try {
        rememberRecentDoctor(window.localStorage, { id: doctor.id, name: doctor.label, role: doctor.detail ?? '' });
      } catch {
        // No storage: the doctor is simply not remembered.
      }
    }
    void navigate(
      `/doctor${doctorFiltersQuery({
        selectedPractitioner: doctor?.id ?? null,
        performerRole: specialty?.id ?? null,
        organization: hospital?.id ?? null,
      })}`,
    );
  }

  return (
    <form
      className="dashboard-search"
      aria-describedby={hintId}
      onSubmit={(event) => {
        event.preventDefault();
        searchNow();
      }}
    >
      <Picker label={t('consultations.search.doctorLabel')} choice={doctor} onChoose={setDoctor} useOptions={useDoctorOptions} />
      <Picker
        label={t('consultations.search.specialtyLabel')}
        choice={specialty}
        onChoose={setSpecialty}
        useOptions={useSpecialtyOptions}
      />
      <Picker
        label={t('consultations.search.hospitalLabel')}
        choice={hospital}
        onChoose={setHospital}
        useOptions={useOrganizationOptions}
      />
      <p id={hintId} className="dashboard-search__hint">
        {t('consultations.search.selectAtLeast')}
      </p>
      <Button type="submit" block disabled={!ready}>
        {t('consultations.search.searchNow')}
      </Button>
    </form>
  );
}
