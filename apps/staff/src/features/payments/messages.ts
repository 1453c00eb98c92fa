import { useStaffTranslate } from '@careline/i18n/staff';
import { useMemo } from 'react';

/** Texts of the payments screen (cash desk, day's payments, refunds, reconciliation), in the active language. */
export function usePaymentsMessages() {
  const t = useStaffTranslate();
  return useMemo(
    () => ({
      heading: t('staff.payments.heading'),
      documentTitle: t('staff.shell.documentTitle', { screen: t('staff.payments.heading') }),
      intro: (hospital: string) => t('staff.payments.intro', { hospital }),
      day: t('staff.payments.day'),
      previousDay: t('staff.payments.previousDay'),
      nextDay: t('staff.payments.nextDay'),
      loading: t('staff.payments.loading'),
      amountOf: (amount: string, currency: string) => t('staff.payments.amountOf', { amount, currency }),
      // The day's payments
      dayHeading: t('staff.payments.dayHeading'),
      dayCaption: (day: string) => t('staff.payments.dayCaption', { day }),
      dayEmpty: t('staff.payments.dayEmpty'),
      totalsHeading: t('staff.payments.totalsHeading'),
      totalOf: (gateway: string, count: number, amount: string) => t('staff.payments.totalOf', { gateway, count, amount }),
      time: t('staff.payments.time'),
      patient: t('staff.payments.patient'),
      token: t('staff.payments.token'),
      gateway: t('staff.payments.gateway'),
      reference: t('staff.payments.reference'),
      status: t('staff.payments.status'),
      amount: t('staff.payments.amount'),
      gatewayName: (gateway: string) => {
        switch (gateway) {
          case 'cash':
            return t('staff.payments.gateway.cash');
          case 'cyberSource':
            return t('staff.payments.gateway.card');
          default:
            return gateway;
        }
      },
      paymentStatus: (status: string) => {
        switch (status) {
          case 'ACCEPT':
            return t('staff.payments.paymentStatus.success');
          case 'REVIEW':
            return t('staff.payments.paymentStatus.pending');
          default:
            return t('staff.payments.paymentStatus.failed');
        }
      },
      // The cash desk
      cashHeading: t('staff.payments.cashHeading'),
      session: t('staff.payments.session'),
      chooseSession: t('staff.payments.chooseSession'),
      sessionOption: (time: string, doctor: string) => t('staff.payments.sessionOption', { time, doctor }),
      cashEmpty: t('staff.payments.cashEmpty'),
      cashCaption: t('staff.payments.cashCaption'),
      takeCash: t('staff.payments.takeCash'),
      nothingToPay: t('staff.payments.nothingToPay'),
      takeCashOf: (token: number, name: string) => t('staff.payments.takeCashOf', { token, name }),
      confirmCashHeading: t('staff.payments.confirmCashHeading'),
      confirmCashText: (token: number, name: string) => t('staff.payments.confirmCashText', { token, name }),
      confirm: t('staff.payments.confirm'),
      cancel: t('staff.payments.cancel'),
      // The receipt
      receiptHeading: t('staff.payments.receiptHeading'),
      receiptNumber: t('staff.payments.receiptNumber'),
      receiptPatient: t('staff.payments.receiptPatient'),
      receiptToken: t('staff.payments.receiptToken'),
      receiptDoctor: t('staff.payments.receiptDoctor'),
      receiptPaidAt: t('staff.payments.receiptPaidAt'),
      receiptCashier: t('staff.payments.receiptCashier'),
      receiptItem: t('staff.payments.receiptItem'),
      receiptTotal: t('staff.payments.receiptTotal'),
      print: t('staff.payments.print'),
      closeReceipt: t('staff.payments.closeReceipt'),
      // Refunds
      refundsHeading: t('staff.payments.refundsHeading'),
      refundsFilter: t('staff.payments.refundsFilter'),
      refundStatus: (status: string) => {
        switch (status) {
          case 'approved':
            return t('staff.payments.refund.approved');
          case 'refunded':
            return t('staff.payments.refund.refunded');
          case 'rejected':
            return t('staff.payments.refund.rejected');
          case 'requested':
            return t('staff.payments.refund.requested');
          default:
            return t('staff.payments.refund.all');
        }
      },
      refundsEmpty: t('staff.payments.refundsEmpty'),
      refundOf: (token: number, name: string) => t('staff.payments.refundOf', { token, name }),
      reasons: t('staff.payments.reasons'),
      refundable: t('staff.payments.refundable'),
      paid: t('staff.payments.paid'),
      notPaid: t('staff.payments.notPaid'),
      excluded: t('staff.payments.excluded'),
      refundError: (message: string) => t('staff.payments.refundError', { message }),
      remarks: t('staff.payments.remarks'),
      approveAtHospital: t('staff.payments.approveAtHospital'),
      refundToCard: t('staff.payments.refundToCard'),
      retryRefund: t('staff.payments.retryRefund'),
      reject: t('staff.payments.reject'),
      confirmDecisionHeading: (decision: 'APPROVE_AT_HOSPITAL' | 'REFUND_TO_CARD' | 'REJECT') => {
        switch (decision) {
          case 'APPROVE_AT_HOSPITAL':
            return t('staff.payments.confirmApproveHeading');
          case 'REFUND_TO_CARD':
            return t('staff.payments.confirmCardHeading');
          case 'REJECT':
            return t('staff.payments.confirmRejectHeading');
        }
      },
      confirmDecisionText: (name: string, amount: string) => t('staff.payments.confirmDecisionText', { name, amount }),
      decided: (status: string) => t('staff.payments.decided', { status }),
      // Reconciliation
      reconcileHeading: t('staff.payments.reconcileHeading'),
      reconcileEmpty: t('staff.payments.reconcileEmpty'),
      eventKind: (kind: string) =>
        kind === 'second_capture' ? t('staff.payments.secondCapture') : t('staff.payments.notificationOnly'),
      transaction: t('staff.payments.transaction'),
      reconcile: t('staff.payments.reconcile'),
      reconcileOf: (transaction: string) => t('staff.payments.reconcileOf', { transaction }),
      confirmReconcileHeading: t('staff.payments.confirmReconcileHeading'),
      confirmReconcileText: (transaction: string) => t('staff.payments.confirmReconcileText', { transaction }),
      reconciled: t('staff.payments.reconciled'),
    }),
    [t],
  );
}
