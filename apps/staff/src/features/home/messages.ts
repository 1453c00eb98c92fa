import { useStaffTranslate } from '@careline/i18n/staff';
import { useMemo } from 'react';

/** Texts of the home screen, in the active language. */
export function useHomeMessages() {
  const t = useStaffTranslate();
  return useMemo(
    () => ({
      heading: t('staff.home.heading'),
      documentTitle: t('staff.shell.documentTitle', { screen: t('staff.home.heading') }),
      greeting: (name: string) => t('staff.home.greeting', { name }),
      roleIntro: (roles: string, hospital: string) => t('staff.home.roleIntro', { roles, hospital }),
      emptyHome: t('staff.home.emptyHome'),
    }),
    [t],
  );
}
