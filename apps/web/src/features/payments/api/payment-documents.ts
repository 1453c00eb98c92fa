/**
 * Pay-now operations (spec doc 2 §7 prepareInvoice, initiateBooking, completeBooking,
 * queryPaymentGatewayCallback; docs/api-contract.md), typed from schema.graphql by gql.tada.
 */
import { graphql, type ResultOf } from '../../../lib/graphql/lazy-graphql.ts';

/** spec doc 2 §7 prepareInvoice: the open invoice of an appointment, with its items and total. */
export const prepareInvoiceMutation = graphql(`
  mutation prepareInvoice($input: PrepareInvoiceInput!) {
    prepareInvoice(input: $input) {
      id
      items {
        description
        amount
        category
      }
      total
      currency
      reasonCode
    }
  }
`);

export type PreparedInvoice = ResultOf<typeof prepareInvoiceMutation>['prepareInvoice'];

/**
 * spec doc 2 §7 initiateBooking: the signed fields to post to the gateway's formUrl with the card
 * fields. Idempotent with idempotencyKey (a double tap on Pay starts one booking request).
 */
export const initiateBookingMutation = graphql(`
  mutation initiateBooking($input: InitiateBookingInput!, $idempotencyKey: String) {
    initiateBooking(input: $input, idempotencyKey: $idempotencyKey) {
      id
      formUrl
      formMethod
      signature {
        parameter {
          name
          value
        }
        value
      }
      unsignedFieldNames
    }
  }
`);

/** spec doc 2 §7 completeBooking: quick pay of the invoice with a saved card. */
export const completeBookingMutation = graphql(`
  mutation completeBooking($input: CompleteBookingInput!, $idempotencyKey: String) {
    completeBooking(input: $input, idempotencyKey: $idempotencyKey) {
      id
      bookingId
      status
      message
      paymentMethodId
    }
  }
`);

/**
 * spec doc 2 §7 authenticatePaymentGateway: the bank's 3-D Secure page for a quick pay that answered
 * 'authenticating' (JSON with authentication.redirectHtml or redirectUrl).
 */
export const authenticatePaymentGatewayMutation = graphql(`
  mutation authenticatePaymentGateway($id: ID!, $successUrl: String, $failureUrl: String) {
    authenticatePaymentGateway(id: $id, successUrl: $successUrl, failureUrl: $failureUrl)
  }
`);

/** spec doc 2 §7 queryPaymentGatewayCallback: the gateway's answer for one booking request. */
export const paymentOutcomeQuery = graphql(`
  query paymentOutcome($bookingId: ID) {
    queryPaymentGatewayCallback(bookingId: $bookingId, limit: 1) {
      id
      bookingId
      response {
        status
        message
        additionalInfo
        reasonCode
      }
    }
  }
`);

export type PaymentOutcome = ResultOf<
  typeof paymentOutcomeQuery
>['queryPaymentGatewayCallback'][number];

/**
 * spec doc 2 §7 queryPaymentGatewayCallback by the appointment's reference: its payments, newest
 * first, with the paid invoice (issue 29 §1.3 the proof of payment on /view/appointment). The same
 * fields as the payment history's, so its 'Payment Invoice' can show one.
 */
export const appointmentPaymentsQuery = graphql(`
  query appointmentPayments($requestReference: String, $limit: Int) {
    queryPaymentGatewayCallback(requestReference: $requestReference, limit: $limit) {
      id
      bookingId
      requestReference
      organizationId
      organizationName
      patientId
      createdTime
      response {
        amount
        status
        message
        additionalInfo
        transactionDate
        transactionReference
        cardType
        cardNumber
        cardExpiry
        firstName
        lastName
        paymentGatewayType
      }
      invoice {
        id
        items {
          description
          amount
          category
        }
        total
        currency
      }
    }
  }
`);

export type AppointmentPaymentRecord = ResultOf<
  typeof appointmentPaymentsQuery
>['queryPaymentGatewayCallback'][number];
