import { AUDIT_ACTIONS, isAuditAction } from '@careline/domain/staff';
import { useStaffTranslate } from '@careline/i18n/staff';
import { useMemo } from 'react';
import type { AuditDetailKey, AuditDetailWords } from './audit-details.ts';

/** The actions the filter offers: every action the server records (AUDIT_ACTIONS). */
export const auditActions = AUDIT_ACTIONS;

/** Texts of the audit trail view, in the active language. */
export function useAuditMessages() {
  const t = useStaffTranslate();
  return useMemo(
    () => ({
      heading: t('staff.audit.heading'),
      documentTitle: t('staff.shell.documentTitle', { screen: t('staff.audit.heading') }),
      intro: (hospital: string) => t('staff.audit.intro', { hospital }),
      filters: t('staff.audit.filters'),
      action: t('staff.audit.action'),
      anyAction: t('staff.audit.anyAction'),
      staffMember: t('staff.audit.staffMember'),
      anyStaffMember: t('staff.audit.anyStaffMember'),
      patientSearch: t('staff.audit.patientSearch'),
      patientSearchHint: t('staff.audit.patientSearchHint'),
      invalidPatientSearch: t('staff.audit.invalidPatientSearch'),
      invalidDates: t('staff.audit.invalidDates'),
      onlyThisPatient: t('staff.audit.onlyThisPatient'),
      onlyThisPatientOf: (name: string) => t('staff.audit.onlyThisPatientOf', { name }),
      onlyPatientActive: (name: string) => t('staff.audit.onlyPatientActive', { name }),
      hospitalTime: t('staff.audit.hospitalTime'),
      from: t('staff.audit.from'),
      to: t('staff.audit.to'),
      apply: t('staff.audit.apply'),
      clear: t('staff.audit.clear'),
      tableCaption: (hospital: string) => t('staff.audit.tableCaption', { hospital }),
      when: t('staff.audit.when'),
      who: t('staff.audit.who'),
      role: t('staff.audit.role'),
      where: t('staff.audit.where'),
      tenantWide: t('staff.audit.tenantWide'),
      what: t('staff.audit.what'),
      patient: t('staff.audit.patient'),
      details: t('staff.audit.details'),
      correlation: t('staff.audit.correlation'),
      loadMore: t('staff.audit.loadMore'),
      empty: t('staff.audit.empty'),
      loading: t('staff.audit.loading'),
      patientKind: t('staff.audit.patientKind'),
      system: t('staff.audit.system'),
      // An action the console does not know yet (a newer server) is still not shown as a raw key.
      actionLabel: (action: string): string =>
        isAuditAction(action) ? t(`staff.audit.action.${action}`) : t('staff.audit.otherAction'),
      detailWords: {
        label: (key: AuditDetailKey) => t(`staff.audit.detail.${key}`),
        yes: t('staff.audit.yes'),
        no: t('staff.audit.no'),
        value: (key: AuditDetailKey, value: string) =>
          key === 'purpose' && value === 'walkIn' ? t('staff.audit.detail.purpose.walkIn') : null,
      } satisfies AuditDetailWords,
    }),
    [t],
  );
}
