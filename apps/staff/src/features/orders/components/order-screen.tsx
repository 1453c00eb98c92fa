import { useEffect, useId, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, PageHeading } from '@careline/ui/components';
import { useErrorText } from '../../../lib/error-text.ts';
import { useLiveSocketState } from '../../../lib/live-status.ts';
import type { Hospital } from '../../../lib/staff-session.tsx';
import type { StaffOrderDetail } from '../api/orders-operations.ts';
import { useOrder, useOrderActions } from '../hooks/use-order.ts';
import { useOrdersMessages, type OrdersMessages } from '../messages.ts';
import { hospitalDateTime } from '../order-rules.ts';
import { OrderActions, type OrderAbilities } from './order-actions.tsx';
import { OrderDocuments } from './order-documents.tsx';
import { OrderNotes } from './order-notes.tsx';
import { ORDERS_FALLBACK_REFRESH_MS, ordersLiveState } from './orders-screen.tsx';
import './orders.css';

function Fact({ label, children }: { label: string; children: string | null | undefined }) {
  if (children === null || children === undefined || children === '') {
    return null;
  }
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

function requestedDate(order: StaffOrderDetail['order']): string | null {
  const at =
    order.sampleCollectionRequestedTime ?? order.procedureRequestedTime ?? order.encounterRequestedTime ?? order.homeVisitRequestedTime;
  return at ? hospitalDateTime(at) : null;
}

function PatientPanel({ view, t }: { view: StaffOrderDetail; t: OrdersMessages }) {
  const headingId = useId();
  const patient = view.patient;
  let age = t.notGiven;
  if (patient.age !== null && patient.age !== undefined && patient.age >= 1) {
    age = t.ageYears(patient.age);
  } else if (patient.ageLabel) {
    age = patient.ageLabel;
  }
  return (
    <section aria-labelledby={headingId} className="order-panel">
      <h2 id={headingId}>{t.patientHeading}</h2>
      <dl className="order-facts">
        <Fact label={t.name}>{patient.name || t.notGiven}</Fact>
        <Fact label={t.patientNumber}>{patient.medicalRecordNumber || t.notGiven}</Fact>
        <Fact label={t.gender}>{patient.gender ? t.genderName(patient.gender) : t.notGiven}</Fact>
        <Fact label={t.age}>{age}</Fact>
        <Fact label={t.mobileNo}>{patient.mobileNo ? `+${patient.mobileNo}` : t.notGiven}</Fact>
      </dl>
    </section>
  );
}

function DetailsPanel({ view, t, orderPath }: { view: StaffOrderDetail; t: OrdersMessages; orderPath: (id: string) => string }) {
  const headingId = useId();
  const order = view.order;
  const address = [order.addressLineOne, order.addressLineTwo, order.addressLineThree, order.addressCity]
    .filter((line): line is string => Boolean(line && line.trim()))
    .join(', ');
  const charge =
    order.serviceRequestChargingAmount !== null && order.serviceRequestChargingAmount !== undefined
      ? t.amount(order.serviceRequestChargingAmount.toFixed(2), view.currency)
      : t.notSet;
  return (
    <section aria-labelledby={headingId} className="order-panel">
      <h2 id={headingId}>{t.detailsHeading}</h2>
      {order.replacedBy ? (
        <p className="order-notice">
          {t.replacedBy} <Link to={orderPath(order.replacedBy)}>{t.openReplacement}</Link>
        </p>
      ) : null}
      {order.replaces ? (
        <p className="order-notice">
          {t.replaces} <Link to={orderPath(order.replaces)}>{t.openReplaced}</Link>
        </p>
      ) : null}
      <dl className="order-facts">
        <Fact label={t.category}>{t.categoryName(order.category)}</Fact>
        <Fact label={t.status}>{t.statusName(order.orderStatus)}</Fact>
        <Fact label={t.requestedAt}>{hospitalDateTime(order.createdTime)}</Fact>
        <Fact label={t.place}>{t.placeName(order.serviceRequestInitiatedFor)}</Fact>
        <Fact label={t.address}>{address}</Fact>
        <Fact label={t.requestedDate}>{requestedDate(order)}</Fact>
        <Fact label={t.chargingAmount}>{charge}</Fact>
        <Fact label={t.paymentStatus}>
          {t.paymentOf(t.paymentName(order.serviceRequestPaymentStatus), t.paymentMethodName(order.serviceRequestPaymentMethod))}
        </Fact>
        <Fact label={t.estimatedTime}>{order.medicationOrderEstimatedTime ? hospitalDateTime(order.medicationOrderEstimatedTime) : null}</Fact>
        <Fact label={t.sampleCollection}>
          {order.sampleCollectionUserName && order.sampleCollectionTime
            ? t.sampleCollectionOf(order.sampleCollectionUserName, hospitalDateTime(order.sampleCollectionTime))
            : null}
        </Fact>
        <Fact label={t.canceledReason}>{order.orderCanceledReason ? t.cancelReasonName(order.orderCanceledReason) : null}</Fact>
        <Fact label={t.additionalNote}>{order.additionalNote}</Fact>
      </dl>
    </section>
  );
}

function Timeline({ view, t }: { view: StaffOrderDetail; t: OrdersMessages }) {
  const headingId = useId();
  const events = view.order.events;
  return (
    <section aria-labelledby={headingId} className="order-panel">
      <h2 id={headingId}>{t.timelineHeading}</h2>
      {events.length === 0 ? <p>{t.timelineEmpty}</p> : null}
      <ol className="order-timeline">
        {events.map((event) => (
          <li key={event.id}>
            <time dateTime={event.createdTime}>{hospitalDateTime(event.createdTime)}</time>{' '}
            <strong>{t.eventName(event.event)}</strong> {t.byActor(event.actorReference)}
            {event.fromStatus && event.fromStatus !== event.toStatus ? (
              <span> · {t.statusChange(t.statusName(event.fromStatus), t.statusName(event.toStatus))}</span>
            ) : null}
            {event.reason ? <span> · {t.reason(t.cancelReasonName(event.reason))}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * One order as the hospital works it (issue 10, staff console): the patient, the order and its
 * history, the prescription images (large, zoom, rotate), the actions its status and the member's
 * roles allow, and the notes with the patient. Live: another member's or the patient's change
 * shows at once.
 * @param props - the hospital, the order, what the member may do, and the paths of the queues and of an order
 */
export function OrderScreen({
  hospital,
  orderId,
  may,
  ordersPath,
  orderPath,
  labReportsLink = null,
}: {
  hospital: Hospital;
  orderId: string;
  may: OrderAbilities;
  ordersPath: string;
  orderPath: (orderId: string) => string;
  /** The lab reports of a lab order (issue 11), for a member who may read them: where and the link's text. */
  labReportsLink?: { path: (orderId: string) => string; label: string } | null;
}) {
  const t = useOrdersMessages();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { state, reload, heard } = useOrder(hospital.id, orderId);
  const version = state.status === 'ready' ? state.view.order.version : 0;
  const actionTarget = useMemo(() => ({ version, reload }), [version, reload]);
  const actions = useOrderActions(actionTarget, t.conflict);
  const liveState = ordersLiveState(useLiveSocketState(), heard);
  // While the socket is down the order is read again now and then, as the queues are.
  useEffect(() => {
    if (liveState === 'live') {
      return undefined;
    }
    const timer = window.setInterval(() => void reload(), ORDERS_FALLBACK_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [reload, liveState]);
  const view = state.status === 'ready' ? state.view : null;
  // 'payments.orderCash' in this hospital (the server's policy for the member's roles here), held to
  // the categories the member's roles here record payments of (the domain's recordPayment rule).
  const abilities = useMemo(
    () => ({
      ...may,
      takeCash: may.takeCash ?? hospital.memberships.some((m) => m.allowedActions.includes('payments.orderCash')),
      roles: may.roles ?? hospital.memberships.map((m) => m.role),
    }),
    [may, hospital],
  );
  const heading = view ? t.orderHeading(view.order.identifier ?? null) : t.orderHeading(null);

  return (
    <>
      {/* No heading while the order loads: the screen's h1 is the order's, once it is known. */}
      {state.status !== 'loading' ? <PageHeading documentTitle={t.documentTitle(heading)}>{heading}</PageHeading> : null}
      <p>
        <Link to={ordersPath}>{t.backToOrders}</Link>
      </p>
      <p role="status" className={`orders-live orders-live--${liveState}`}>
        {t.liveState(liveState)}
      </p>
      {state.status === 'loading' ? (
        <div aria-busy="true">
          <p role="status">{t.loadingOrder}</p>
          <div className="orders-skeleton" aria-hidden="true">
            <span />
            <span />
          </div>
        </div>
      ) : null}
      {state.status === 'error' ? <Alert tone="error">{t.orderLoadFailed(errorText(state.error))}</Alert> : null}
      {view ? (
        <div className="order-layout">
          <div className="order-layout__main">
            <p className="order-summary">
              <span className="orders-chip">{t.categoryName(view.order.category)}</span>{' '}
              <span className="orders-chip orders-chip--status">{t.statusName(view.order.orderStatus)}</span>
            </p>
            <PatientPanel view={view} t={t} />
            <DetailsPanel view={view} t={t} orderPath={orderPath} />
            {labReportsLink && view.order.category === 'Examination' ? (
              <p className="order-notice">
                <Link to={labReportsLink.path(view.id)}>{labReportsLink.label}</Link>
              </p>
            ) : null}
            <OrderDocuments documents={view.order.documents} />
            <OrderNotes organizationId={hospital.id} view={view} mayReply={may.work} actions={actions} />
            <Timeline view={view} t={t} />
          </div>
          <div className="order-layout__side">
            <OrderActions
              key={view.id}
              organizationId={hospital.id}
              view={view}
              may={abilities}
              actions={actions}
              onReplaced={(replacement) => void navigate(orderPath(replacement))}
            />
          </div>
        </div>
      ) : null}
    </>
  );
}
