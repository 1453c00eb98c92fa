import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { staffHospitalRequest, staffOperation, type StaffAction } from '../../graphql/staff-auth.ts';
import { staffCashDesk, staffTakeCashPayment, type CashReceipt, type DeskAppointmentView } from './staff-cash-desk.service.ts';
import { staffDecideRefund, staffRefundRequests, type RefundRequestView } from './staff-refunds.service.ts';
import { staffPaymentsOfDay, type DayPaymentView, type DayPayments, type GatewayTotal } from './staff-day-payments.service.ts';
import {
  staffReconcileGatewayEvent,
  staffUnmatchedGatewayNotifications,
  type UnmatchedEventView,
} from './staff-gateway-events.service.ts';
import type { ReceiptItem, StaffPaymentsDeps } from './staff-payments.context.ts';
import { staffTakeOrderCashPayment, type OrderCashReceipt } from './staff-order-payments.service.ts';
import { gatewaysFor } from '../tenants/index.ts';

/*
 * The hospital's side of payments in the staff console (issue 9 §8 Refunds carried out, §9 Cashier's
 * console). Amounts are 2-decimal strings, as everywhere on the wire.
 */

/** The service's dependencies for a staff request in one hospital; refuses without a staff member. */
function deps(ctx: GraphQLContext, action: StaffAction, organizationId: string | number): StaffPaymentsDeps {
  return {
    ...staffHospitalRequest(ctx, action, organizationId),
    currency: ctx.tenant.publicConfig.currency,
    loyalty: ctx.tenant.publicConfig.loyalty,
    gatewayHttp: ctx.providers.gatewayHttp,
    cyberSourceOf: (hospital) => gatewaysFor(ctx.tenant, hospital).cyberSource,
    log: ctx.log,
  };
}

const RefundDecisionEnum = builder.enumType('StaffRefundDecision', {
  description: "APPROVE_AT_HOSPITAL: 'approved', the patient collects the money at the hospital; REFUND_TO_CARD: back through the gateway; REJECT.",
  values: ['APPROVE_AT_HOSPITAL', 'REFUND_TO_CARD', 'REJECT'] as const,
});

const ReceiptItemRef = builder.objectRef<ReceiptItem>('StaffReceiptItem').implement({
  fields: (t) => ({
    description: t.exposeString('description'),
    amount: t.exposeString('amount', { description: '2 decimals; negative for a discount.' }),
  }),
});

const CashReceiptRef = builder.objectRef<CashReceipt>('StaffCashReceipt').implement({
  description: 'The receipt of a cash payment taken at the desk.',
  fields: (t) => ({
    receiptNumber: t.exposeString('receiptNumber'),
    appointmentId: t.exposeID('appointmentId'),
    paymentId: t.exposeID('paymentId'),
    hospitalName: t.exposeString('hospitalName'),
    patientName: t.exposeString('patientName'),
    tokenNo: t.exposeInt('tokenNo'),
    doctorName: t.exposeString('doctorName'),
    sessionStart: t.field({ type: 'DateTime', resolve: (r) => new Date(r.sessionStart) }),
    items: t.field({ type: [ReceiptItemRef], resolve: (r) => r.items }),
    total: t.exposeString('total'),
    currency: t.exposeString('currency'),
    paidAt: t.field({ type: 'DateTime', resolve: (r) => new Date(r.paidAt) }),
    cashierName: t.exposeString('cashierName'),
  }),
});

const OrderCashReceiptRef = builder.objectRef<OrderCashReceipt>('StaffOrderCashReceipt').implement({
  description: "The receipt of an order's cash payment recorded by the hospital (spec doc 3 §4: cash on delivery).",
  fields: (t) => ({
    receiptNumber: t.exposeString('receiptNumber'),
    serviceRequestId: t.exposeID('serviceRequestId'),
    orderIdentifier: t.exposeString('orderIdentifier', { nullable: true, description: 'The order number.' }),
    category: t.exposeString('category'),
    paymentId: t.exposeID('paymentId'),
    hospitalName: t.exposeString('hospitalName'),
    patientName: t.exposeString('patientName'),
    items: t.field({ type: [ReceiptItemRef], resolve: (r) => r.items }),
    total: t.exposeString('total'),
    currency: t.exposeString('currency'),
    paidAt: t.field({ type: 'DateTime', resolve: (r) => new Date(r.paidAt) }),
    cashierName: t.exposeString('cashierName'),
  }),
});

const DeskAppointmentRef = builder.objectRef<DeskAppointmentView>('StaffDeskAppointment').implement({
  description: 'An unpaid appointment of the day, for the cash desk.',
  fields: (t) => ({
    id: t.exposeID('id'),
    sessionId: t.exposeID('sessionId'),
    sessionStart: t.field({ type: 'DateTime', resolve: (a) => a.sessionStart }),
    doctorName: t.exposeString('doctorName'),
    tokenNo: t.exposeInt('tokenNo'),
    patientName: t.exposeString('patientName'),
    appointmentStatus: t.exposeString('appointmentStatus'),
    paymentStatus: t.exposeString('paymentStatus'),
    nothingToPay: t.exposeBoolean('nothingToPay', {
      description: 'Its session has no charging scheme: it invoices 0 (spec doc 2 §5), so there is no cash to take for it.',
    }),
  }),
});

const DayPaymentRef = builder.objectRef<DayPaymentView>('StaffDayPayment').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    createdTime: t.field({ type: 'DateTime', resolve: (p) => p.createdTime }),
    paymentGatewayType: t.exposeString('paymentGatewayType'),
    status: t.exposeString('status', { description: 'ACCEPT, REVIEW, DECLINE, ERROR, CANCEL.' }),
    amount: t.exposeString('amount'),
    currency: t.exposeString('currency'),
    transactionReference: t.exposeString('transactionReference', { description: 'The receipt number of a cash payment.' }),
    patientName: t.exposeString('patientName', { nullable: true }),
    tokenNo: t.exposeInt('tokenNo', { nullable: true }),
    appointmentId: t.exposeID('appointmentId', { nullable: true }),
  }),
});

const GatewayTotalRef = builder.objectRef<GatewayTotal>('StaffGatewayTotal').implement({
  fields: (t) => ({
    paymentGatewayType: t.exposeString('paymentGatewayType'),
    currency: t.exposeString('currency'),
    count: t.exposeInt('count'),
    total: t.exposeString('total'),
  }),
});

const DayPaymentsRef = builder.objectRef<DayPayments>('StaffDayPayments').implement({
  fields: (t) => ({
    date: t.exposeString('date'),
    payments: t.field({ type: [DayPaymentRef], resolve: (d) => d.payments }),
    totals: t.field({ type: [GatewayTotalRef], description: 'Accepted payments per gateway and currency.', resolve: (d) => d.totals }),
  }),
});

const RefundRequestRef = builder.objectRef<RefundRequestView>('StaffRefundRequest').implement({
  description: 'A refund request as the cashier sees it (spec doc 2 §3 Refund request).',
  fields: (t) => ({
    id: t.exposeID('id'),
    appointmentId: t.exposeID('appointmentId'),
    patientId: t.exposeID('patientId'),
    patientName: t.exposeString('patientName'),
    tokenNo: t.exposeInt('tokenNo'),
    sessionStart: t.field({ type: 'DateTime', resolve: (r) => r.sessionStart }),
    doctorName: t.exposeString('doctorName'),
    status: t.exposeString('status', { description: 'requested, approved, refunded, rejected.' }),
    reasons: t.exposeStringList('reasons', { description: "The reason path chosen by the requester." }),
    requestedBy: t.exposeString('requestedBy'),
    excludedCategories: t.exposeStringList('excludedCategories'),
    remarks: t.exposeString('remarks', { nullable: true }),
    createdTime: t.field({ type: 'DateTime', resolve: (r) => r.createdTime }),
    paymentGatewayType: t.exposeString('paymentGatewayType', { nullable: true }),
    paidAmount: t.exposeString('paidAmount', { nullable: true }),
    refundableAmount: t.exposeString('refundableAmount', { nullable: true }),
    currency: t.exposeString('currency', { nullable: true }),
    refundStatus: t.exposeString('refundStatus', { nullable: true, description: 'The refund to the card: pending, sending, refunded, failed (retryable) or unknown (check with the gateway; never sent again).' }),
    refundedAmount: t.exposeString('refundedAmount', { nullable: true }),
    refundError: t.exposeString('refundError', { nullable: true, description: 'Why the last refund to the card failed (Refund to card retries it) or why its outcome is unknown (check it with the gateway).' }),
  }),
});

const UnmatchedEventRef = builder.objectRef<UnmatchedEventView>('StaffGatewayEvent').implement({
  description: 'A gateway answer waiting for reconciliation.',
  fields: (t) => ({
    id: t.exposeID('id'),
    kind: t.exposeString('kind', { description: 'second_capture or notification_only.' }),
    createdTime: t.field({ type: 'DateTime', resolve: (e) => e.createdTime }),
    transactionId: t.exposeString('transactionId'),
    decision: t.exposeString('decision'),
    source: t.exposeString('source'),
    outcome: t.exposeString('outcome'),
    requestReference: t.exposeString('requestReference'),
    amount: t.exposeString('amount'),
    currency: t.exposeString('currency'),
    patientName: t.exposeString('patientName', { nullable: true }),
  }),
});

builder.queryField('staffCashDesk', (t) =>
  t.field({
    ...staffOperation('payments.cash'),
    type: [DeskAppointmentRef],
    description: "The unpaid appointments of a hospital day's sessions (date 'YYYY-MM-DD', hospital time); audited.",
    args: { organizationId: t.arg.id({ required: true }), date: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => staffCashDesk(deps(ctx, 'payments.cash', args.organizationId), args.date),
  }),
);

builder.queryField('staffPaymentsOfDay', (t) =>
  t.field({
    ...staffOperation('payments.list'),
    type: DayPaymentsRef,
    description: "The hospital's payments of a day (date 'YYYY-MM-DD', hospital time) with totals per gateway; audited.",
    args: { organizationId: t.arg.id({ required: true }), date: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => staffPaymentsOfDay(deps(ctx, 'payments.list', args.organizationId), args.date),
  }),
);

builder.queryField('staffRefundRequests', (t) =>
  t.field({
    ...staffOperation('refunds.list'),
    type: [RefundRequestRef],
    description: "The hospital's refund requests, newest first, optionally of one status; audited.",
    args: { organizationId: t.arg.id({ required: true }), status: t.arg.string() },
    resolve: (_root, args, ctx) => staffRefundRequests(deps(ctx, 'refunds.list', args.organizationId), args.status ?? null),
  }),
);

builder.queryField('staffUnmatchedGatewayNotifications', (t) =>
  t.field({
    ...staffOperation('payments.reconcile'),
    type: [UnmatchedEventRef],
    description: 'Gateway answers to reconcile: second captures and answers only the notification brought; audited.',
    args: { organizationId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => staffUnmatchedGatewayNotifications(deps(ctx, 'payments.reconcile', args.organizationId)),
  }),
);

builder.mutationField('staffTakeCashPayment', (t) =>
  t.field({
    ...staffOperation('payments.cash'),
    type: CashReceiptRef,
    description: 'Takes a cash payment at the desk for an unpaid appointment; charges once and answers its receipt.',
    args: {
      organizationId: t.arg.id({ required: true }),
      appointmentId: t.arg.id({ required: true }),
      idempotencyKey: t.arg.string({ description: 'One key per submit, reused on retry (docs/api-contract.md).' }),
    },
    resolve: (_root, args, ctx) =>
      staffTakeCashPayment(deps(ctx, 'payments.cash', args.organizationId), String(args.appointmentId), args.idempotencyKey ?? null),
  }),
);

builder.mutationField('staffTakeOrderCashPayment', (t) =>
  t.field({
    ...staffOperation('payments.orderCash'),
    type: OrderCashReceiptRef,
    description:
      "Records an order's cash payment (cash on delivery or at the desk) for its charge: a payment in the patient's history " +
      '(ServiceRequest/{id}), the order paid, audited; answers the receipt. ARO-E5028 when it is paid already, ARO-E5024 without a charge, ' +
      'ARO-E6002 when the order changed since the cashier read it (expectedVersion).',
    args: {
      organizationId: t.arg.id({ required: true }),
      serviceRequestId: t.arg.id({ required: true }),
      expectedVersion: t.arg.int({ required: true, description: "The order's version as the cashier read it (the charge collected)." }),
      idempotencyKey: t.arg.string({ description: 'One key per submit, reused on retry (docs/api-contract.md).' }),
    },
    resolve: (_root, args, ctx) =>
      staffTakeOrderCashPayment(
        deps(ctx, 'payments.orderCash', args.organizationId),
        String(args.serviceRequestId),
        args.expectedVersion,
        args.idempotencyKey ?? null,
      ),
  }),
);

builder.mutationField('staffDecideRefund', (t) =>
  t.field({
    ...staffOperation('refunds.decide'),
    type: RefundRequestRef,
    description: "Decides a requested refund (or retries a failed refund to the card); a double approval refunds once.",
    args: {
      organizationId: t.arg.id({ required: true }),
      refundRequestId: t.arg.id({ required: true }),
      decision: t.arg({ type: RefundDecisionEnum, required: true }),
      remarks: t.arg.string({ description: 'At most 1000 characters.' }),
      idempotencyKey: t.arg.string({ description: 'One key per submit, reused on retry (docs/api-contract.md).' }),
    },
    resolve: (_root, args, ctx) =>
      staffDecideRefund(deps(ctx, 'refunds.decide', args.organizationId), String(args.refundRequestId), {
        decision: args.decision,
        remarks: args.remarks ?? null,
        idempotencyKey: args.idempotencyKey ?? null,
      }),
  }),
);

builder.mutationField('staffReconcileGatewayEvent', (t) =>
  t.field({
    ...staffOperation('payments.reconcile'),
    type: 'Boolean',
    description: "Marks a gateway answer reconciled, with the cashier's remarks in the audit trail.",
    args: {
      organizationId: t.arg.id({ required: true }),
      eventId: t.arg.id({ required: true }),
      remarks: t.arg.string({ description: 'At most 1000 characters.' }),
    },
    resolve: (_root, args, ctx) =>
      staffReconcileGatewayEvent(deps(ctx, 'payments.reconcile', args.organizationId), String(args.eventId), args.remarks ?? null),
  }),
);
