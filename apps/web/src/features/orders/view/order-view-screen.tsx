import type { ComponentType } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import {
  isOrderPaymentEnabled,
  orderDetailDisplay,
  orderSpecialPanels,
  orderTracker,
  orderViewRedirect,
  requestChangeBlock,
} from '@careline/domain/orders';
import { useOrdersTranslate } from '@careline/i18n/orders';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { errorCodes } from '../../../lib/graphql';
import { useSession } from '../../../lib/session';
import { useTenant } from '../../../lib/tenant';
import type { OrderPaymentSlot, OrderRelationshipPickerProps } from '../order-slots.ts';
import { OrderDocuments } from './order-documents.tsx';
import { AdmissionPaymentHistory, OrderCallLink } from './order-extras.tsx';
import { ChangeAddressModal, ChangeRequestModal } from './order-modals.tsx';
import { OrderNotes } from './order-notes.tsx';
import { OrderReports, OrderTimeline, OrderTrackerView } from './order-tracker.tsx';
import { orderDetailItems, orderFacts, orderState, requestedDate } from './order-view-model.ts';
import {
  OrderEndBanner,
  OrderEstimate,
  OrderItemsCard,
  OrderPanels,
  OrderPlaceCard,
  OrderRequestedFor,
  OrderSampleCollection,
  OrderViewHeader,
  OrderViewTitle,
  paymentSlotOrder,
} from './order-view-sections.tsx';
import { useNoteAttachments } from './hooks/use-note-attachments.ts';
import { useOrderAppend } from './hooks/use-order-append.ts';
import { useOrderChanges } from './hooks/use-order-changes.ts';
import { useOrderFirstLook } from './hooks/use-order-first-look.ts';
import { useOrderHospitalName } from './hooks/use-order-hospital-name.ts';
import { useOrderNote } from './hooks/use-order-note.ts';
import { useOrderSeenStamp } from './hooks/use-order-seen-stamp.ts';
import { useOrderViewData } from './hooks/use-order-view-data.ts';
import { useRelationshipPrompt } from './hooks/use-relationship-prompt.ts';
import './order-view.css';

export type { OrderViewNavigationState } from './hooks/use-relationship-prompt.ts';

export type OrderViewScreenProps = {
  /** The relationship modal of features/profiles, for the prompt after creation (spec doc 3 §2). */
  RelationshipPicker?: ComponentType<OrderRelationshipPickerProps>;
  /** The payment block of features/payments: invoice, payment method line, pay buttons, terms link. */
  paymentSlot?: OrderPaymentSlot;
};

/**
 * /order/view?orderId=…: the order detail screen (spec doc 3 §2 Order detail screen), live (§7
 * Subscriptions), with its notes (§7 Notes block behaviour), modals and redirects: another account's
 * order goes to /accessDenied, a replaced one to its replacement. Viewing stamps heartbeatLinkSeen
 * once and heartbeatLastSeen (§4 Other transitions).
 */
export function OrderViewScreen({ RelationshipPicker, paymentSlot }: OrderViewScreenProps) {
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get('orderId') ?? '';
  // Keyed on the order: a redirect to the replacement starts afresh (seen stamps, prompt, modals).
  return <OrderView key={orderId} orderId={orderId} RelationshipPicker={RelationshipPicker} paymentSlot={paymentSlot} />;
}

function OrderView({ orderId, RelationshipPicker, paymentSlot }: OrderViewScreenProps & { orderId: string }) {
  const t = useOrdersTranslate();
  const toast = useToast();
  const tenant = useTenant();
  const session = useSession();
  const { error, order, refetch } = useOrderViewData(orderId);
  const hospitalName = useOrderHospitalName(order?.organizationId);
  const firstLook = useOrderFirstLook(order);

  const accountPatientIds = session.account?.patientList.map((patient) => patient.id) ?? [];
  const redirect = order ? orderViewRedirect({ patientId: order.patientId, replacedBy: order.replacedBy ?? null }, accountPatientIds) : null;
  useOrderSeenStamp(order, redirect);

  const patient = order ? (session.account?.patients[order.patientId] ?? null) : null;
  const prompt = useRelationshipPrompt({ order, patient, redirect, firstLook });
  const changes = useOrderChanges(order, refetch);
  const { append, latestOrder } = useOrderAppend(order, refetch);
  const sendNote = useOrderNote(append, latestOrder);
  const { attachPhoto, attachState, retryAttach } = useNoteAttachments(append, latestOrder, order?.patientId ?? null);

  const loadingText = t('orders.view.text.loadingOrder');

  if (orderId === '') {
    return <Navigate to="/accessDenied" replace />;
  }
  if (!order) {
    if (error) {
      // spec doc 3 §2: an order whose patient is not one of the account's profiles → /accessDenied
      // (the server answers it like a missing one, ARO-E2001).
      if (errorCodes(error).includes('ARO-E2001')) {
        return <Navigate to="/accessDenied" replace />;
      }
      return (
        <section className="screen order-view" aria-labelledby="order-view-title">
          <OrderViewTitle title={loadingText} />
          <div className="order-card" role="alert">
            <p>{t('orders.view.loadFailed')}</p>
            <Button variant="secondary" onClick={refetch}>
              {t('orders.view.tryAgain')}
            </Button>
          </div>
        </section>
      );
    }
    return (
      <section className="screen order-view" aria-labelledby="order-view-title" aria-busy="true">
        <OrderViewTitle title={loadingText} />
        <p className="visually-hidden" role="status">
          {loadingText}
        </p>
        <div className="order-skeleton order-skeleton--header" aria-hidden="true" />
        <div className="order-skeleton" aria-hidden="true" />
        <div className="order-skeleton" aria-hidden="true" />
      </section>
    );
  }
  if (redirect !== null) {
    return <Navigate to={redirect} replace />;
  }
  const facts = orderFacts(order);
  if (!facts) {
    return <Navigate to="/accessDenied" replace />;
  }

  const { category } = facts;
  const display = orderDetailDisplay({
    category,
    status: facts.status,
    initiatedFor: facts.initiatedFor,
    paymentStatus: facts.paymentStatus,
    paymentMethod: facts.paymentMethod,
    chargingAmountMinor: facts.chargingAmountMinor,
    estimatedTime: order.medicationOrderEstimatedTime ?? null,
    sampleCollection: facts.sampleCollection,
    orderDetailCount: facts.orderDetailCount,
    paymentEnabled: isOrderPaymentEnabled(tenant.features, category),
    termsEnabled: tenant.features.paymentTermsAndConditions.enabled,
    // The payment block prepares the invoice itself; here only whether one is due matters.
    invoicePrepared: false,
    invoiceLineTotalMinor: 0,
  });
  const tracker = orderTracker({
    category,
    status: facts.status,
    paymentStatus: facts.paymentStatus,
    documentCount: order.documents.length,
    sampleCollection: facts.sampleCollection,
    // The issued report of a lab order (issue 30 §1): Testing and Report follow it.
    summaryStatus: order.diagnosticReports[0]?.summaryStatus ?? null,
  });
  const state = orderState(order, facts);
  const categoryLabel = category === 'Finance' ? t('orders.view.text.admission') : t(`orders.view.category.${category}`);
  const title = category === 'Finance' ? t('orders.view.text.admission') : t('orders.view.text.categoryOrder', { category: categoryLabel });
  const items = orderDetailItems(order.orderDetail);
  const panels = orderSpecialPanels({
    category,
    status: facts.status,
    initiatedFrom: order.serviceRequestInitiatedFrom,
    initiatedFor: facts.initiatedFor,
    communicationStatus: facts.communicationStatus,
    paymentStatus: facts.paymentStatus,
    paymentMethod: facts.paymentMethod,
  });

  return (
    <section className="screen order-view" aria-labelledby="order-view-title">
      {/* 'Payment success' (?paymentStatus=Success) is the payment block's: it shows it once the gateway's
          answer is recorded, so a hand-made address never claims a payment. */}
      <OrderViewHeader title={title} order={order} facts={facts} hospitalName={hospitalName} />

      {display.endBanner ? <OrderEndBanner banner={display.endBanner} order={order} facts={facts} categoryLabel={categoryLabel} /> : null}

      {patient ? <OrderRequestedFor patient={patient} /> : null}

      <OrderPanels panels={panels} />

      {display.sampleCollectionBox ? <OrderSampleCollection box={display.sampleCollectionBox} /> : null}

      <OrderPlaceCard
        display={display}
        facts={facts}
        requested={requestedDate(order, category)}
        canChangeAddress={requestChangeBlock(state, 'address') === null}
        canChangeRequest={requestChangeBlock(state, 'initiatedFor') === null}
        onChangeAddress={() => changes.setModal('address')}
        onChangeRequest={() => changes.setModal('request')}
      />

      {items.length > 0 ? (
        <OrderItemsCard items={items} itemListLabel={display.itemListLabel} category={category} additionalNote={order.additionalNote} />
      ) : null}

      <OrderTrackerView tracker={tracker} />

      <OrderReports patientId={order.patientId} reports={order.diagnosticReports} />

      {display.showEstimatedTime && order.medicationOrderEstimatedTime ? <OrderEstimate time={order.medicationOrderEstimatedTime} /> : null}

      {/* Slot: the invoice block (charge above 0), the payment method line, the pay buttons and the terms
          link (features/payments), which decides which of them the order's state shows. */}
      {paymentSlot ? paymentSlot(paymentSlotOrder(order), refetch) : null}

      {display.showAdmissionPaymentHistory ? <AdmissionPaymentHistory orderId={order.id} /> : null}

      <OrderDocuments documents={order.documents} />

      {display.showNotes ? (
        <OrderNotes
          notes={order.note}
          orderLoaded
          seenSince={firstLook.current?.lastSeen ?? null}
          attachments={order.documents.filter((document) => Date.parse(document.createdTime) > Date.parse(order.createdTime))}
          onAttach={attachPhoto}
          attachState={attachState}
          onRetryAttach={retryAttach}
          onSend={async (text) => {
            const refusal = await sendNote(text);
            if (refusal === null) {
              toast.show(t('orders.view.notes.sent'), 'success');
            }
            return refusal;
          }}
        />
      ) : null}

      <OrderTimeline events={order.events} />

      <div className="order-view__actions">
        <OrderCallLink organizationId={order.organizationId ?? null} hospitalName={hospitalName} category={category} />
      </div>

      <ChangeAddressModal
        open={changes.modal === 'address'}
        saved={facts.address}
        onClose={() => changes.setModal(null)}
        onSave={changes.saveAddress}
      />
      <ChangeRequestModal
        open={changes.modal === 'request'}
        current={facts.initiatedFor}
        address={facts.address}
        onClose={() => changes.setModal(null)}
        onSave={changes.saveRequest}
      />
      {RelationshipPicker && patient ? (
        <RelationshipPicker open={prompt.open} classifyingId={patient.id} onSelect={prompt.close} onClose={prompt.close} />
      ) : null}
    </section>
  );
}
