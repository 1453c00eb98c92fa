import { useStaffTranslate } from '@careline/i18n/staff';
import { useMemo } from 'react';

/**
 * The audited actions the filter offers (the server's audit rows), with their catalogue keys: a
 * hospital's staff actions, and the tenant-wide rows every admin of the tenant sees (staff sign-ins and
 * password changes, patients' sign-ins and account changes).
 */
export const auditActions = [
  'patient.lookup',
  'document.read',
  'staff.sign-in',
  'staff.password-change',
  'staff.create',
  'staff.roles',
  'staff.create-admin',
  'auth.sign-in',
  'auth.sign-out',
  'profile.create',
  'profile.update',
  'account.language.set',
  'account.payment-method.set-default',
  'account.payment-method.delete',
  'blob.upload',
  'session.create',
  'session.update',
  'session.cancel',
  'session.start',
  'session.end',
  'session.delay',
  'session.call-next',
  'session.queue.read',
  'appointment.book',
  'appointment.arrived',
  'appointment.noshow',
  'appointment.fulfilled',
  'order.list',
  'order.read',
  'order.read.live',
  'order.setCharge',
  'order.setEstimatedTime',
  'order.scheduleSampleCollection',
  'order.moveStatus',
  'order.cancel',
  'order.addNote',
  'order.attachDocument',
  'order.replace',
  'payment.cash',
  'video.call.connect',
  'video.call.disconnect',
  'video.patient.connect',
  'video.patient.disconnect',
  'video.communication.read',
  'labReport.list',
  'labReport.read',
  'labReport.create',
  'labReport.saveResults',
  'labReport.verify',
  'labReport.issue',
  'labReport.outsource',
  'labReport.correct',
  'labReport.settings',
  'chat.list',
  'chat.read',
  'chat.context',
  'chat.take',
  'chat.reply',
  'chat.close',
] as const;

/** Whether a value is one of the audited actions the filter offers (so its catalogue key is typed). */
const isAuditAction = (action: string): action is (typeof auditActions)[number] =>
  (auditActions as readonly string[]).includes(action);

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
      patientAccount: t('staff.audit.patientAccount'),
      patientAccountHint: t('staff.audit.patientAccountHint'),
      invalidPatientAccount: t('staff.audit.invalidPatientAccount'),
      onlyThisPatient: t('staff.audit.onlyThisPatient'),
      onlyThisPatientOf: (id: string) => t('staff.audit.onlyThisPatientOf', { id }),
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
      actionLabel: (action: string): string =>
        isAuditAction(action) ? t(`staff.audit.action.${action}`) : action,
    }),
    [t],
  );
}
