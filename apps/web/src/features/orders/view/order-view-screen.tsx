import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { useClient, useMutation, useQuery, useSubscription } from 'urql';
import {
  ORDER_CANCEL_REASONS,
  isIgnoredLiveUpdate,
  isOrderPaymentEnabled,
  orderCreateRoute,
  orderDetailDisplay,
  orderSeenPatch,
  orderSpecialPanels,
  orderTracker,
  orderViewRedirect,
  requestChangeBlock,
  shouldPromptRelationship,
  type OrderAddress,
  type OrderCancelReason,
  type OrderSpecialPanel,
} from '@careline/domain/orders';
import { useLingui } from '@careline/i18n/react';
import { useOrdersTranslate, type OrdersMessageId } from '@careline/i18n/orders';
import { Button } from '../../../components/button.tsx';
import { useToast } from '../../../components/toast.tsx';
import { errorCodes, errorText } from '../../../lib/graphql';
import { useSession } from '../../../lib/session';
import { useTenant } from '../../../lib/tenant';
import type { OrderPaymentSlot, OrderRelationshipPickerProps } from '../order-slots.ts';
import { OrderDocuments } from './order-documents.tsx';
import { AdmissionPaymentHistory, OrderCallLink } from './order-extras.tsx';
import { ChangeAddressModal, ChangeRequestModal } from './order-modals.tsx';
import { OrderNotes } from './order-notes.tsx';
import { OrderTimeline, OrderTrackerView, statusKey } from './order-tracker.tsx';
import { isUploadWorking } from '../shared/upload-queue.ts';
import { useOrderUploads } from '../shared/use-order-uploads.ts';
import { noteUploadDeps } from './order-upload.ts';
import {
  createNoteDocumentMutation,
  orderChangedSubscription,
  orderOrganizationsQuery,
  orderViewQuery,
  patchOrderMutation,
  type OrderViewData,
} from './order-view-documents.ts';
import {
  clockTime,
  dayLabel,
  longDateTime,
  orderDetailItems,
  orderFacts,
  orderState,
  orderTextKey,
  relationshipPromptDelay,
  requestedDate,
} from './order-view-model.ts';
import { CategoryIcon } from './category-icon.tsx';
import { ageLabelText, personValueText } from './person-texts.ts';
import './order-view.css';

export type OrderViewScreenProps = {
  /** The relationship modal of features/profiles, for the prompt after creation (spec doc 3 §2). */
  RelationshipPicker?: ComponentType<OrderRelationshipPickerProps>;
  /** The payment block of features/payments: invoice, payment method line, pay buttons, terms link. */
  paymentSlot?: OrderPaymentSlot;
};

/** What the creation screen may pass in the navigation state: the order was just created. */
export type OrderViewNavigationState = { orderCreated?: boolean } | null;

type PatchInput = {
  addressLineOne?: string;
  addressLineTwo?: string;
  addressLineThree?: string;
  addressCity?: string;
  serviceRequestInitiatedFor?: string;
  note?: string;
  heartbeatLinkSeen?: boolean;
  timeStampKey?: string;
  documentReferenceIds?: string[];
};

/**
 * One append to the order (a note, an attached photo) and how it was sent: a retry after no answer
 * sends the same key and version (the server answers the first result again, nothing twice).
 */
type AppendAttempt = { key: string; expectedVersion: number };

/** An attached photo's patch: sending, or failed with its 'CODE:message' ('' for no answer). */
type AttachPatch = AppendAttempt & { state: 'sending' | 'failed'; error: string };

function isCancelReason(reason: string): reason is OrderCancelReason {
  return (ORDER_CANCEL_REASONS as readonly string[]).includes(reason);
}

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}

/** A special panel's words (ours: spec doc 3 names the panels, not their texts). */
function panelTexts(panel: OrderSpecialPanel): OrdersMessageId[] {
  switch (panel.kind) {
    case 'nurseApp':
      return ['orders.view.panel.nurseApp'];
    case 'admissionPayment':
      return ['orders.view.panel.admissionPayment'];
    case 'medicationConfirming':
      return [
        panel.waitingFor === 'patient' ? 'orders.view.panel.waitingForPatient' : 'orders.view.panel.waitingForHospital',
        panel.payment === 'paid'
          ? 'orders.view.panel.paid'
          : panel.payment === 'cashOnDelivery'
            ? 'orders.view.text.cashOnDelivery'
            : 'orders.view.panel.paymentPending',
      ];
    case 'medicationDelivery':
      return [panel.mode === 'collectAtHospital' ? 'orders.view.panel.collectAtHospital' : 'orders.view.panel.deliverToHome'];
  }
}

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
  const { i18n } = useLingui();
  const toast = useToast();
  const tenant = useTenant();
  const session = useSession();
  const location = useLocation();
  const [result, reexecute] = useQuery({
    query: orderViewQuery,
    variables: { id: orderId },
    pause: orderId === '',
    requestPolicy: 'cache-and-network',
  });
  const [organizations] = useQuery({ query: orderOrganizationsQuery, requestPolicy: 'cache-first' });
  const [, patchOrder] = useMutation(patchOrderMutation);
  const [, createNoteDocument] = useMutation(createNoteDocumentMutation);
  const order: OrderViewData | null = result.data?.serviceRequest ?? null;
  const refetch = useCallback(() => reexecute({ requestPolicy: 'network-only' }), [reexecute]);

  // spec doc 3 §7 Subscriptions: a change of this order reads it again; reflex_order updates are ignored (§4).
  useSubscription(
    { query: orderChangedSubscription, variables: { patientId: order ? [order.patientId] : [] }, pause: order === null },
    (_previous, event) => {
      const changed = event.subscribeServiceRequest;
      if (changed.id === orderId && !isIgnoredLiveUpdate(changed.intent)) {
        refetch();
      }
      return event;
    },
  );

  // What the first answer said, before this visit's own stamps change it: the notes' unread baseline
  // and whether the order had been opened before (for the relationship prompt).
  const firstLook = useRef<{ lastSeen: string | null; linkSeen: boolean } | null>(null);
  if (order && firstLook.current === null) {
    firstLook.current = { lastSeen: order.heartbeatLastSeen ?? null, linkSeen: order.heartbeatLinkSeen };
  }

  const accountPatientIds = session.account?.patientList.map((patient) => patient.id) ?? [];
  const redirect = order ? orderViewRedirect({ patientId: order.patientId, replacedBy: order.replacedBy ?? null }, accountPatientIds) : null;

  // spec doc 3 §4: viewing marks heartbeatLinkSeen once and records heartbeatLastSeen.
  const stamped = useRef(false);
  useEffect(() => {
    if (!order || redirect !== null || stamped.current) {
      return;
    }
    stamped.current = true;
    const seen = orderSeenPatch(order.heartbeatLinkSeen, new Date());
    void patchOrder({
      id: order.id,
      expectedVersion: order.version,
      input: { ...(seen.heartbeatLinkSeen ? { heartbeatLinkSeen: true } : {}), timeStampKey: 'heartbeatLastSeen' },
    });
  }, [order, redirect, patchOrder]);

  // spec doc 3 §2, §9: the relationship prompt 5000 ms after creation when the profile has none.
  const patient = order ? (session.account?.patients[order.patientId] ?? null) : null;
  const [promptOpen, setPromptOpen] = useState(false);
  // Decided once, on the first answer: the order object is replaced by every refetch (this visit's own
  // stamps, live updates), so the timer lives in a ref and only leaving the screen clears it.
  const promptDecided = useRef(false);
  const promptTimer = useRef<number | null>(null);
  useEffect(() => {
    if (!order || !patient || redirect !== null || promptDecided.current || !firstLook.current) {
      return;
    }
    promptDecided.current = true;
    if (!shouldPromptRelationship(patient.relationship)) {
      return;
    }
    const delay = relationshipPromptDelay({
      createdNow: (location.state as OrderViewNavigationState)?.orderCreated === true,
      createdTime: order.createdTime,
      heartbeatLinkSeen: firstLook.current.linkSeen,
      now: Date.now(),
    });
    if (delay !== null) {
      promptTimer.current = window.setTimeout(() => setPromptOpen(true), delay);
    }
  }, [order, patient, redirect, location.state]);
  useEffect(
    () => () => {
      if (promptTimer.current !== null) {
        window.clearTimeout(promptTimer.current);
        promptTimer.current = null;
      }
      // A remount (StrictMode's check in development) decides again, with the time then left.
      promptDecided.current = false;
    },
    [],
  );

  const [modal, setModal] = useState<'address' | 'request' | null>(null);

  // Notes and photos only add to the order: another change meanwhile (a staff action bumps the
  // version, ARO-E6002) does not conflict with them, so the order is read again and the append sent
  // once more with the new version.
  const client = useClient();
  const latestOrder = useRef(order);
  latestOrder.current = order;
  const append = useCallback(
    async (input: PatchInput, attempt: AppendAttempt): Promise<string | null> => {
      const current = latestOrder.current;
      if (!current) {
        return null;
      }
      const send = () => patchOrder({ id: current.id, expectedVersion: attempt.expectedVersion, input, idempotencyKey: attempt.key });
      let answer = await send();
      if (answer.error && errorCodes(answer.error).includes('ARO-E6002')) {
        const fresh = await client.query(orderViewQuery, { id: current.id }, { requestPolicy: 'network-only' }).toPromise();
        const version = fresh.data?.serviceRequest?.version;
        if (typeof version === 'number') {
          // The refused call changed nothing: a new key for the new version.
          attempt.expectedVersion = version;
          attempt.key = newKey();
          answer = await send();
        }
      }
      if (answer.error) {
        if (errorCodes(answer.error).includes('ARO-E6002')) {
          refetch();
        }
        return errorText(answer.error);
      }
      refetch();
      return null;
    },
    [client, patchOrder, refetch],
  );

  // A note sent again after a failure (the same text) is the same attempt.
  const noteAttempt = useRef<(AppendAttempt & { text: string }) | null>(null);
  const sendNote = useCallback(
    async (text: string): Promise<string | null> => {
      const current = latestOrder.current;
      if (!current) {
        return null;
      }
      if (noteAttempt.current?.text !== text) {
        noteAttempt.current = { text, key: newKey(), expectedVersion: current.version };
      }
      const refusal = await append({ note: text }, noteAttempt.current);
      if (refusal === null) {
        noteAttempt.current = null;
      }
      return refusal;
    },
    [append],
  );

  // spec doc 3 §4 Creation flow, for a photo sent later: compressed, uploaded, a document record (the
  // creation screen's uploader: backoff, offline wait, kept blob id and document key), then the
  // order's patch, whose key and version are kept per photo too.
  const noteDeps = useMemo(
    () =>
      noteUploadDeps(async (args) => {
        const answer = await createNoteDocument(args);
        return { data: answer.data ?? null, error: answer.error };
      }),
    [createNoteDocument],
  );
  const noteUploads = useOrderUploads({ token: session.accessToken, patientId: order?.patientId ?? null, deps: noteDeps });
  const { remove: removeNoteUpload, retry: retryNoteUpload } = noteUploads;
  const [attachPatches, setAttachPatches] = useState<Record<string, AttachPatch>>({});
  const attachStarted = useRef(new Set<string>());
  const attachDocument = useCallback(
    async (uploadId: string, documentId: string, attempt: AppendAttempt) => {
      setAttachPatches((previous) => ({ ...previous, [uploadId]: { ...attempt, state: 'sending', error: '' } }));
      const refusal = await append({ documentReferenceIds: [documentId] }, attempt);
      if (refusal === null) {
        attachStarted.current.delete(uploadId);
        removeNoteUpload(uploadId);
        setAttachPatches((previous) => Object.fromEntries(Object.entries(previous).filter(([id]) => id !== uploadId)));
        return;
      }
      setAttachPatches((previous) => ({ ...previous, [uploadId]: { ...attempt, state: 'failed', error: `:${refusal}` } }));
    },
    [append, removeNoteUpload],
  );
  useEffect(() => {
    const current = latestOrder.current;
    for (const item of noteUploads.items) {
      if (item.status === 'done' && item.documentId && current && !attachStarted.current.has(item.id)) {
        attachStarted.current.add(item.id);
        void attachDocument(item.id, item.documentId, { key: newKey(), expectedVersion: current.version });
      }
    }
  }, [noteUploads.items, attachDocument]);
  const failedPatches = Object.entries(attachPatches).filter(([, attached]) => attached.state === 'failed');
  const refusedUpload = noteUploads.items.find((item) => item.status === 'refused');
  const failedUploads = noteUploads.items.filter((item) => item.status === 'failed');
  const attachState = {
    working: noteUploads.items.some(
      (item) => isUploadWorking(item) || (item.status === 'done' && attachPatches[item.id]?.state !== 'failed'),
    ),
    error: refusedUpload ? (refusedUpload.refusal ?? '') : failedUploads.length > 0 ? '' : (failedPatches[0]?.[1].error ?? null),
    canRetry: failedUploads.length > 0 || failedPatches.length > 0,
  };
  const attachPhoto = useCallback(
    (file: File) => {
      // A refused file is done with; a failed one stays for Retry.
      for (const item of noteUploads.items) {
        if (item.status === 'refused') {
          removeNoteUpload(item.id);
        }
      }
      void noteUploads.add([file]);
    },
    [noteUploads, removeNoteUpload],
  );
  const retryAttach = useCallback(() => {
    for (const item of failedUploads) {
      retryNoteUpload(item.id);
    }
    for (const [uploadId, attached] of failedPatches) {
      const documentId = noteUploads.items.find((item) => item.id === uploadId)?.documentId;
      if (documentId) {
        void attachDocument(uploadId, documentId, { key: attached.key, expectedVersion: attached.expectedVersion });
      }
    }
  }, [failedUploads, failedPatches, noteUploads.items, retryNoteUpload, attachDocument]);

  const patch = useCallback(
    async (input: PatchInput): Promise<string | null> => {
      if (!order) {
        return null;
      }
      const answer = await patchOrder({ id: order.id, expectedVersion: order.version, input, idempotencyKey: newKey() });
      if (answer.error) {
        // spec doc 3 §8: the part after 'CODE:' is shown; a stale version reads the order again.
        if (errorCodes(answer.error).includes('ARO-E6002')) {
          refetch();
        }
        return errorText(answer.error);
      }
      refetch();
      return null;
    },
    [order, patchOrder, refetch],
  );

  const heading = (title: string) => (
    <h1 id="order-view-title" className="order-view__title">
      {title}
    </h1>
  );
  const loadingText = t('orders.view.text.loadingOrder');

  if (orderId === '') {
    return <Navigate to="/accessDenied" replace />;
  }
  if (!order) {
    if (result.error) {
      // spec doc 3 §2: an order whose patient is not one of the account's profiles → /accessDenied
      // (the server answers it like a missing one, ARO-E2001).
      if (errorCodes(result.error).includes('ARO-E2001')) {
        return <Navigate to="/accessDenied" replace />;
      }
      return (
        <section className="screen order-view" aria-labelledby="order-view-title">
          {heading(loadingText)}
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
        {heading(loadingText)}
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
  });
  const state = orderState(order, facts);
  const canChangeAddress = requestChangeBlock(state, 'address') === null;
  const canChangeRequest = requestChangeBlock(state, 'initiatedFor') === null;
  const categoryLabel = category === 'Finance' ? t('orders.view.text.admission') : t(`orders.view.category.${category}`);
  const title = category === 'Finance' ? t('orders.view.text.admission') : t('orders.view.text.categoryOrder', { category: categoryLabel });
  const hospitalName =
    organizations.data?.queryOrganization.find((organization) => organization.id === order.organizationId)?.name ??
    tenant.branding.hospitalName;
  const spec = (text: string | null) => {
    if (text === null) {
      return null;
    }
    const key = orderTextKey(text);
    return key ? t(key) : text;
  };
  const status = statusKey(facts.rawStatus);
  const items = orderDetailItems(order.orderDetail);
  const requested = requestedDate(order, category);
  const panels = orderSpecialPanels({
    category,
    status: facts.status,
    initiatedFrom: order.serviceRequestInitiatedFrom,
    initiatedFor: facts.initiatedFor,
    communicationStatus: facts.communicationStatus,
    paymentStatus: facts.paymentStatus,
    paymentMethod: facts.paymentMethod,
  });
  const address = [facts.address.addressLineOne, facts.address.addressLineTwo, facts.address.addressLineThree, facts.address.addressCity].filter(
    (line) => line.trim() !== '',
  );

  return (
    <section className="screen order-view" aria-labelledby="order-view-title">
      {/* 'Payment success' (?paymentStatus=Success) is the payment block's: it shows it once the gateway's
          answer is recorded, so a hand-made address never claims a payment. */}
      <header className="order-view__header">
        <CategoryIcon category={category} />
        <div className="order-view__heading">
          {heading(title)}
          <dl className="order-view__facts">
            {order.identifier ? (
              <div>
                <dt>{t('orders.view.orderNumber')}</dt>
                <dd className="order-view__identifier">{order.identifier}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('orders.view.text.requestedAt')}</dt>
              <dd>
                <time dateTime={order.createdTime}>{longDateTime(order.createdTime, i18n.locale)}</time>
              </dd>
            </div>
            <div>
              <dt>{t('orders.view.hospital')}</dt>
              <dd className="order-view__hospital">{hospitalName}</dd>
            </div>
            <div>
              <dt>{t('orders.view.status')}</dt>
              <dd>
                <span key={facts.rawStatus} className={`order-chip order-chip--${facts.status}`} aria-live="polite">
                  {status ? t(status) : facts.rawStatus}
                </span>
              </dd>
            </div>
          </dl>
        </div>
      </header>

      {display.endBanner ? (
        <div className={`order-banner order-banner--${display.endBanner.tone}`} role="status">
          <p className="order-banner__text">{spec(display.endBanner.text)}</p>
          {facts.status === 'canceled' && order.orderCanceledReason && isCancelReason(order.orderCanceledReason) ? (
            <p className="order-banner__reason">{t(`orders.view.cancelReason.${order.orderCanceledReason}`)}</p>
          ) : null}
          {category !== 'Finance' && display.endBanner.requestAnother ? (
            <Link className="button button--primary button--block" to={orderCreateRoute(category)}>
              {t('orders.view.text.requestAnother', { category: categoryLabel })}
            </Link>
          ) : null}
        </div>
      ) : null}

      {patient ? (
        <section className="order-card" aria-labelledby="order-requested-for-title">
          <h2 id="order-requested-for-title" className="order-card__title">
            {t('orders.view.text.requestedFor')}
          </h2>
          <p className="order-person">
            {patient.relationship ? (
              <span className="order-person__relationship">{personValueText(t, 'relationship', patient.relationship)}</span>
            ) : null}
            <span className="order-person__name">{patient.displayName}</span>
            <span className="order-person__meta">
              {[patient.gender ? personValueText(t, 'gender', patient.gender) : '', ageLabelText(t, patient.age)].filter(Boolean).join(' · ')}
            </span>
          </p>
        </section>
      ) : null}

      {panels.map((panel) => (
        <div key={panel.kind} className={`order-panel order-panel--${panel.kind}`}>
          {panelTexts(panel).map((key) => (
            <p key={key}>{t(key)}</p>
          ))}
        </div>
      ))}

      {display.sampleCollectionBox ? (
        <section className="order-collection" aria-labelledby="order-collection-title" aria-live="polite">
          <h2 id="order-collection-title" className="order-collection__title">
            {t('orders.view.text.sampleCollectionScheduled')}
          </h2>
          <p>
            <strong>{display.sampleCollectionBox.collectorName}</strong> {t('orders.view.text.willMeetYouAtHomeAt')}{' '}
            <time dateTime={display.sampleCollectionBox.time}>{clockTime(display.sampleCollectionBox.time, i18n.locale)}</time>
          </p>
        </section>
      ) : null}

      <section className="order-card" aria-labelledby="order-place-title">
        <h2 id="order-place-title" className="order-card__title">
          {display.homeBanner ? spec(display.homeBanner) : t('orders.view.visitToHospital')}
        </h2>
        {display.addressLabel ? (
          <div className="order-address">
            <h3 className="order-address__label">{spec(display.addressLabel)}</h3>
            <address className="order-address__lines">
              {address.map((line, index) => (
                <span key={`${String(index)}-${line}`}>{line}</span>
              ))}
            </address>
          </div>
        ) : null}
        {display.requestedDateLabel && requested ? (
          <p className="order-requested-date">
            <span className="order-requested-date__label">{spec(display.requestedDateLabel)}</span>{' '}
            <time dateTime={requested}>{dayLabel(requested, i18n.locale)}</time>
          </p>
        ) : null}
        {canChangeAddress || canChangeRequest ? (
          <div className="order-card__actions">
            {canChangeAddress ? (
              <Button variant="secondary" onClick={() => setModal('address')}>
                {t('orders.view.changeAddress')}
              </Button>
            ) : null}
            {canChangeRequest && category === 'Examination' ? (
              <Button variant="secondary" onClick={() => setModal('request')}>
                {t('orders.view.changeRequest')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </section>

      {items.length > 0 ? (
        <section className="order-card" aria-labelledby="order-items-title">
          <h2 id="order-items-title" className="order-card__title">
            {spec(display.itemListLabel) ?? t(category === 'Examination' ? 'orders.view.text.testList' : 'orders.view.text.procedureList')}
          </h2>
          <ul className="order-items">
            {items.map((item, index) => (
              <li key={`${String(index)}-${item}`}>{item}</li>
            ))}
          </ul>
          {order.additionalNote ? (
            <p className="order-items__note">
              <span className="order-items__note-label">{t('orders.view.notePrefix')}:</span> {order.additionalNote}
            </p>
          ) : null}
        </section>
      ) : null}

      <OrderTrackerView tracker={tracker} />

      {display.showEstimatedTime && order.medicationOrderEstimatedTime ? (
        <p className="order-card order-estimate">
          <span className="order-estimate__label">{t('orders.view.estimatedTime')}</span>{' '}
          <time dateTime={order.medicationOrderEstimatedTime}>{longDateTime(order.medicationOrderEstimatedTime, i18n.locale)}</time>
        </p>
      ) : null}

      {/* Slot: the invoice block (charge above 0), the payment method line, the pay buttons and the terms
          link (features/payments), which decides which of them the order's state shows. */}
      {paymentSlot
        ? paymentSlot(
            {
              id: order.id,
              category: order.category,
              version: order.version,
              serviceRequestChargingAmount: order.serviceRequestChargingAmount ?? null,
              serviceRequestPaymentStatus: order.serviceRequestPaymentStatus,
              serviceRequestPaymentMethod: order.serviceRequestPaymentMethod,
              organizationId: order.organizationId ?? null,
              patientId: order.patientId,
              serviceRequestInitiatedFor: order.serviceRequestInitiatedFor ?? null,
              orderStatus: order.orderStatus,
            },
            refetch,
          )
        : null}

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
        open={modal === 'address'}
        saved={facts.address}
        onClose={() => setModal(null)}
        onSave={async (next: OrderAddress) => {
          const refusal = await patch(next);
          if (refusal === null) {
            setModal(null);
            toast.show(t('orders.view.addressUpdated'), 'success');
          }
          return refusal;
        }}
      />
      <ChangeRequestModal
        open={modal === 'request'}
        current={facts.initiatedFor}
        address={facts.address}
        onClose={() => setModal(null)}
        onSave={async (next) => {
          const refusal = await patch({ serviceRequestInitiatedFor: next.to, ...(next.address ?? {}) });
          if (refusal === null) {
            setModal(null);
            toast.show(t('orders.view.requestUpdated'), 'success');
          }
          return refusal;
        }}
      />
      {RelationshipPicker && patient ? (
        <RelationshipPicker
          open={promptOpen}
          classifyingId={patient.id}
          onSelect={() => setPromptOpen(false)}
          onClose={() => setPromptOpen(false)}
        />
      ) : null}
    </section>
  );
}
