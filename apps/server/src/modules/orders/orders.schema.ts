import { ORDER_LIST_FIRST_PAGE } from '@careline/domain/orders';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { patientOperation } from '../../graphql/patient-auth.ts';
import { requireViewer } from '../../graphql/patient-auth.ts';
import { filterEvents } from '../../providers/pubsub/filter-events.ts';
import type { DocumentReferenceRow, OrderEventRow, ServiceRequestNoteRow } from './orders.repo.ts';
import { accountOrdersTopic, type OrderChangedEvent } from './orders.live.ts';
import { createDocumentReference, patchDocumentReference } from './order-documents.service.ts';
import { createServiceRequestLive, ownOrderEventFilter, patchServiceRequestLive } from './order-live.service.ts';
import { listOwnOrders, readOwnOrder, type OrderPage, type OrderRequest, type OrderView } from './orders.service.ts';

function owner(ctx: GraphQLContext): { tenantId: string; accountId: string } {
  return { tenantId: ctx.tenant.id, accountId: requireViewer(ctx).accountId };
}

function orderRequest(ctx: GraphQLContext, idempotencyKey: string | null | undefined): OrderRequest {
  return { ...owner(ctx), correlationId: ctx.correlationId, idempotencyKey: idempotencyKey ?? null };
}

function subscriber(ctx: GraphQLContext): NonNullable<GraphQLContext['pubsub']> {
  if (!ctx.pubsub) {
    throw new Error('subscription called outside a websocket');
  }
  return ctx.pubsub;
}

const idempotencyKeyArg = {
  description: 'One key per submit, reused on retry: a retry gives the first answer and changes nothing more (docs/api-contract.md).',
};

/** A document or image of an order (spec doc 3 §3 Document reference). */
export const DocumentReferenceRef = builder.objectRef<DocumentReferenceRow>('DocumentReference').implement({
  description: 'An uploaded document or image (spec doc 3 §3 Document reference).',
  fields: (t) => ({
    id: t.exposeID('id'),
    blobId: t.exposeID('blobId', { nullable: true, description: 'The stored file (x-blobdata-id); GET /blob/get/{blobId}.' }),
    url: t.exposeString('url', { nullable: true }),
    contentType: t.exposeString('contentType', { nullable: true, description: 'The type the server found in the bytes.' }),
    description: t.exposeString('description', { nullable: true }),
    author: t.exposeString('authorReference', {
      description: "'Patient/{id}' (the patient) or 'User/{id}' (hospital staff) (spec doc 3 §3).",
    }),
    subject: t.exposeString('subjectReference', { nullable: true, description: "'Patient/{id}'." }),
    patientId: t.exposeID('patientId', { nullable: true }),
    createdTime: t.expose('createdTime', { type: 'DateTime' }),
  }),
});

const ServiceRequestNoteRef = builder.objectRef<ServiceRequestNoteRow>('ServiceRequestNote').implement({
  description: "A note on an order: the patient's ('Patient/…') or the hospital's (spec doc 3 §3 note entries).",
  fields: (t) => ({
    id: t.exposeID('id'),
    authorReference: t.exposeString('authorReference'),
    authorDisplay: t.exposeString('authorDisplay', { nullable: true }),
    time: t.expose('time', { type: 'DateTime' }),
    text: t.exposeString('text'),
    attachmentDocumentReferenceId: t.exposeID('documentReferenceId', {
      nullable: true,
      description: "The document sent with the note (one of the order's documents), or null.",
    }),
  }),
});

const OrderEventRef = builder.objectRef<OrderEventRow>('OrderEvent').implement({
  description: "A line of an order's history: a creation, transition or change (issue 10 Build 4).",
  fields: (t) => ({
    id: t.exposeID('id'),
    event: t.exposeString('event', { description: "'create' or a state machine event (addNote, changeAddress, …)." }),
    fromStatus: t.exposeString('fromStatus', { nullable: true }),
    toStatus: t.exposeString('toStatus'),
    actorReference: t.exposeString('actorReference', { description: "'Patient/{id}' or 'User/{id}'." }),
    reason: t.exposeString('reason', { nullable: true }),
    createdTime: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const dateOrNull = (value: Date | null): Date | null => value;

/** An order (spec doc 3 §3 Order). */
export const ServiceRequestRef = builder.objectRef<OrderView>('ServiceRequest').implement({
  description: 'An order: medication, examination (lab test), procedure or admission (Finance) (spec doc 3 §3 Order).',
  fields: (t) => ({
    id: t.exposeID('id'),
    identifier: t.exposeString('identifier', { nullable: true, description: 'The order number.' }),
    status: t.exposeString('status', { description: 'The record status: draft at creation, revoked for admissions (spec doc 3 §3).' }),
    intent: t.exposeString('intent'),
    category: t.exposeString('category', { description: "Medication, Examination, Procedure or Finance (shown as 'Admission')." }),
    codeCode: t.exposeString('codeCode'),
    orderStatus: t.exposeString('orderStatus', { description: "The category's order status (the status extension of its category)." }),
    medicationOrderStatus: t.exposeString('medicationOrderStatus'),
    examinationOrderStatus: t.exposeString('examinationOrderStatus'),
    procedureOrderStatus: t.exposeString('procedureOrderStatus'),
    encounterOrderStatus: t.exposeString('encounterOrderStatus'),
    orderCanceledReason: t.exposeString('orderCanceledReason', { nullable: true }),
    orderCommunicationStatus: t.exposeString('orderCommunicationStatus'),
    organizationId: t.exposeID('organizationId', { nullable: true }),
    hospitalId: t.exposeID('hospitalId', { nullable: true }),
    patientId: t.exposeID('patientId'),
    replaces: t.exposeID('replacesId', { nullable: true }),
    replacedBy: t.exposeID('replacedById', {
      nullable: true,
      description: 'The replacement order (serviceRequestReplacedBy): the order view opens it instead (spec doc 3 §2).',
    }),
    serviceRequestReplacedBy: t.string({
      nullable: true,
      description: "'ServiceRequest/{id}' of the replacement.",
      resolve: (order) => (order.replacedById ? `ServiceRequest/${order.replacedById}` : null),
    }),
    orderDetail: t.field({ type: 'JSON', nullable: true, resolve: (order) => order.orderDetail ?? null }),
    additionalNote: t.exposeString('additionalNote', { nullable: true }),
    serviceRequestInitiatedFor: t.exposeString('serviceRequestInitiatedFor'),
    serviceRequestInitiatedFrom: t.exposeString('serviceRequestInitiatedFrom'),
    serviceRequestChargingAmount: t.exposeFloat('serviceRequestChargingAmount', { nullable: true }),
    serviceRequestPaymentStatus: t.exposeString('serviceRequestPaymentStatus'),
    serviceRequestPaymentMethod: t.exposeString('serviceRequestPaymentMethod'),
    medicationOrderEstimatedPrice: t.exposeFloat('medicationOrderEstimatedPrice', { nullable: true }),
    medicationOrderEstimatedTime: t.field({ type: 'DateTime', nullable: true, resolve: (o) => dateOrNull(o.medicationOrderEstimatedTime) }),
    sampleCollectionRequestedTime: t.field({ type: 'DateTime', nullable: true, resolve: (o) => dateOrNull(o.sampleCollectionRequestedTime) }),
    sampleCollectionTime: t.field({ type: 'DateTime', nullable: true, resolve: (o) => dateOrNull(o.sampleCollectionTime) }),
    sampleCollectionUserName: t.exposeString('sampleCollectionUserName', { nullable: true }),
    procedureRequestedTime: t.field({ type: 'DateTime', nullable: true, resolve: (o) => dateOrNull(o.procedureRequestedTime) }),
    encounterRequestedTime: t.field({ type: 'DateTime', nullable: true, resolve: (o) => dateOrNull(o.encounterRequestedTime) }),
    homeVisitRequestedTime: t.field({ type: 'DateTime', nullable: true, resolve: (o) => dateOrNull(o.homeVisitRequestedTime) }),
    addressLineOne: t.exposeString('addressLineOne', { nullable: true }),
    addressLineTwo: t.exposeString('addressLineTwo', { nullable: true }),
    addressLineThree: t.exposeString('addressLineThree', { nullable: true, description: 'The landmark.' }),
    addressCity: t.exposeString('addressCity', { nullable: true }),
    requestedLat: t.exposeFloat('requestedLat', { nullable: true }),
    requestedLng: t.exposeFloat('requestedLng', { nullable: true }),
    diagnosticReport: t.field({ type: 'JSON', nullable: true, resolve: (order) => order.diagnosticReport ?? null }),
    procedureRequest: t.field({ type: 'JSON', nullable: true, resolve: (order) => order.procedureRequest ?? null }),
    heartbeatLinkSeen: t.exposeBoolean('heartbeatLinkSeen'),
    heartbeatLastSeen: t.string({
      nullable: true,
      description: 'When the patient last opened the order (ISO 8601).',
      resolve: (order) => order.heartbeatTimestamps.heartbeatLastSeen ?? null,
    }),
    invoiceOrEncounterIdentifier: t.exposeString('invoiceOrEncounterIdentifier', { nullable: true }),
    version: t.exposeInt('version', { description: 'Send it back as expectedVersion when changing the order (optimistic lock).' }),
    documentReferenceIds: t.idList({ resolve: (order) => order.documents.map((document) => document.id) }),
    documents: t.field({ type: [DocumentReferenceRef], resolve: (order) => order.documents }),
    note: t.field({ type: [ServiceRequestNoteRef], description: 'Notes, oldest first.', resolve: (order) => order.notes }),
    events: t.field({ type: [OrderEventRef], description: 'The order-events history, oldest first.', resolve: (order) => order.events }),
    createdTime: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const ServiceRequestPageRef = builder.objectRef<OrderPage>('ServiceRequestPage').implement({
  description: 'A page of orders, newest first.',
  fields: (t) => ({
    nodes: t.field({ type: [ServiceRequestRef], resolve: (page) => page.nodes }),
    endCursor: t.exposeString('endCursor', { nullable: true, description: 'Pass as `after` for the next page (Load More).' }),
    hasMore: t.exposeBoolean('hasMore'),
  }),
});

builder.queryField('serviceRequest', (t) =>
  t.field({
    ...patientOperation,
    type: ServiceRequestRef,
    description:
      "An order of the account's profiles (spec doc 3 §7 Fetch an order by id). Another account's order answers ARO-E2001 " +
      'like a missing one; a replaced order is answered with replacedBy set.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => readOwnOrder(ctx.database.db, owner(ctx), String(args.id)),
  }),
);

builder.queryField('serviceRequests', (t) =>
  t.field({
    ...patientOperation,
    type: ServiceRequestPageRef,
    description:
      "Orders of the account's profiles, newest first (spec doc 3 §7 Fetch orders; purpose Administration and sensitive " +
      'orders left out). Pages: first 10, then 9 per Load More with after = endCursor (spec doc 3 §9). Profiles of another ' +
      'account give no rows.',
    args: {
      patientId: t.arg.idList({ description: 'Profiles; unset: every profile of the account.' }),
      category: t.arg.stringList({ description: 'Medication, Examination, Procedure, Finance; unset: all.' }),
      first: t.arg.int({ defaultValue: ORDER_LIST_FIRST_PAGE }),
      after: t.arg.string(),
    },
    resolve: (_root, args, ctx) =>
      listOwnOrders(ctx.database.db, owner(ctx), {
        patientIds: args.patientId?.map(String) ?? null,
        categories: args.category ?? null,
        first: args.first,
        after: args.after,
      }),
  }),
);

builder.mutationField('createDocumentReference', (t) =>
  t.field({
    ...patientOperation,
    type: DocumentReferenceRef,
    description:
      'Makes a document of a file this account uploaded (POST /blob/put → x-blobdata-id; spec doc 3 §4 Creation flow, §7). ' +
      "Author 'Patient/{id}'. Another account's file or profile answers ARO-E2001; description ARO-E6050.",
    args: {
      blobId: t.arg.id({ required: true }),
      contentType: t.arg.string(),
      description: t.arg.string(),
      patientId: t.arg.id(),
      idempotencyKey: t.arg.string(idempotencyKeyArg),
    },
    resolve: (_root, args, ctx) =>
      createDocumentReference(ctx.database.db, orderRequest(ctx, args.idempotencyKey), {
        blobId: String(args.blobId),
        contentType: args.contentType,
        description: args.description,
        patientId: args.patientId === null || args.patientId === undefined ? null : String(args.patientId),
      }),
  }),
);

builder.mutationField('patchDocumentReference', (t) =>
  t.field({
    ...patientOperation,
    type: DocumentReferenceRef,
    description:
      "Gives a document of the account to one of its profiles (spec doc 3 §7). Another account's document or profile answers " +
      "ARO-E2001; a hospital's document ARO-E6051.",
    args: {
      id: t.arg.id({ required: true }),
      patientId: t.arg.id({ required: true }),
      idempotencyKey: t.arg.string(idempotencyKeyArg),
    },
    resolve: (_root, args, ctx) =>
      patchDocumentReference(ctx.database.db, orderRequest(ctx, args.idempotencyKey), {
        id: String(args.id),
        patientId: String(args.patientId),
      }),
  }),
);

const CreateServiceRequestInput = builder.inputType('CreateServiceRequestInput', {
  description: 'The creation payload (spec doc 3 §3 Creation payload contents).',
  fields: (t) => ({
    patientId: t.id({ required: true }),
    patientGivenName: t.string({ description: 'Accepted for the spec’s payload; the order keeps the profile’s own name.' }),
    orderCategory: t.string({ required: true, description: 'Medication, Examination, Procedure or Finance.' }),
    organization: t.id({ description: "The hospital; unset: the tenant's default for the category." }),
    documentReferenceIds: t.idList({ description: 'Documents of the account, in order (at least one except for admissions).' }),
    serviceRequestInitiatedFor: t.string({ description: "'homecare' (default) or 'appointment'." }),
    requestedLat: t.float(),
    requestedLng: t.float(),
    addressLineOne: t.string(),
    addressLineTwo: t.string(),
    addressLineThree: t.string({ description: 'The landmark.' }),
    addressCity: t.string(),
    diagnosticReport: t.stringList({ description: 'Examination: the test codes.' }),
    procedureRequest: t.stringList({ description: 'The procedure codes.' }),
    sampleCollectionRequestedTime: t.string({ description: 'ISO 8601 with offset, on one of the 7 date choices.' }),
    homeVisitRequestedTime: t.string({ description: 'ISO 8601 with offset.' }),
    additionalNote: t.string(),
  }),
});

builder.mutationField('createServiceRequest', (t) =>
  t.field({
    ...patientOperation,
    type: ServiceRequestRef,
    description:
      "Creates an order for a profile of the account with its documents (spec doc 3 §4 Creation flow). ARO-E6028 when the tenant's " +
      "flags do not offer the category; another account's profile, document or an unknown hospital ARO-E2001; the domain's input " +
      'rules (ARO-E6018 address, ARO-E6022 hospital, ARO-E6023 documents, ARO-E6027 sample date).',
    args: {
      input: t.arg({ type: CreateServiceRequestInput, required: true }),
      idempotencyKey: t.arg.string(idempotencyKeyArg),
    },
    resolve: async (_root, args, ctx) => {
      const { input } = args;
      return createServiceRequestLive(ctx, ctx.database.db, orderRequest(ctx, args.idempotencyKey), ctx.tenant.publicConfig, {
        ...input,
        patientId: String(input.patientId),
        organization: input.organization === null || input.organization === undefined ? null : String(input.organization),
        documentReferenceIds: input.documentReferenceIds?.map(String) ?? null,
      });
    },
  }),
);

const PatchServiceRequestInput = builder.inputType('PatchServiceRequestInput', {
  description: "The patient's changes to an order (spec doc 3 §4 Other transitions, §7 Patch service request).",
  fields: (t) => ({
    addressLineOne: t.string(),
    addressLineTwo: t.string(),
    addressLineThree: t.string({ description: 'The landmark.' }),
    addressCity: t.string(),
    serviceRequestInitiatedFor: t.string({ description: "'homecare' or 'appointment' ('Are you sure want to Change request?')." }),
    serviceRequestPaymentMethod: t.string({ description: 'cash, genie or card.' }),
    documentReferenceIds: t.idList({ description: 'More documents of the account; one already on the order is skipped.' }),
    note: t.string({ description: 'A note to the hospital; sets orderCommunicationStatus patientReplied.' }),
    heartbeatLinkSeen: t.boolean(),
    timeStampKey: t.string({ description: "'heartbeatLastSeen': that timestamp is set to now." }),
  }),
});

builder.mutationField('patchServiceRequest', (t) =>
  t.field({
    ...patientOperation,
    type: ServiceRequestRef,
    description:
      "Changes an order of the account (spec doc 3 §7 Patch service request). expectedVersion is the order's version as the app " +
      'read it: a stale one answers ARO-E6002 and changes nothing (the heartbeat stamps alone are not checked). The domain ' +
      "decides what the order still allows (ARO-E6001, E6004, E6015-E6021). Another account's order ARO-E2001.",
    args: {
      id: t.arg.id({ required: true }),
      expectedVersion: t.arg.int({ required: true }),
      input: t.arg({ type: PatchServiceRequestInput, required: true }),
      idempotencyKey: t.arg.string(idempotencyKeyArg),
    },
    resolve: async (_root, args, ctx) => {
      const patch = { ...args.input, documentReferenceIds: args.input.documentReferenceIds?.map(String) ?? null };
      return patchServiceRequestLive(ctx, ctx.database.db, orderRequest(ctx, args.idempotencyKey), {
        id: String(args.id),
        expectedVersion: args.expectedVersion,
        patch,
      });
    },
  }),
);

builder.subscriptionField('subscribeServiceRequest', (t) =>
  t.field({
    ...patientOperation,
    type: ServiceRequestRef,
    description:
      "Live: an order of the account's profiles after each change (spec doc 3 §7 Subscriptions). Orders with intent reflex_order " +
      "are not sent (spec doc 3 §4). patientId limits it to those profiles; another account's ids deliver nothing.",
    args: { patientId: t.arg.idList() },
    subscribe: async (_root, args, ctx) => {
      const own = owner(ctx);
      const pubsub = subscriber(ctx);
      const accept = await ownOrderEventFilter(ctx.database.db, own, args.patientId);
      return filterEvents(await pubsub.subscribe(accountOrdersTopic(own.tenantId, own.accountId)), accept);
    },
    resolve: (payload, _args, ctx) => readOwnOrder(ctx.database.db, owner(ctx), (payload as OrderChangedEvent).id),
  }),
);
