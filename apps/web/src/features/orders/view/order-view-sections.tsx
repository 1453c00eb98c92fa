import { Link } from 'react-router';
import {
  ORDER_CANCEL_REASONS,
  orderCreateRoute,
  type OrderCancelReason,
  type OrderCategory,
  type OrderDetailDisplay,
  type OrderSpecialPanel,
} from '@careline/domain/orders';
import type { ClientPatient } from '@careline/domain/profiles';
import { ageText, genderText, relationshipText } from '@careline/domain/profiles/person-texts';
import { useLingui } from '@careline/i18n/react';
import { useOrdersTranslate, type OrdersMessageId } from '@careline/i18n/orders';
import { Button } from '../../../components/button.tsx';
import type { OrderPaymentSlotOrder } from '../order-slots.ts';
import { CategoryIcon } from './category-icon.tsx';
import type { OrderViewData } from './order-view-documents.ts';
import { clockTime, dayLabel, longDateTime, orderTextKey, type OrderFacts } from './order-view-model.ts';
import { statusKey } from './order-tracker.tsx';

/** A spec text through its catalogue key, else as it is; null stays null. */
export function useSpecText(): (text: string | null) => string | null {
  const t = useOrdersTranslate();
  return (text) => {
    if (text === null) {
      return null;
    }
    const key = orderTextKey(text);
    return key ? t(key) : text;
  };
}

function isCancelReason(reason: string): reason is OrderCancelReason {
  return (ORDER_CANCEL_REASONS as readonly string[]).includes(reason);
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
 * What the order view gives the payment block through its slot.
 * @param order - the order as read
 */
export function paymentSlotOrder(order: OrderViewData): OrderPaymentSlotOrder {
  return {
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
  };
}

/** The screen's one heading. */
export function OrderViewTitle({ title }: { title: string }) {
  return (
    <h1 id="order-view-title" className="order-view__title">
      {title}
    </h1>
  );
}

/** The header: the category's icon, the title, the order number, when, the hospital and the status. */
export function OrderViewHeader({
  title,
  order,
  facts,
  hospitalName,
}: {
  title: string;
  order: OrderViewData;
  facts: OrderFacts;
  hospitalName: string;
}) {
  const t = useOrdersTranslate();
  const { i18n } = useLingui();
  const status = statusKey(facts.rawStatus);
  return (
    <header className="order-view__header">
      <CategoryIcon category={facts.category} />
      <div className="order-view__heading">
        <OrderViewTitle title={title} />
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
  );
}

/** The end banner of a completed or canceled order: its text, the cancel reason and 'Request another'. */
export function OrderEndBanner({
  banner,
  order,
  facts,
  categoryLabel,
}: {
  banner: NonNullable<OrderDetailDisplay['endBanner']>;
  order: OrderViewData;
  facts: OrderFacts;
  categoryLabel: string;
}) {
  const t = useOrdersTranslate();
  const spec = useSpecText();
  const { category } = facts;
  return (
    <div className={`order-banner order-banner--${banner.tone}`} role="status">
      <p className="order-banner__text">{spec(banner.text)}</p>
      {facts.status === 'canceled' && order.orderCanceledReason && isCancelReason(order.orderCanceledReason) ? (
        <p className="order-banner__reason">{t(`orders.view.cancelReason.${order.orderCanceledReason}`)}</p>
      ) : null}
      {category !== 'Finance' && banner.requestAnother ? (
        <Link className="button button--primary button--block" to={orderCreateRoute(category)}>
          {t('orders.view.text.requestAnother', { category: categoryLabel })}
        </Link>
      ) : null}
    </div>
  );
}

/** 'Requested for': the profile's relationship, name, gender and age (spec doc 3 §2). */
export function OrderRequestedFor({ patient }: { patient: ClientPatient }) {
  const t = useOrdersTranslate();
  return (
    <section className="order-card" aria-labelledby="order-requested-for-title">
      <h2 id="order-requested-for-title" className="order-card__title">
        {t('orders.view.text.requestedFor')}
      </h2>
      <p className="order-person">
        {patient.relationship ? (
          <span className="order-person__relationship">{relationshipText(t, patient.relationship)}</span>
        ) : null}
        <span className="order-person__name">{patient.displayName}</span>
        <span className="order-person__meta">
          {[patient.gender ? genderText(t, patient.gender) : '', ageText(t, patient.age)].filter(Boolean).join(' · ')}
        </span>
      </p>
    </section>
  );
}

/** The category's special panels (spec doc 3 §2). */
export function OrderPanels({ panels }: { panels: readonly OrderSpecialPanel[] }) {
  const t = useOrdersTranslate();
  return panels.map((panel) => (
    <div key={panel.kind} className={`order-panel order-panel--${panel.kind}`}>
      {panelTexts(panel).map((key) => (
        <p key={key}>{t(key)}</p>
      ))}
    </div>
  ));
}

/** 'Sample collection scheduled': who comes and when. */
export function OrderSampleCollection({ box }: { box: NonNullable<OrderDetailDisplay['sampleCollectionBox']> }) {
  const t = useOrdersTranslate();
  const { i18n } = useLingui();
  return (
    <section className="order-collection" aria-labelledby="order-collection-title" aria-live="polite">
      <h2 id="order-collection-title" className="order-collection__title">
        {t('orders.view.text.sampleCollectionScheduled')}
      </h2>
      <p>
        <strong>{box.collectorName}</strong> {t('orders.view.text.willMeetYouAtHomeAt')}{' '}
        <time dateTime={box.time}>{clockTime(box.time, i18n.locale)}</time>
      </p>
    </section>
  );
}

/** Where the order is carried out: the home banner or the hospital visit, the address, the requested date and the change buttons. */
export function OrderPlaceCard({
  display,
  facts,
  requested,
  canChangeAddress,
  canChangeRequest,
  onChangeAddress,
  onChangeRequest,
}: {
  display: OrderDetailDisplay;
  facts: OrderFacts;
  requested: string | null;
  canChangeAddress: boolean;
  canChangeRequest: boolean;
  onChangeAddress: () => void;
  onChangeRequest: () => void;
}) {
  const t = useOrdersTranslate();
  const { i18n } = useLingui();
  const spec = useSpecText();
  const address = [facts.address.addressLineOne, facts.address.addressLineTwo, facts.address.addressLineThree, facts.address.addressCity].filter(
    (line) => line.trim() !== '',
  );
  return (
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
            <Button variant="secondary" onClick={onChangeAddress}>
              {t('orders.view.changeAddress')}
            </Button>
          ) : null}
          {canChangeRequest && facts.category === 'Examination' ? (
            <Button variant="secondary" onClick={onChangeRequest}>
              {t('orders.view.changeRequest')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** The tests or procedures of the order, with the patient's note. */
export function OrderItemsCard({
  items,
  itemListLabel,
  category,
  additionalNote,
}: {
  items: readonly string[];
  itemListLabel: string | null;
  category: OrderCategory;
  additionalNote: string | null | undefined;
}) {
  const t = useOrdersTranslate();
  const spec = useSpecText();
  return (
    <section className="order-card" aria-labelledby="order-items-title">
      <h2 id="order-items-title" className="order-card__title">
        {spec(itemListLabel) ?? t(category === 'Examination' ? 'orders.view.text.testList' : 'orders.view.text.procedureList')}
      </h2>
      <ul className="order-items">
        {items.map((item, index) => (
          <li key={`${String(index)}-${item}`}>{item}</li>
        ))}
      </ul>
      {additionalNote ? (
        <p className="order-items__note">
          <span className="order-items__note-label">{t('orders.view.notePrefix')}:</span> {additionalNote}
        </p>
      ) : null}
    </section>
  );
}

/** The medication's estimated time. */
export function OrderEstimate({ time }: { time: string }) {
  const t = useOrdersTranslate();
  const { i18n } = useLingui();
  return (
    <p className="order-card order-estimate">
      <span className="order-estimate__label">{t('orders.view.estimatedTime')}</span>{' '}
      <time dateTime={time}>{longDateTime(time, i18n.locale)}</time>
    </p>
  );
}
