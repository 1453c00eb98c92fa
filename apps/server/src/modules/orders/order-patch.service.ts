import { AppError, errorString } from '@careline/domain/errors';
import {
  ORDER_MAX_DOCUMENTS,
  changeOrderInitiatedForInput,
  chooseOrderPaymentMethodInput,
  orderAddressInput,
  orderNoteInput,
  transitionOrder,
  type OrderAddress,
  type OrderEvent,
} from '@careline/domain/orders';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../audit/index.ts';
import { runOnce } from '../idempotency/index.ts';
import { notFound } from '../staff/index.ts';
import { closeOpenOrderInvoice } from './order-invoice-hook.ts';
import {
  assignDocumentsToHospital,
  assignDocumentsToPatient,
  linkDocuments,
  selectOrderDocuments,
} from './order-documents.repo.ts';
import {
  findOwnedProfile,
  findOwnedServiceRequest,
  insertNote,
  insertOrderEvents,
  updateServiceRequestAtVersion,
} from './orders.repo.ts';
import { UUID_PATTERN as UUID } from '@careline/domain/ids';
import { attachableDocuments } from './order-documents.service.ts';
import {
  ORDER_TIMESTAMP_KEYS,
  addressOf,
  inputError,
  orderState,
  patientColumns,
  readOwnOrder,
  rendered,
  type OrderRequest,
  type OrderView,
} from './orders.service.ts';

/* A patient's change of an order (spec doc 3 §7 Patch ServiceRequest). */

/** What patchServiceRequest may change for the patient (spec doc 3 §4 Other transitions, §7 Patch service request). */
export type OrderPatch = {
  addressLineOne?: string | null;
  addressLineTwo?: string | null;
  addressLineThree?: string | null;
  addressCity?: string | null;
  serviceRequestInitiatedFor?: string | null;
  heartbeatLinkSeen?: boolean | null;
  /** heartbeatLastSeen: that timestamp is set to now. */
  timeStampKey?: string | null;
  note?: string | null;
  serviceRequestPaymentMethod?: string | null;
  documentReferenceIds?: readonly string[] | null;
};

const ADDRESS_KEYS = ['addressLineOne', 'addressLineTwo', 'addressLineThree', 'addressCity'] as const;

/**
 * Whether a patch changes the order (an address, the place, the payment method, documents, a note),
 * rather than only stamping the heartbeat: a stamp alone is not published to live screens.
 * @param patch - the patch as asked
 */
export function patchChangesOrder(patch: OrderPatch): boolean {
  return (
    ADDRESS_KEYS.some((key) => patch[key] !== null && patch[key] !== undefined) ||
    (patch.serviceRequestInitiatedFor ?? null) !== null ||
    (patch.serviceRequestPaymentMethod ?? null) !== null ||
    (patch.documentReferenceIds?.length ?? 0) > 0 ||
    (patch.note ?? null) !== null
  );
}

/** Events a patient may append to an order whatever changed since they read it: no version is checked. */
const APPEND_ONLY_EVENTS: readonly OrderEvent['type'][] = ['addNote', 'attachDocument'];

/** The patch's changes as state machine events, in the order they apply; throws on bad input. */
function patchEvents(patch: OrderPatch, current: OrderAddress): { events: OrderEvent[]; noteText: string | null } {
  const events: OrderEvent[] = [];
  const addressGiven = ADDRESS_KEYS.some((key) => patch[key] !== null && patch[key] !== undefined);
  let address: OrderAddress | undefined;
  if (addressGiven) {
    const parsed = orderAddressInput.safeParse(
      Object.fromEntries(ADDRESS_KEYS.map((key) => [key, patch[key] ?? current[key]])),
    );
    if (!parsed.success) {
      throw inputError(parsed.error);
    }
    address = parsed.data;
  }
  if (patch.serviceRequestInitiatedFor !== null && patch.serviceRequestInitiatedFor !== undefined) {
    const parsed = changeOrderInitiatedForInput.safeParse({ to: patch.serviceRequestInitiatedFor, address });
    if (!parsed.success) {
      throw inputError(parsed.error);
    }
    events.push({ type: 'changeInitiatedFor', to: parsed.data.to, ...(parsed.data.address ? { address: parsed.data.address } : {}) });
  } else if (address) {
    events.push({ type: 'changeAddress', address });
  }
  if (patch.serviceRequestPaymentMethod !== null && patch.serviceRequestPaymentMethod !== undefined) {
    const parsed = chooseOrderPaymentMethodInput.safeParse({ method: patch.serviceRequestPaymentMethod });
    if (!parsed.success) {
      throw inputError(parsed.error);
    }
    events.push({ type: 'choosePaymentMethod', method: parsed.data.method });
  }
  for (const documentId of patch.documentReferenceIds ?? []) {
    events.push({ type: 'attachDocument', documentId });
  }
  let noteText: string | null = null;
  if (patch.note !== null && patch.note !== undefined) {
    const parsed = orderNoteInput.safeParse({ text: patch.note });
    if (!parsed.success) {
      throw inputError(parsed.error);
    }
    noteText = parsed.data.text;
    events.push({ type: 'addNote', text: noteText });
  }
  return { events, noteText };
}

/**
 * The patient's changes to an order of the account, in one transaction (spec doc 3 §4 Other
 * transitions, §7 Patch service request): the homecare address, homecare ↔ appointment, the payment
 * method, more documents (each once per order), a note (appended; communication status
 * patientReplied) — each through the domain's state machine, which decides whether the order still
 * allows it — and the heartbeat stamps (heartbeatLinkSeen, heartbeatLastSeen). Every change but the
 * stamps, a note and documents (append-only: applied to the order as it stands, so a staff change
 * meanwhile does not refuse them) needs the version the patient saw: a stale one answers ARO-E6002 and
 * changes nothing. Each accepted event adds a line to the order-events history. Homecare ↔
 * appointment on an order with a charge closes its open invoice in the same transaction (the next
 * prepareInvoice makes one with the new service class, HH for home), refused with ARO-E5015 while a
 * payment of it is being processed. Documents linked become the order's patient's.
 * Another account's order, an Administration one and a sensitive one answer ARO-E2001; no change at
 * all ARO-E2002. Idempotent with a key.
 * @param db - database
 * @param request - tenant, account, correlation id and idempotency key
 * @param input - the order, the version seen and the changes
 * @param now - the clock
 */
export async function patchServiceRequest(
  db: Db,
  request: OrderRequest,
  input: { id: string; expectedVersion: number; patch: OrderPatch },
  now: Date = new Date(),
): Promise<OrderView> {
  const { patch } = input;
  const key = patch.timeStampKey ?? null;
  if (key !== null && !(ORDER_TIMESTAMP_KEYS as readonly string[]).includes(key)) {
    throw rendered('ARO-E2002', `ARO-E2002:timeStampKey must be ${ORDER_TIMESTAMP_KEYS.join(' or ')}`);
  }
  if ((patch.documentReferenceIds?.length ?? 0) > ORDER_MAX_DOCUMENTS) {
    throw new AppError('ARO-E2002');
  }
  if (!UUID.test(input.id)) {
    throw notFound();
  }
  const { events: planned, noteText } = patchEvents(patch, {
    addressLineOne: '',
    addressLineTwo: '',
    addressLineThree: '',
    addressCity: '',
  });
  const linkSeen = patch.heartbeatLinkSeen ?? null;
  if (planned.length === 0 && linkSeen === null && key === null) {
    throw rendered('ARO-E2002', 'ARO-E2002:Nothing to change');
  }
  await runOnce(
    db,
    { tenantId: request.tenantId, accountId: request.accountId, key: request.idempotencyKey },
    'patchServiceRequest',
    { id: input.id, expectedVersion: input.expectedVersion, patch },
    async (tx) => {
      const row = await findOwnedServiceRequest(tx, request, input.id, true);
      if (!row) {
        throw notFound();
      }
      // Parsed again against the stored address: lines not sent keep their values.
      const { events } = patchEvents(patch, addressOf(row));
      if (patch.documentReferenceIds) {
        await attachableDocuments(tx, request, patch.documentReferenceIds, { patientId: row.patientId, serviceRequestId: row.id });
      }
      const linked = new Set((await selectOrderDocuments(tx, [row.id])).map((document) => document.id));
      const adding = new Set((patch.documentReferenceIds ?? []).filter((id) => !linked.has(id)));
      if (linked.size + adding.size > ORDER_MAX_DOCUMENTS) {
        throw rendered('ARO-E2002', `ARO-E2002:An order can have at most ${ORDER_MAX_DOCUMENTS} documents`);
      }
      let state = orderState(row, linked.size);
      const history: { event: string; fromStatus: string; toStatus: string }[] = [];
      const attached: string[] = [];
      // A note and documents are appended to the order as it stands; anything else needs the version seen.
      const appendOnly = events.every((event) => APPEND_ONLY_EVENTS.includes(event.type));
      const checkedVersion = appendOnly ? undefined : input.expectedVersion;
      let closesInvoice = false;
      for (const event of events) {
        if (event.type === 'attachDocument' && linked.has(event.documentId)) {
          continue;
        }
        const result = transitionOrder(state, event, { kind: 'patient' }, history.length === 0 ? checkedVersion : undefined);
        if (!result.ok) {
          throw rendered(result.code, result.error);
        }
        // The domain asks for the invoice to be prepared again (homecare ↔ appointment changes its
        // service class, HH for home: spec doc 3 §7 Prepare invoice).
        closesInvoice ||= result.prepareInvoice;
        state = result.order;
        history.push({ event: result.history.event, fromStatus: result.history.fromStatus, toStatus: result.history.toStatus });
        if (event.type === 'attachDocument') {
          linked.add(event.documentId);
          attached.push(event.documentId);
        }
      }
      if (history.length === 0 && checkedVersion !== undefined && events.length > 0 && checkedVersion !== row.version) {
        // Only documents already on the order: still a change asked against a stale order.
        throw rendered('ARO-E6002', errorString('ARO-E6002'));
      }
      const stamps = { ...row.heartbeatTimestamps, ...(key !== null ? { [key]: now.toISOString() } : {}) };
      const updated = await updateServiceRequestAtVersion(
        tx,
        row.id,
        row.version,
        {
          ...(history.length > 0 ? patientColumns(state.category, state) : {}),
          ...(linkSeen !== null ? { heartbeatLinkSeen: row.heartbeatLinkSeen || linkSeen } : {}),
          ...(key !== null ? { heartbeatTimestamps: stamps } : {}),
        },
        // The heartbeat stamps, a note and documents check no version; every other change the version the patient saw.
        events.length > 0 && checkedVersion !== undefined ? checkedVersion : null,
      );
      if (!updated) {
        throw rendered('ARO-E6002', errorString('ARO-E6002'));
      }
      if (closesInvoice) {
        // The old invoice (the old service class) is closed now, with the order locked, so it cannot be
        // paid any more; the app's next prepareInvoice makes the new one. A card page still open (in
        // another tab) refuses the switch (ARO-E5015) rather than closing the invoice under it.
        await closeOpenOrderInvoice(tx, request, row.id, { pageOpen: true });
      }
      await linkDocuments(tx, request.tenantId, row.id, attached);
      if (row.organizationId) {
        await assignDocumentsToHospital(tx, attached, row.organizationId);
      }
      await assignDocumentsToPatient(tx, request, attached, row.patientId);
      if (noteText !== null && history.some((line) => line.event === 'addNote')) {
        const profile = await findOwnedProfile(tx, request, row.patientId);
        await insertNote(tx, {
          tenantId: request.tenantId,
          serviceRequestId: row.id,
          authorReference: `Patient/${row.patientId}`,
          authorDisplay: profile?.givenName ?? null,
          text: noteText,
          time: now,
        });
      }
      await insertOrderEvents(
        tx,
        history.map((line) => ({
          tenantId: request.tenantId,
          serviceRequestId: row.id,
          fromStatus: line.fromStatus,
          toStatus: line.toStatus,
          event: line.event,
          actorReference: `Patient/${row.patientId}`,
        })),
      );
      await recordAudit(tx, {
        tenantId: request.tenantId,
        actor: { kind: 'patient', accountId: request.accountId },
        action: history.length > 0 ? 'order.patch' : 'order.heartbeat',
        correlationId: request.correlationId,
        patientId: row.patientId,
        organizationId: row.organizationId,
        details: {
          serviceRequestId: row.id,
          events: history.map((line) => line.event),
          heartbeatLinkSeen: linkSeen,
          timeStampKey: key,
        },
      });
      return { id: row.id };
    },
  );
  return readOwnOrder(db, request, input.id);
}
