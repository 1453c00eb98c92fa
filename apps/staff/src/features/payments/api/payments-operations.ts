import { graphql, type ResultOf } from '@careline/contract/graphql';

// The hospital's side of payments (issue 9 §8, §9), typed from schema.graphql (gql.tada).

export const staffPaymentsOfDayQuery = graphql(`
  query staffPaymentsOfDay($organizationId: ID!, $date: String!) {
    staffPaymentsOfDay(organizationId: $organizationId, date: $date) {
      date
      payments { id createdTime paymentGatewayType status amount currency transactionReference patientName tokenNo }
      totals { paymentGatewayType currency count total }
    }
  }
`);

export type DayPayments = ResultOf<typeof staffPaymentsOfDayQuery>['staffPaymentsOfDay'];

export const staffCashDeskQuery = graphql(`
  query staffCashDesk($organizationId: ID!, $date: String!) {
    staffCashDesk(organizationId: $organizationId, date: $date) {
      id sessionId sessionStart doctorName tokenNo patientName appointmentStatus paymentStatus nothingToPay
    }
  }
`);

export type DeskAppointment = ResultOf<typeof staffCashDeskQuery>['staffCashDesk'][number];

export const staffTakeCashPaymentMutation = graphql(`
  mutation staffTakeCashPayment($organizationId: ID!, $appointmentId: ID!, $idempotencyKey: String) {
    staffTakeCashPayment(organizationId: $organizationId, appointmentId: $appointmentId, idempotencyKey: $idempotencyKey) {
      receiptNumber appointmentId hospitalName patientName tokenNo doctorName sessionStart
      items { description amount }
      total currency paidAt cashierName
    }
  }
`);

export type CashReceipt = ResultOf<typeof staffTakeCashPaymentMutation>['staffTakeCashPayment'];

export const staffRefundRequestsQuery = graphql(`
  query staffRefundRequests($organizationId: ID!, $status: String) {
    staffRefundRequests(organizationId: $organizationId, status: $status) {
      id appointmentId patientName tokenNo sessionStart doctorName status reasons requestedBy excludedCategories
      remarks createdTime paymentGatewayType paidAmount refundableAmount currency refundStatus refundedAmount refundError
    }
  }
`);

export type RefundRequest = ResultOf<typeof staffRefundRequestsQuery>['staffRefundRequests'][number];

export const staffDecideRefundMutation = graphql(`
  mutation staffDecideRefund(
    $organizationId: ID!
    $refundRequestId: ID!
    $decision: StaffRefundDecision!
    $remarks: String
    $idempotencyKey: String
  ) {
    staffDecideRefund(
      organizationId: $organizationId
      refundRequestId: $refundRequestId
      decision: $decision
      remarks: $remarks
      idempotencyKey: $idempotencyKey
    ) {
      id status remarks refundStatus refundedAmount refundError
    }
  }
`);

export type RefundDecision = 'APPROVE_AT_HOSPITAL' | 'REFUND_TO_CARD' | 'REJECT';

export const staffUnmatchedGatewayNotificationsQuery = graphql(`
  query staffUnmatchedGatewayNotifications($organizationId: ID!) {
    staffUnmatchedGatewayNotifications(organizationId: $organizationId) {
      id kind createdTime transactionId decision source outcome requestReference amount currency patientName
    }
  }
`);

export type GatewayEvent = ResultOf<typeof staffUnmatchedGatewayNotificationsQuery>['staffUnmatchedGatewayNotifications'][number];

export const staffReconcileGatewayEventMutation = graphql(`
  mutation staffReconcileGatewayEvent($organizationId: ID!, $eventId: ID!, $remarks: String) {
    staffReconcileGatewayEvent(organizationId: $organizationId, eventId: $eventId, remarks: $remarks)
  }
`);
