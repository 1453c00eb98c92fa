import { ORDER_CANCEL_REASONS } from '@careline/domain/orders';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { staffHospitalRequest, staffOperation, type StaffAction } from '../../graphql/staff-auth.ts';
import { filterEvents } from '../../providers/pubsub/filter-events.ts';
import { ServiceRequestRef } from './orders.schema.ts';
import { staffOrdersTopic } from './orders.live.ts';
import {
  STAFF_ORDER_PAGE_DEFAULT,
  listStaffOrders,
  readStaffOrder,
  readStaffOrderEvent,
  staffOrderEventFilter,
  type StaffOrderChange,
  type StaffOrderDeps,
  type StaffOrderPage,
  type StaffOrderPatient,
  type StaffOrderView,
} from './staff-orders.service.ts';
import { addStaffOrderNote, attachStaffOrderDocument } from './staff-order-notes.service.ts';
import {
  cancelStaffOrder,
  moveStaffOrderStatus,
  scheduleStaffSampleCollection,
  setStaffOrderCharge,
  setStaffOrderEstimatedTime,
} from './staff-order-changes.service.ts';
import { replaceStaffOrder } from './staff-order-replace.service.ts';

/** The service's dependencies for a staff request in one hospital; refuses without a staff member. */
function deps(ctx: GraphQLContext, action: StaffAction, organizationId: string | number): StaffOrderDeps {
  return {
    ...staffHospitalRequest(ctx, action, organizationId),
    smsOutbox: ctx.smsOutbox,
    config: ctx.tenant.publicConfig,
    log: ctx.log,
  };
}

const idempotencyKeyArg = {
  description: 'One key per submit, reused on retry: a retry gives the first answer and changes nothing more (docs/api-contract.md).',
};

const expectedVersionArg = {
  required: true,
  description: "The order's version as the console read it: a stale one answers ARO-E6002 ('changed by someone else') and changes nothing.",
} as const;

function change(args: { id: string | number; expectedVersion: number; idempotencyKey?: string | null }): StaffOrderChange {
  return { id: String(args.id), expectedVersion: args.expectedVersion, idempotencyKey: args.idempotencyKey ?? null };
}

const StaffOrderQueueEnum = builder.enumType('StaffOrderQueue', {
  description: 'A queue of the console: NEW (status new), IN_PROGRESS (open after new), DONE (completed, canceled or replaced).',
  values: ['NEW', 'IN_PROGRESS', 'DONE'] as const,
});

const StaffOrderPatientRef = builder.objectRef<StaffOrderPatient>('StaffOrderPatient').implement({
  description: "The order's patient as the hospital sees them (no relationship to the account holder).",
  fields: (t) => ({
    id: t.exposeID('id'),
    prefix: t.exposeString('prefix'),
    givenName: t.exposeString('givenName'),
    familyName: t.exposeString('familyName'),
    name: t.exposeString('name', { description: 'Prefix, given and family name.' }),
    gender: t.exposeString('gender'),
    birthDate: t.exposeString('birthDate', { nullable: true, description: 'YYYY-MM-DD.' }),
    age: t.exposeInt('age', { nullable: true, description: 'Whole years today; null without a birth date.' }),
    ageLabel: t.exposeString('ageLabel', { description: "The age as profiles show it ('34 years', '3 months 4 days'); '' without a birth date." }),
    mobileNo: t.exposeString('mobileNo', { nullable: true, description: "The account's mobile number (94 + 9 digits)." }),
    medicalRecordNumber: t.exposeString('medicalRecordNumber', {
      description: "The tenant's medical record number, the patient number on reports ('000042'); '' before one is given.",
    }),
  }),
});

const StaffOrderRef = builder.objectRef<StaffOrderView>('StaffOrder').implement({
  description: 'An order as the hospital works it: the order (documents, notes, history), its patient and the next statuses.',
  fields: (t) => ({
    id: t.exposeID('id'),
    order: t.field({ type: ServiceRequestRef, resolve: (view) => view.order }),
    patient: t.field({ type: StaffOrderPatientRef, resolve: (view) => view.patient }),
    nextStatuses: t.exposeStringList('nextStatuses', {
      description:
        'The statuses the order may go to next (the domain\'s nextOrderStatuses): staffMoveOrderStatus for each but ' +
        'canceled, which is staffCancelOrder with a reason; empty for a closed or replaced order.',
    }),
    canScheduleSampleCollection: t.exposeBoolean('canScheduleSampleCollection', {
      description: 'Whether staffScheduleSampleCollection may run now (a home request of a category with sample collection).',
    }),
    currency: t.string({
      description: "The currency of the order's charge: the tenant's (the patient's invoice shows the same).",
      resolve: (_view, _args, ctx) => ctx.tenant.publicConfig.currency,
    }),
  }),
});

const StaffOrderPageRef = builder.objectRef<StaffOrderPage>('StaffOrderPage').implement({
  description: 'A page of a queue, newest first.',
  fields: (t) => ({
    nodes: t.field({ type: [StaffOrderRef], resolve: (page) => page.nodes }),
    endCursor: t.exposeString('endCursor', { nullable: true, description: 'Pass as `after` for the next page.' }),
    hasMore: t.exposeBoolean('hasMore'),
    totalCount: t.exposeInt('totalCount', { description: 'How many orders the whole queue holds (same categories and search).' }),
  }),
});

builder.queryField('staffOrders', (t) =>
  t.field({
    ...staffOperation('orders.read'),
    type: StaffOrderPageRef,
    description:
      "A queue of the hospital's orders, newest first, of the categories the member's roles work (pharmacist: Medication, " +
      'lab technician: Examination, nurse: Procedure and Finance, doctor: Finance, admin: all). A category their roles do ' +
      'not work answers ARO-E1210. search matches the patient name, the mobile number or the order number. Audited.',
    args: {
      organizationId: t.arg.id({ required: true }),
      category: t.arg.string({ description: 'Medication, Examination, Procedure or Finance; unset: every category the member works.' }),
      queue: t.arg({ type: StaffOrderQueueEnum, required: true }),
      search: t.arg.string({ description: 'Part of the patient name, the mobile number or the order number.' }),
      first: t.arg.int({ defaultValue: STAFF_ORDER_PAGE_DEFAULT, description: '1 to 50.' }),
      after: t.arg.string({ description: 'endCursor of the page before.' }),
    },
    resolve: (_root, args, ctx) =>
      listStaffOrders(deps(ctx, 'orders.read', args.organizationId), {
        category: args.category ?? null,
        queue: args.queue,
        search: args.search ?? null,
        first: args.first ?? STAFF_ORDER_PAGE_DEFAULT,
        after: args.after ?? null,
      }),
  }),
);

builder.queryField('staffOrder', (t) =>
  t.field({
    ...staffOperation('orders.read'),
    type: StaffOrderRef,
    description:
      "An order of the hospital with its documents, notes, history and patient. An order of another hospital answers " +
      'ARO-E2001 like a missing one; a category the member does not work ARO-E1210. Audited.',
    args: { organizationId: t.arg.id({ required: true }), id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => readStaffOrder(deps(ctx, 'orders.read', args.organizationId), String(args.id)),
  }),
);

builder.subscriptionField('subscribeStaffOrders', (t) =>
  t.field({
    ...staffOperation('orders.read'),
    type: StaffOrderRef,
    nullable: true,
    description:
      "Live: an order of the hospital after each change (the patient's or staff's), of the categories the member works " +
      '(category narrows it). Each delivery checks the roles as they are then and is audited. Over a websocket only: ' +
      'a one-off HTTP request answers null.',
    args: {
      organizationId: t.arg.id({ required: true }),
      category: t.arg.string({ description: 'Medication, Examination, Procedure or Finance; unset: every category the member works.' }),
    },
    subscribe: async (_root, args, ctx) => {
      const orderDeps = deps(ctx, 'orders.read', args.organizationId);
      if (!ctx.pubsub) {
        throw new Error('subscribeStaffOrders called outside a websocket');
      }
      // The scope is checked when a result resolves: refuse here too, before listening.
      const accept = staffOrderEventFilter(orderDeps, args.category ?? null);
      return filterEvents(await ctx.pubsub.subscribe(staffOrdersTopic(ctx.tenant.id, orderDeps.organizationId)), accept);
    },
    // A published change reads the order now; anything else (the root value of a one-off HTTP request) is null.
    resolve: (payload: unknown, args, ctx) => readStaffOrderEvent(deps(ctx, 'orders.read', args.organizationId), payload),
  }),
);

builder.mutationField('staffSetOrderCharge', (t) =>
  t.field({
    ...staffOperation('orders.work'),
    type: StaffOrderRef,
    description:
      "Sets or changes the charging amount (serviceRequestChargingAmount) the patient's invoice is built from; a new order " +
      'becomes confirming. Refused once paid (ARO-E6006) or on a closed order (ARO-E6001); a bad amount ARO-E6005.',
    args: {
      organizationId: t.arg.id({ required: true }),
      id: t.arg.id({ required: true }),
      expectedVersion: t.arg.int(expectedVersionArg),
      amount: t.arg.string({ required: true, description: 'In major units (LKR), above 0, at most 2 decimals, e.g. "1500.00".' }),
      idempotencyKey: t.arg.string(idempotencyKeyArg),
    },
    resolve: (_root, args, ctx) => setStaffOrderCharge(deps(ctx, 'orders.work', args.organizationId), change(args), args.amount),
  }),
);

builder.mutationField('staffSetOrderEstimatedTime', (t) =>
  t.field({
    ...staffOperation('orders.estimatedTime'),
    type: StaffOrderRef,
    description: 'Sets the estimated time of a medication order (medicationOrderEstimatedTime); other categories ARO-E6010.',
    args: {
      organizationId: t.arg.id({ required: true }),
      id: t.arg.id({ required: true }),
      expectedVersion: t.arg.int(expectedVersionArg),
      time: t.arg({ type: 'DateTime', required: true }),
      idempotencyKey: t.arg.string(idempotencyKeyArg),
    },
    resolve: (_root, args, ctx) =>
      setStaffOrderEstimatedTime(deps(ctx, 'orders.estimatedTime', args.organizationId), change(args), args.time),
  }),
);

builder.mutationField('staffScheduleSampleCollection', (t) =>
  t.field({
    ...staffOperation('orders.sampleCollection'),
    type: StaffOrderRef,
    description:
      "Schedules (or reschedules) the home sample collection: the collector's name and the time; the order moves to " +
      "sampleCollecting and the patient gets an SMS. Not a home request ARO-E6014; bad name ARO-E6012; no charge yet ARO-E6007.",
    args: {
      organizationId: t.arg.id({ required: true }),
      id: t.arg.id({ required: true }),
      expectedVersion: t.arg.int(expectedVersionArg),
      collectorName: t.arg.string({ required: true, description: 'At most 100 characters.' }),
      time: t.arg({ type: 'DateTime', required: true }),
      idempotencyKey: t.arg.string(idempotencyKeyArg),
    },
    resolve: (_root, args, ctx) =>
      scheduleStaffSampleCollection(deps(ctx, 'orders.sampleCollection', args.organizationId), change(args), {
        collectorName: args.collectorName,
        time: args.time,
      }),
  }),
);

builder.mutationField('staffMoveOrderStatus', (t) =>
  t.field({
    ...staffOperation('orders.work'),
    type: StaffOrderRef,
    description:
      "Moves the order to one of its nextStatuses (completed closes it); another move answers the domain's ARO-E6003, a " +
      'closed order ARO-E6001. Cancelling is staffCancelOrder. The patient is told by SMS when a medication is ready or a ' +
      'report is ready, and when the collector is on the way.',
    args: {
      organizationId: t.arg.id({ required: true }),
      id: t.arg.id({ required: true }),
      expectedVersion: t.arg.int(expectedVersionArg),
      to: t.arg.string({ required: true, description: 'An order status (spec doc 3 §4), e.g. preparing, delivering, completed.' }),
      idempotencyKey: t.arg.string(idempotencyKeyArg),
    },
    resolve: (_root, args, ctx) => moveStaffOrderStatus(deps(ctx, 'orders.work', args.organizationId), change(args), args.to),
  }),
);

builder.mutationField('staffCancelOrder', (t) =>
  t.field({
    ...staffOperation('orders.work'),
    type: StaffOrderRef,
    description: `Cancels the order with a reason (${ORDER_CANCEL_REASONS.join(', ')}; another ARO-E6009).`,
    args: {
      organizationId: t.arg.id({ required: true }),
      id: t.arg.id({ required: true }),
      expectedVersion: t.arg.int(expectedVersionArg),
      reason: t.arg.string({ required: true, description: ORDER_CANCEL_REASONS.join(', ') }),
      idempotencyKey: t.arg.string(idempotencyKeyArg),
    },
    resolve: (_root, args, ctx) => cancelStaffOrder(deps(ctx, 'orders.work', args.organizationId), change(args), args.reason),
  }),
);

builder.mutationField('staffAddOrderNote', (t) =>
  t.field({
    ...staffOperation('orders.work'),
    type: StaffOrderRef,
    description:
      "Replies in the order's notes (author 'User/{id}' with the member's name; orderCommunicationStatus performerReplied), " +
      'optionally with a file the member uploaded (POST /blob/put with the staff token), attached to the order as a ' +
      'document. A completed order\'s notes are closed (ARO-E6021); text rules ARO-E6020.',
    args: {
      organizationId: t.arg.id({ required: true }),
      id: t.arg.id({ required: true }),
      expectedVersion: t.arg.int(expectedVersionArg),
      text: t.arg.string({ required: true }),
      attachmentBlobId: t.arg.id({ description: 'A file this member uploaded (x-blobdata-id).' }),
      idempotencyKey: t.arg.string(idempotencyKeyArg),
    },
    resolve: (_root, args, ctx) =>
      addStaffOrderNote(deps(ctx, 'orders.work', args.organizationId), change(args), {
        text: args.text,
        attachmentBlobId: args.attachmentBlobId === null || args.attachmentBlobId === undefined ? null : String(args.attachmentBlobId),
      }),
  }),
);

builder.mutationField('staffAttachOrderDocument', (t) =>
  t.field({
    ...staffOperation('orders.work'),
    type: StaffOrderRef,
    description:
      "Attaches a result or prescription document (author 'User/{id}') made of a file this member uploaded (POST " +
      '/blob/put with the staff token); allowed after completion too, refused on a canceled order (ARO-E6001). Another ' +
      "member's file ARO-E2001.",
    args: {
      organizationId: t.arg.id({ required: true }),
      id: t.arg.id({ required: true }),
      expectedVersion: t.arg.int(expectedVersionArg),
      blobId: t.arg.id({ required: true }),
      description: t.arg.string({ description: 'At most 500 characters, e.g. "Lab report".' }),
      idempotencyKey: t.arg.string(idempotencyKeyArg),
    },
    resolve: (_root, args, ctx) =>
      attachStaffOrderDocument(deps(ctx, 'orders.work', args.organizationId), change(args), {
        blobId: String(args.blobId),
        description: args.description ?? null,
      }),
  }),
);

const StaffReplaceOrderInput = builder.inputType('StaffReplaceOrderInput', {
  description: "What the replacement changes; unset fields are copied from the order it replaces.",
  fields: (t) => ({
    diagnosticReport: t.stringList({ description: 'Examination: the test codes.' }),
    procedureRequest: t.stringList({ description: 'The procedure codes.' }),
    additionalNote: t.string(),
  }),
});

builder.mutationField('staffReplaceOrder', (t) =>
  t.field({
    ...staffOperation('orders.work'),
    type: StaffOrderRef,
    description:
      'Replaces an order (spec doc 3 §4): a new order of the same patient, category, hospital, place and documents records ' +
      'the old one in replaces, and the old one records serviceRequestReplacedBy (the patient\'s order view opens the ' +
      'replacement). Answers the replacement. A closed or already replaced order is refused (ARO-E6001, ARO-E6004).',
    args: {
      organizationId: t.arg.id({ required: true }),
      id: t.arg.id({ required: true }),
      expectedVersion: t.arg.int(expectedVersionArg),
      input: t.arg({ type: StaffReplaceOrderInput }),
      idempotencyKey: t.arg.string(idempotencyKeyArg),
    },
    resolve: (_root, args, ctx) =>
      replaceStaffOrder(deps(ctx, 'orders.work', args.organizationId), change(args), {
        diagnosticReport: args.input?.diagnosticReport ?? null,
        procedureRequest: args.input?.procedureRequest ?? null,
        additionalNote: args.input?.additionalNote ?? null,
      }),
  }),
);
