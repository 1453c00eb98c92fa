import { useStaffTranslate } from '@careline/i18n/staff';
import { useMemo } from 'react';

/** Texts of the sessions screen, in the active language. */
export function useSessionsMessages() {
  const t = useStaffTranslate();
  return useMemo(
    () => ({
      heading: t('staff.sessions.heading'),
      documentTitle: t('staff.shell.documentTitle', { screen: t('staff.sessions.heading') }),
      intro: (hospital: string) => t('staff.sessions.intro', { hospital }),
      day: t('staff.sessions.day'),
      previousDay: t('staff.sessions.previousDay'),
      nextDay: t('staff.sessions.nextDay'),
      tableCaption: (hospital: string, day: string) => t('staff.sessions.tableCaption', { hospital, day }),
      time: t('staff.sessions.time'),
      doctor: t('staff.sessions.doctor'),
      specialty: t('staff.sessions.specialty'),
      room: t('staff.sessions.room'),
      chargingScheme: t('staff.sessions.chargingScheme'),
      noChargingScheme: t('staff.sessions.noChargingScheme'),
      chargingSchemeOption: (name: string, currency: string, total: string) =>
        t('staff.sessions.chargingSchemeOption', { name, currency, total }),
      mode: t('staff.sessions.mode'),
      booked: t('staff.sessions.booked'),
      bookedCount: (count: number, max: number) =>
        max === -1 ? t('staff.sessions.bookedUnlimited', { count }) : t('staff.sessions.bookedOf', { count, max }),
      status: t('staff.sessions.status'),
      actions: t('staff.sessions.actions'),
      modeLabel: (mode: string) => (mode === 'remote_presence_video_call' ? t('staff.sessions.videoCall') : t('staff.sessions.inPerson')),
      inPerson: t('staff.sessions.inPerson'),
      videoCall: t('staff.sessions.videoCall'),
      statusLabel: (status: string) => {
        switch (status) {
          case 'started':
            return t('staff.sessions.status.started');
          case 'completed':
            return t('staff.sessions.status.completed');
          case 'practitioner_canceled':
          case 'provider_aborted':
            return t('staff.sessions.status.cancelled');
          default:
            return t('staff.sessions.status.scheduled');
        }
      },
      openQueue: t('staff.sessions.openQueue'),
      openQueueOf: (doctor: string, time: string) => t('staff.sessions.openQueueOf', { doctor, time }),
      edit: t('staff.sessions.edit'),
      editOf: (doctor: string, time: string) => t('staff.sessions.editOf', { doctor, time }),
      cancelSession: t('staff.sessions.cancelSession'),
      cancelSessionOf: (doctor: string, time: string) => t('staff.sessions.cancelSessionOf', { doctor, time }),
      confirmCancelHeading: t('staff.sessions.confirmCancelHeading'),
      confirmCancelText: (doctor: string, time: string, count: number) =>
        t('staff.sessions.confirmCancelText', { doctor, time, count }),
      confirmCancel: t('staff.sessions.confirmCancel'),
      keepSession: t('staff.sessions.keepSession'),
      cancelled: (doctor: string) => t('staff.sessions.cancelled', { doctor }),
      none: t('staff.sessions.none'),
      loading: t('staff.sessions.loading'),
      newSession: t('staff.sessions.new'),
      newHeading: t('staff.sessions.newHeading'),
      editHeading: t('staff.sessions.editHeading'),
      chooseDoctor: t('staff.sessions.chooseDoctor'),
      date: t('staff.sessions.date'),
      startTime: t('staff.sessions.startTime'),
      endTime: t('staff.sessions.endTime'),
      capacity: t('staff.sessions.capacity'),
      capacityHint: t('staff.sessions.capacityHint'),
      enterCapacity: t('staff.sessions.enterCapacity'),
      enterDateTime: t('staff.sessions.enterDateTime'),
      save: t('staff.sessions.save'),
      create: t('staff.sessions.create'),
      close: t('staff.sessions.close'),
      saved: t('staff.sessions.saved'),
      bookingsPaused: t('staff.sessions.bookingsPaused'),
      tokenCheck: {
        heading: t('staff.sessions.tokenCheck.heading'),
        intro: (dataAsOf: string | null) =>
          dataAsOf === null ? t('staff.sessions.tokenCheck.introUnknown') : t('staff.sessions.tokenCheck.intro', { dataAsOf }),
        askStaff: t('staff.sessions.tokenCheck.askStaff'),
        caption: (hospital: string) => t('staff.sessions.tokenCheck.caption', { hospital }),
        when: t('staff.sessions.tokenCheck.when'),
        inSystem: t('staff.sessions.tokenCheck.inSystem'),
        highest: t('staff.sessions.tokenCheck.highest'),
        highestOf: (doctor: string, time: string) => t('staff.sessions.tokenCheck.highestOf', { doctor, time }),
        confirm: t('staff.sessions.tokenCheck.confirm'),
        confirmOf: (doctor: string, time: string) => t('staff.sessions.tokenCheck.confirmOf', { doctor, time }),
        enterNumber: (min: number) => t('staff.sessions.tokenCheck.enterNumber', { min }),
        confirmed: (doctor: string, time: string, next: number) => t('staff.sessions.tokenCheck.confirmed', { doctor, time, next }),
        confirmAll: (count: number) => t('staff.sessions.tokenCheck.confirmAll', { count }),
        confirmAllHeading: t('staff.sessions.tokenCheck.confirmAllHeading'),
        confirmAllText: (count: number) => t('staff.sessions.tokenCheck.confirmAllText', { count }),
        confirmAllYes: t('staff.sessions.tokenCheck.confirmAllYes'),
        goBack: t('staff.sessions.tokenCheck.goBack'),
        confirmedAll: (count: number) => t('staff.sessions.tokenCheck.confirmedAll', { count }),
      },
    }),
    [t],
  );
}
