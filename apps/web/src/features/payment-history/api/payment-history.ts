/**
 * Payment history and saved cards (spec doc 2 §7 queryPaymentGatewayCallback, deletePaymentMethod,
 * setDefaultPaymentMethod; docs/api-contract.md), typed from schema.graphql.
 */
import { graphql, type ResultOf } from '../../../lib/graphql/lazy-graphql.ts';

/** The most payments the server lists at once (its queryPaymentGatewayCallback limit). */
export const PAYMENT_HISTORY_LIMIT = 100;

/** spec doc 2 §7 queryPaymentGatewayCallback: the account's payments, newest first, with the paid invoice. */
export const paymentHistoryQuery = graphql(`
  query paymentHistory($limit: Int) {
    queryPaymentGatewayCallback(limit: $limit) {
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
        reasonCode
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

export type PaymentHistoryQueryRecord = ResultOf<typeof paymentHistoryQuery>['queryPaymentGatewayCallback'][number];

/** spec doc 2 §7 deletePaymentMethod: removes a saved card of the account. */
export const deletePaymentMethodMutation = graphql(`
  mutation deletePaymentMethod($id: ID!) {
    deletePaymentMethod(id: $id)
  }
`);

/** spec doc 2 §7 setDefaultPaymentMethod: the card quick pay uses. */
export const setDefaultPaymentMethodMutation = graphql(`
  mutation setDefaultPaymentMethod($id: ID!) {
    setDefaultPaymentMethod(id: $id)
  }
`);
