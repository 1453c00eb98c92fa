import {
  CHAT_ORDER_CATEGORY,
  CHAT_TEXTS,
  chatInitiatedFor,
  chatOrderBlock,
  isChatOrderService,
  type ChatStepId,
} from '@careline/domain/chat-flow';
import { fallbackErrorText } from '@careline/domain/error-wire';
import type { ChatOrganization } from '../../utils/chat-consultations.ts';
import { emptyOrder } from '../../utils/chat-guide-data.ts';
import { newIdempotencyKey, offeredHospitals } from '../../utils/chat-guide.ts';
import type { ChatOrderInput } from '../../utils/chat-orders.ts';
import type { GuideKit, GuidePart } from './guide-kit.ts';
import { EMPTY_ADDRESS, ProfileChoice } from './guide-widgets.tsx';

// The steps every service passes through (issue 12 §2; spec doc 1 §2, §4): the hospital (the recent
// one, or the picker), and an order's confirmation for a profile of the account.

function pickOrganization(kit: GuideKit, step: ChatStepId, organization: ChatOrganization) {
  if (isChatOrderService(kit.data.service)) {
    kit.rememberOrganization(kit.data.service, organization);
  }
  void kit.go(step, 'pick-organization', organization.name, { organization });
}

/** spec doc 1 §4 suggest-recent-organization: the hospital chosen last time, or another one. */
function RecentOrganization({ kit, step }: { kit: GuideKit; step: ChatStepId }) {
  const recent = kit.recentOrganization(kit.data);
  return (
    <div className="chat-buttons">
      {recent !== null ? (
        <button
          className="chat-button chat-button-secondary"
          type="button"
          disabled={kit.busy}
          onClick={() => pickOrganization(kit, step, recent)}
        >
          {recent.name}
        </button>
      ) : null}
      {kit.choiceButtons(step, kit.labelled(step))}
    </div>
  );
}

function OrganizationPicker({ kit, step }: { kit: GuideKit; step: ChatStepId }) {
  return (
    <ul className="chat-choices" aria-label={kit.t('chat.guide.hospitals')}>
      {(offeredHospitals(kit.data) ?? []).map((organization) => (
        <li key={organization.id}>
          <button
            className="chat-button chat-button-secondary"
            type="button"
            disabled={kit.busy}
            onClick={() => pickOrganization(kit, step, organization)}
          >
            {organization.name}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * Sends the order put together in the conversation (spec doc 3 §3 Creation payload, §4 Creation
 * flow) for the chosen profile, then back to the upcoming check with the order's link.
 */
async function placeOrder(kit: GuideKit, from: 'order-confirmation' | 'procedure-confirmation') {
  const { orders, data } = kit;
  const service = data.service;
  if (!orders || kit.isBusy() || !isChatOrderService(service)) {
    return;
  }
  const patient = kit.patients.find((candidate) => candidate.id === kit.patientId);
  const { order, organization } = data;
  const block = chatOrderBlock({
    organizationId: organization?.id ?? null,
    documentIds: order.documents.map((document) => document.documentId),
    uploading: false,
    deliveryMode: order.deliveryMode,
    address: order.address ?? EMPTY_ADDRESS,
    patientId: patient?.id ?? null,
  });
  if (block === 'no-profile' || !patient) {
    kit.setMissingPatient(true);
    return;
  }
  if (block !== null || organization === null || order.deliveryMode === null) {
    return;
  }
  const input: ChatOrderInput = {
    category: CHAT_ORDER_CATEGORY[service],
    patientId: patient.id,
    patientGivenName: patient.givenName,
    organizationId: organization.id,
    initiatedFor: chatInitiatedFor(order.deliveryMode),
    address: order.deliveryMode === 'home-delivery' ? (order.address ?? EMPTY_ADDRESS) : EMPTY_ADDRESS,
    documentReferenceIds: order.documents.map((document) => document.documentId),
    diagnosticReport: service === 'examination' ? order.tests : [],
    sampleCollectionRequestedTime: service === 'examination' ? (order.sampleTime?.at ?? null) : null,
    procedureRequest: service === 'procedure' ? order.procedures : [],
    homeVisitRequestedTime: service === 'procedure' ? (order.visitTime?.at ?? null) : null,
  };
  // The same order sent again (a retry after a lost answer, even after a reload) keeps its key.
  const fingerprint = JSON.stringify(input);
  const submit = order.submit?.fingerprint === fingerprint ? order.submit : { key: newIdempotencyKey(), fingerprint };
  const kept = { ...order, submit };
  kit.setData((current) => ({ ...current, order: kept }));
  const result = await kit.during(() =>
    orders.createOrder(input, submit.key).catch(() => ({ ok: false as const, error: fallbackErrorText })),
  );
  const said = patient.displayName;
  if (!result.ok) {
    await kit.go(
      from,
      'order-failed',
      said,
      { order: kept },
      { events: [{ author: 'event', text: result.error || fallbackErrorText, tone: 'error' }] },
    );
    return;
  }
  kit.rememberOrganization(service, organization);
  await orders.prepareOrderView().catch(() => undefined);
  kit.setPatientId(null);
  await kit.go(
    from,
    'order-created',
    said,
    { order: emptyOrder },
    { orderLink: { href: orders.orderHref(result.orderId), text: CHAT_TEXTS.viewOrder } },
  );
}

/** The order's confirmation (spec doc 1 §2 confirm-order): its service's summary, who it is for, Confirm order. */
function OrderConfirmation({ kit, step }: { kit: GuideKit; step: ChatStepId }) {
  const { busy, tx } = kit;
  return (
    <>
      {kit.orderSummary()}
      <ProfileChoice
        legend={tx(CHAT_TEXTS.orderFor)}
        patients={kit.patients}
        chosen={kit.patientId}
        disabled={busy}
        onChoose={(id) => {
          kit.setPatientId(id);
          kit.setMissingPatient(false);
        }}
      />
      <p className="chat-error" role="alert">
        {kit.missingPatient ? tx(CHAT_TEXTS.chooseOrderPatient) : ''}
      </p>
      <div className="chat-buttons">
        <button
          className="chat-button"
          type="button"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void placeOrder(kit, step === 'procedure-confirmation' ? 'procedure-confirmation' : 'order-confirmation')}
        >
          {tx(CHAT_TEXTS.confirmOrder)}
        </button>
        {kit.choiceButtons(step, kit.labelled(step))}
      </div>
    </>
  );
}

const recentOrganization = (kit: GuideKit, step: ChatStepId) => <RecentOrganization kit={kit} step={step} />;
const organizationPicker = (kit: GuideKit, step: ChatStepId) => <OrganizationPicker kit={kit} step={step} />;
const orderConfirmation = (kit: GuideKit, step: ChatStepId) => <OrderConfirmation kit={kit} step={step} />;

export const sharedSteps: GuidePart = {
  steps: {
    'suggest-recent-organization-medication': recentOrganization,
    'suggest-recent-organization-lab': recentOrganization,
    'suggest-recent-organization-procedure': recentOrganization,
    'recent-organization': organizationPicker,
    'organization-picker': organizationPicker,
    'order-confirmation': orderConfirmation,
    'procedure-confirmation': orderConfirmation,
  },
  patches: {
    'another-organization': () => ({ organization: null }),
    cancel: () => ({ order: emptyOrder, session: null }),
  },
};
