import { ORDER_STATUSES, ORDER_CANCEL_REASONS, isOrderCategory, isOrderHistoryEvent } from '@careline/domain/orders';
import { useStaffTranslate } from '@careline/i18n/staff';
import { useMemo } from 'react';
import type { OrderQueue } from './order-rules.ts';

/** Whether a value is one of a list's, narrowing it to the list's type (so its catalogue key is typed). */
const known = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

const genders = ['male', 'female', 'other'] as const;
const paymentMethods = ['cash', 'card', 'genie'] as const;

/** Texts of the order screens, in the active language. */
export function useOrdersMessages() {
  const t = useStaffTranslate();
  return useMemo(() => {
    return {
      t,
      heading: t('staff.orders.heading'),
      documentTitle: (screen: string) => t('staff.shell.documentTitle', { screen }),
      intro: (hospital: string) => t('staff.orders.intro', { hospital }),
      queues: t('staff.orders.queues'),
      queue: (queue: OrderQueue) => t(`staff.orders.queue.${queue}`),
      category: t('staff.orders.category'),
      allCategories: t('staff.orders.category.all'),
      categoryName: (category: string) =>
        isOrderCategory(category) ? t(`staff.orders.category.${category}`) : category,
      // spec doc 3 §4: any unknown value is shown as-is.
      statusName: (status: string) => (known(ORDER_STATUSES, status) ? t(`staff.orders.status.${status}`) : status),
      cancelReasons: ORDER_CANCEL_REASONS,
      cancelReasonName: (reason: string) =>
        known(ORDER_CANCEL_REASONS, reason) ? t(`staff.orders.cancelReason.${reason}`) : reason,
      eventName: (event: string) => (isOrderHistoryEvent(event) ? t(`staff.orders.event.${event}`) : event),
      genderName: (gender: string) =>
        known(genders, gender) ? t(`staff.orders.gender.${gender}`) : gender,
      paymentName: (status: string) => (status === 'paid' ? t('staff.orders.payment.paid') : t('staff.orders.payment.pending')),
      paymentMethodName: (method: string) =>
        known(paymentMethods, method) ? t(`staff.orders.paymentMethod.${method}`) : method,
      placeName: (initiatedFor: string) =>
        initiatedFor === 'appointment' ? t('staff.orders.place.appointment') : t('staff.orders.place.homecare'),
      search: t('staff.orders.search'),
      searchHint: t('staff.orders.searchHint'),
      loading: t('staff.orders.loading'),
      loadFailed: (message: string) => t('staff.orders.loadFailed', { message }),
      retry: t('staff.orders.retry'),
      empty: t('staff.orders.empty'),
      emptySearch: (search: string) => t('staff.orders.emptySearch', { search }),
      tableCaption: (queue: string, count: number) => t('staff.orders.tableCaption', { queue, count }),
      colOrder: t('staff.orders.col.order'),
      colPatient: t('staff.orders.col.patient'),
      colCategory: t('staff.orders.col.category'),
      colStatus: t('staff.orders.col.status'),
      colRequested: t('staff.orders.col.requested'),
      colPayment: t('staff.orders.col.payment'),
      noNumber: t('staff.orders.noNumber'),
      openOrder: (identifier: string, name: string) => t('staff.orders.openOrder', { identifier, name }),
      loadMore: t('staff.orders.loadMore'),
      loadingMore: t('staff.orders.loadingMore'),
      patientReplied: t('staff.orders.patientReplied'),
      liveState: (state: 'connecting' | 'live' | 'reconnecting') => {
        switch (state) {
          case 'live':
            return t('staff.orders.live');
          case 'reconnecting':
            return t('staff.orders.reconnecting');
          case 'connecting':
            return t('staff.orders.connecting');
        }
      },
      announceAdded: (identifier: string, name: string) => t('staff.orders.announce.added', { identifier, name }),
      announceUpdated: (identifier: string) => t('staff.orders.announce.updated', { identifier }),
      announceLeft: (identifier: string, queue: string) => t('staff.orders.announce.left', { identifier, queue }),
      orderHeading: (identifier: string | null) =>
        identifier ? t('staff.orders.orderHeading', { identifier }) : t('staff.orders.orderHeadingNoNumber'),
      backToOrders: t('staff.orders.backToOrders'),
      loadingOrder: t('staff.orders.loadingOrder'),
      orderLoadFailed: (message: string) => t('staff.orders.orderLoadFailed', { message }),
      patientHeading: t('staff.orders.patientHeading'),
      name: t('staff.orders.name'),
      gender: t('staff.orders.gender'),
      age: t('staff.orders.age'),
      mobileNo: t('staff.orders.mobileNo'),
      patientNumber: t('staff.orders.patientNumber'),
      ageYears: (age: number) => t('staff.orders.ageYears', { age }),
      notGiven: t('staff.orders.notGiven'),
      detailsHeading: t('staff.orders.detailsHeading'),
      status: t('staff.orders.status'),
      requestedAt: t('staff.orders.requestedAt'),
      place: t('staff.orders.place'),
      address: t('staff.orders.address'),
      requestedDate: t('staff.orders.requestedDate'),
      chargingAmount: t('staff.orders.chargingAmount'),
      notSet: t('staff.orders.notSet'),
      paymentStatus: t('staff.orders.paymentStatus'),
      paymentOf: (status: string, method: string) => t('staff.orders.paymentOf', { status, method }),
      amount: (amount: string, currency: string) => t('staff.orders.amount', { amount, currency }),
      estimatedTime: t('staff.orders.estimatedTime'),
      sampleCollection: t('staff.orders.sampleCollection'),
      sampleCollectionOf: (name: string, time: string) => t('staff.orders.sampleCollectionOf', { name, time }),
      canceledReason: t('staff.orders.canceledReason'),
      additionalNote: t('staff.orders.additionalNote'),
      replacedBy: t('staff.orders.replacedBy'),
      openReplacement: t('staff.orders.openReplacement'),
      replaces: t('staff.orders.replaces'),
      openReplaced: t('staff.orders.openReplaced'),
      documentsHeading: t('staff.orders.documentsHeading'),
      noDocuments: t('staff.orders.noDocuments'),
      documentImage: (number: number) => t('staff.orders.documentImage', { number }),
      documentPdf: (number: number) => t('staff.orders.documentPdf', { number }),
      openImage: (name: string) => t('staff.orders.openImage', { name }),
      fromHospital: t('staff.orders.fromHospital'),
      fromPatient: t('staff.orders.fromPatient'),
      fileLoading: t('staff.orders.fileLoading'),
      fileLoadFailed: t('staff.orders.fileLoadFailed'),
      viewerTitle: (number: number, count: number) => t('staff.orders.viewerTitle', { number, count }),
      zoomIn: t('staff.orders.zoomIn'),
      zoomOut: t('staff.orders.zoomOut'),
      rotate: t('staff.orders.rotate'),
      resetView: t('staff.orders.resetView'),
      close: t('staff.orders.close'),
      previousImage: t('staff.orders.previousImage'),
      nextImage: t('staff.orders.nextImage'),
      viewerHelp: t('staff.orders.viewerHelp'),
      viewState: (percent: number, degrees: number) => t('staff.orders.viewState', { percent, degrees }),
      timelineHeading: t('staff.orders.timelineHeading'),
      timelineEmpty: t('staff.orders.timelineEmpty'),
      statusChange: (from: string, to: string) => t('staff.orders.statusChange', { from, to }),
      byActor: (reference: string) => {
        if (reference.startsWith('Patient/')) {
          return t('staff.orders.byPatient');
        }
        return reference.startsWith('User/') ? t('staff.orders.byHospital') : t('staff.orders.bySystem');
      },
      reason: (reason: string) => t('staff.orders.reason', { reason }),
      actionsHeading: t('staff.orders.actionsHeading'),
      noActions: t('staff.orders.noActions'),
      chargeHeading: t('staff.orders.charge.heading'),
      chargeLabel: (currency: string) => t('staff.orders.charge.label', { currency }),
      chargeHint: t('staff.orders.charge.hint'),
      chargeSubmit: t('staff.orders.charge.submit'),
      chargeDone: (amount: string, currency: string) => t('staff.orders.charge.done', { amount, currency }),
      cashHeading: t('staff.orders.cash.heading'),
      cashIntro: (amount: string, currency: string) => t('staff.orders.cash.intro', { amount, currency }),
      cashOtherMethod: (method: string, amount: string, currency: string) =>
        t('staff.orders.cash.otherMethod', { method, amount, currency }),
      cashSubmit: (amount: string, currency: string) => t('staff.orders.cash.submit', { amount, currency }),
      cashDone: (receipt: string) => t('staff.orders.cash.done', { receipt }),
      cashReceiptHeading: t('staff.orders.cash.receiptHeading'),
      cashReceiptNumber: t('staff.orders.cash.receiptNumber'),
      cashTotal: t('staff.orders.cash.total'),
      cashPaidAt: t('staff.orders.cash.paidAt'),
      cashCashier: t('staff.orders.cash.cashier'),
      estimatedHeading: t('staff.orders.estimated.heading'),
      date: t('staff.orders.date'),
      time: t('staff.orders.time'),
      enterDateTime: t('staff.orders.enterDateTime'),
      estimatedSubmit: t('staff.orders.estimated.submit'),
      estimatedDone: t('staff.orders.estimated.done'),
      sampleHeading: t('staff.orders.sample.heading'),
      sampleCollector: t('staff.orders.sample.collector'),
      sampleSubmit: t('staff.orders.sample.submit'),
      sampleDone: (name: string) => t('staff.orders.sample.done', { name }),
      moveHeading: t('staff.orders.move.heading'),
      moveTo: (status: string) => t('staff.orders.move.to', { status }),
      moveDone: (status: string) => t('staff.orders.move.done', { status }),
      moveBlocked: (status: string, reason: string) => t('staff.orders.move.blocked', { status, reason }),
      moveFirstHere: (panel: string) => t('staff.orders.move.firstHere', { panel }),
      moveFirstPayment: t('staff.orders.move.firstPayment'),
      moveFirstSchedule: t('staff.orders.move.firstSchedule'),
      cancelHeading: t('staff.orders.cancel.heading'),
      cancelReason: t('staff.orders.cancel.reason'),
      chooseReason: t('staff.orders.cancel.chooseReason'),
      cancelSubmit: t('staff.orders.cancel.submit'),
      cancelConfirmHeading: t('staff.orders.cancel.confirmHeading'),
      cancelConfirmText: (reason: string) => t('staff.orders.cancel.confirmText', { reason }),
      cancelConfirm: t('staff.orders.cancel.confirm'),
      keep: t('staff.orders.keep'),
      cancelDone: t('staff.orders.cancel.done'),
      replaceHeading: t('staff.orders.replace.heading'),
      replaceIntro: t('staff.orders.replace.intro'),
      replaceNote: t('staff.orders.replace.note'),
      replaceSubmit: t('staff.orders.replace.submit'),
      replaceConfirmHeading: t('staff.orders.replace.confirmHeading'),
      replaceConfirmText: t('staff.orders.replace.confirmText'),
      replaceConfirm: t('staff.orders.replace.confirm'),
      replaceDone: t('staff.orders.replace.done'),
      attachHeading: t('staff.orders.attach.heading'),
      attachFile: (limit: string) => t('staff.orders.attach.file', { limit }),
      attachDescription: t('staff.orders.attach.description'),
      attachDescriptionHint: t('staff.orders.attach.descriptionHint'),
      attachSubmit: t('staff.orders.attach.submit'),
      attachChooseFile: t('staff.orders.attach.chooseFile'),
      attachDone: t('staff.orders.attach.done'),
      uploading: t('staff.orders.uploading'),
      notesHeading: t('staff.orders.notes.heading'),
      notesEmpty: t('staff.orders.notes.empty'),
      notesPatient: t('staff.orders.notes.patient'),
      notesHospital: t('staff.orders.notes.hospital'),
      notesBy: (author: string, time: string) => t('staff.orders.notes.by', { author, time }),
      notesText: t('staff.orders.notes.text'),
      notesAttachment: t('staff.orders.notes.attachment'),
      notesAttachmentLine: t('staff.orders.notes.attachmentLine'),
      notesReply: t('staff.orders.notes.reply'),
      notesClosed: t('staff.orders.notes.closed'),
      notesDone: t('staff.orders.notes.done'),
      conflict: t('staff.orders.conflict'),
    };
  }, [t]);
}

/** The order screens' texts. */
export type OrdersMessages = ReturnType<typeof useOrdersMessages>;
