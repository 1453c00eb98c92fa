import type { StaffRole } from '@careline/domain/staff';
import { useStaffTranslate } from '@careline/i18n/staff';
import { useMemo } from 'react';

/** Texts of the console's frame (navigation, hospital switcher), in the active language. */
export function useShellMessages() {
  const t = useStaffTranslate();
  return useMemo(
    () => ({
      documentTitle: (screen: string) => t('staff.shell.documentTitle', { screen }),
      product: t('staff.shell.product'),
      skipToContent: t('staff.shell.skipToContent'),
      mainNavigation: t('staff.shell.mainNavigation'),
      home: t('staff.shell.home'),
      sessions: t('staff.shell.sessions'),
      patientLookup: t('staff.shell.patientLookup'),
      staffUsers: t('staff.shell.staffUsers'),
      auditTrail: t('staff.shell.auditTrail'),
      doctors: t('staff.practitioners.nav'),
      displays: t('staff.displays.nav'),
      payments: t('staff.payments.nav'),
      orders: t('staff.orders.nav'),
      labReports: t('staff.labReports.nav'),
      questionnaires: t('staff.questionnaires.nav'),
      chats: t('staff.chat.nav'),
      changePassword: t('staff.shell.changePassword'),
      signOut: t('staff.shell.signOut'),
      hospital: t('staff.shell.hospital'),
      language: t('staff.shell.language'),
      signedInAs: (name: string) => t('staff.shell.signedInAs', { name }),
      loading: t('staff.shell.loading'),
      screenLoadFailed: t('staff.shell.screenLoadFailed'),
      reload: t('staff.shell.reload'),
      notFoundHeading: t('staff.shell.notFoundHeading'),
      notFoundText: t('staff.shell.notFoundText'),
      noPermissionHeading: t('staff.shell.noPermissionHeading'),
      noPermissionText: t('staff.shell.noPermissionText'),
      noHospitalText: t('staff.shell.noHospitalText'),
    }),
    [t],
  );
}

/** The roles' names in the active language. */
export function useRoleLabels(): Record<StaffRole, string> {
  const t = useStaffTranslate();
  return useMemo(
    () => ({
      admin: t('staff.role.admin'),
      receptionist: t('staff.role.receptionist'),
      doctor: t('staff.role.doctor'),
      nurse: t('staff.role.nurse'),
      pharmacist: t('staff.role.pharmacist'),
      labTechnician: t('staff.role.labTechnician'),
      cashier: t('staff.role.cashier'),
      callCentreAgent: t('staff.role.callCentreAgent'),
    }),
    [t],
  );
}
