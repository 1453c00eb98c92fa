import { useStaffTranslate } from '@careline/i18n/staff';
import { useMemo } from 'react';

/** Texts of the doctors' photos screen, in the active language. */
export function usePractitionersMessages() {
  const t = useStaffTranslate();
  return useMemo(
    () => ({
      heading: t('staff.practitioners.heading'),
      documentTitle: t('staff.shell.documentTitle', { screen: t('staff.practitioners.heading') }),
      intro: (hospital: string) => t('staff.practitioners.intro', { hospital }),
      tableCaption: (hospital: string) => t('staff.practitioners.tableCaption', { hospital }),
      photo: t('staff.practitioners.photo'),
      name: t('staff.practitioners.name'),
      roles: t('staff.practitioners.roles'),
      upload: t('staff.practitioners.upload'),
      uploadOf: (name: string) => t('staff.practitioners.uploadOf', { name }),
      uploading: (name: string) => t('staff.practitioners.uploading', { name }),
      saved: (name: string) => t('staff.practitioners.saved', { name }),
      photoOf: (name: string) => t('staff.practitioners.photoOf', { name }),
      noPhoto: (name: string) => t('staff.practitioners.noPhoto', { name }),
      loading: t('staff.practitioners.loading'),
      empty: (hospital: string) => t('staff.practitioners.empty', { hospital }),
    }),
    [t],
  );
}
