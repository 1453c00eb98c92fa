import { useStaffTranslate } from '@careline/i18n/staff';
import { useMemo } from 'react';

/** Texts of a session's queue screen, in the active language. */
export function useQueueMessages() {
  const t = useStaffTranslate();
  return useMemo(
    () => ({
      heading: t('staff.queue.heading'),
      documentTitle: t('staff.shell.documentTitle', { screen: t('staff.queue.heading') }),
      sessionOf: (doctor: string, specialty: string, time: string) => t('staff.queue.sessionOf', { doctor, specialty, time }),
      backToSessions: t('staff.queue.backToSessions'),
      loading: t('staff.queue.loading'),
      liveState: (state: 'connecting' | 'live' | 'reconnecting') => {
        switch (state) {
          case 'live':
            return t('staff.queue.live');
          case 'reconnecting':
            return t('staff.queue.reconnecting');
          case 'connecting':
            return t('staff.queue.connecting');
        }
      },
      nowSeeing: (token: number, name: string) => t('staff.queue.nowSeeing', { token, name }),
      next: (token: number, name: string) => t('staff.queue.next', { token, name }),
      nobodyWaiting: t('staff.queue.nobodyWaiting'),
      start: t('staff.queue.start'),
      callNext: t('staff.queue.callNext'),
      end: t('staff.queue.end'),
      done: t('staff.queue.done'),
      doneOf: (token: number) => t('staff.queue.doneOf', { token }),
      arrived: t('staff.queue.arrived'),
      arrivedOf: (token: number) => t('staff.queue.arrivedOf', { token }),
      noShow: t('staff.queue.noShow'),
      noShowOf: (token: number) => t('staff.queue.noShowOf', { token }),
      tableCaption: t('staff.queue.tableCaption'),
      token: t('staff.queue.token'),
      patient: t('staff.queue.patient'),
      status: t('staff.queue.status'),
      payment: t('staff.queue.payment'),
      actions: t('staff.queue.actions'),
      empty: t('staff.queue.empty'),
      sessionStatus: (status: string) => {
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
      appointmentStatus: (status: string) => {
        switch (status) {
          case 'arrived':
            return t('staff.queue.status.arrived');
          case 'fulfilled':
            return t('staff.queue.status.fulfilled');
          case 'noshow':
            return t('staff.queue.status.noshow');
          case 'cancelled':
            return t('staff.queue.status.cancelled');
          case 'entered_in_error':
            return t('staff.queue.status.entered_in_error');
          default:
            return t('staff.queue.status.booked');
        }
      },
      /** The payment column: the refund's state when one was asked for (issue 29 §1.6), else paid or pay at hospital. */
      paymentStatus: (status: string, refund: string | null) => {
        switch (refund ?? '') {
          case 'requested':
            return t('staff.queue.payment.refundRequested');
          case 'approved':
            return t('staff.queue.payment.refundApproved');
          case 'refunded':
            return t('staff.queue.payment.refunded');
          case 'rejected':
            return t('staff.queue.payment.refundRejected');
          default:
            return status === 'paid' ? t('staff.queue.payment.paid') : t('staff.queue.payment.pending');
        }
      },
      called: (token: number, name: string) => t('staff.queue.called', { token, name }),
      nobodyToCall: t('staff.queue.nobodyToCall'),
      updated: t('staff.queue.updated'),
      deskHeading: t('staff.queue.deskHeading'),
      deskIntro: t('staff.queue.deskIntro'),
      book: t('staff.queue.book'),
      bookFor: (name: string) => t('staff.queue.bookFor', { name }),
      booked: (name: string, token: number) => t('staff.queue.booked', { name, token }),
      delayHeading: t('staff.queue.delayHeading'),
      delayMinutes: t('staff.queue.delayMinutes'),
      delayHint: t('staff.queue.delayHint'),
      markDelay: t('staff.queue.markDelay'),
      delayed: (minutes: number) => t('staff.queue.delayed', { minutes }),
      delayMarked: (minutes: number) => t('staff.queue.delayMarked', { minutes }),
    }),
    [t],
  );
}
