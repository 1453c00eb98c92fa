import { useStaffTranslate } from '@careline/i18n/staff';
import { useMemo } from 'react';

/** Texts of staff administration, in the active language. */
export function useStaffUsersMessages() {
  const t = useStaffTranslate();
  return useMemo(
    () => ({
      heading: t('staff.users.heading'),
      documentTitle: t('staff.shell.documentTitle', { screen: t('staff.users.heading') }),
      intro: (hospital: string) => t('staff.users.intro', { hospital }),
      tableCaption: (hospital: string) => t('staff.users.tableCaption', { hospital }),
      name: t('staff.users.name'),
      email: t('staff.users.email'),
      roles: t('staff.users.roles'),
      status: t('staff.users.status'),
      actions: t('staff.users.actions'),
      active: t('staff.users.active'),
      mustChangePassword: t('staff.users.mustChangePassword'),
      disabled: t('staff.users.disabled'),
      noRoles: t('staff.users.noRoles'),
      changeRoles: t('staff.users.changeRoles'),
      changeRolesOf: (name: string) => t('staff.users.changeRolesOf', { name }),
      saveRoles: t('staff.users.saveRoles'),
      cancel: t('staff.users.cancel'),
      rolesSaved: (name: string) => t('staff.users.rolesSaved', { name }),
      newUserHeading: t('staff.users.newUserHeading'),
      displayName: t('staff.users.displayName'),
      rolesLegend: (hospital: string) => t('staff.users.rolesLegend', { hospital }),
      create: t('staff.users.create'),
      createdHeading: (email: string) => t('staff.users.createdHeading', { email }),
      temporaryPasswordIs: t('staff.users.temporaryPasswordIs'),
      temporaryPasswordNote: t('staff.users.temporaryPasswordNote'),
      loading: t('staff.users.loading'),
      // The practitioner picker of a doctor account.
      practitionerSearch: t('staff.users.practitionerSearch'),
      practitionerSearchHint: t('staff.users.practitionerSearchHint'),
      practitioner: t('staff.users.practitioner'),
      practitionerHint: (hospital: string) => t('staff.users.practitionerHint', { hospital }),
      practitionerNone: t('staff.users.practitionerNone'),
      practitionerCurrent: t('staff.users.practitionerCurrent'),
      practitionerMatches: (count: number) => t('staff.users.practitionerMatches', { count }),
      practitionersLoading: t('staff.users.practitionersLoading'),
      choosePractitioner: t('staff.users.choosePractitioner'),
      practitionerNotHere: (hospital: string) => t('staff.users.practitionerNotHere', { hospital }),
      // The form's field errors (the zod schema's fields in packages/domain).
      fieldError: {
        email: t('staff.users.invalidEmail'),
        displayName: t('staff.users.invalidName'),
        roles: t('staff.users.chooseRole'),
      },
    }),
    [t],
  );
}
