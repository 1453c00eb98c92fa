import { useStaffTranslate } from '@careline/i18n/staff';
import { useMemo } from 'react';

/** Texts of the patient lookup, in the active language. */
export function usePatientMessages() {
  const t = useStaffTranslate();
  return useMemo(
    () => ({
      heading: t('staff.patients.heading'),
      documentTitle: t('staff.shell.documentTitle', { screen: t('staff.patients.heading') }),
      intro: (hospital: string) => t('staff.patients.intro', { hospital }),
      mobileNo: t('staff.patients.mobileNo'),
      mobileHint: t('staff.patients.mobileHint'),
      enterMobile: t('staff.patients.enterMobile'),
      search: t('staff.patients.search'),
      resultsCaption: (mobileNo: string) => t('staff.patients.resultsCaption', { mobileNo }),
      name: t('staff.patients.name'),
      gender: t('staff.patients.gender'),
      birthDate: t('staff.patients.birthDate'),
      relationship: t('staff.patients.relationship'),
      none: (mobileNo: string, hospital: string) => t('staff.patients.none', { mobileNo, hospital }),
      found: (count: number) => t('staff.patients.found', { count }),
      walkInNew: (hospital: string) => t('staff.patients.walkInNew', { hospital }),
      noneInGroup: (mobileNo: string) => t('staff.patients.noneInGroup', { mobileNo }),
    }),
    [t],
  );
}
