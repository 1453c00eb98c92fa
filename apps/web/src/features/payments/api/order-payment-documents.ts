/**
 * Order payment operations (spec doc 3 §4 Order payment, §7 Prepare invoice, Patch service request;
 * docs/api-contract.md), typed from schema.graphql by gql.tada. Booking and quick pay use the
 * appointment's documents (payment-documents.ts): an order's invoice is paid the same way.
 */
import { graphql, type ResultOf } from '../../../lib/graphql/lazy-graphql.ts';

/**
 * spec doc 3 §7 Prepare invoice: the open invoice of an order (serviceRequestId, instrumentType
 * credit_card; the server takes the order's own charge, request reference ServiceRequest/{id}).
 */
export const prepareOrderInvoiceMutation = graphql(`
  mutation prepareOrderInvoice($input: PrepareInvoiceInput!) {
    prepareInvoice(input: $input) {
      id
      serviceRequestId
      items {
        description
        amount
      }
      values
      total
      currency
      reasonCode
    }
  }
`);

export type PreparedOrderInvoice = ResultOf<typeof prepareOrderInvoiceMutation>['prepareInvoice'];

/**
 * spec doc 3 §7 Patch service request (payment method): the patient's choice of card, Genie or cash
 * on delivery, against the order's version as read (a stale one is refused: ARO-E6002).
 */
export const chooseOrderPaymentMethodMutation = graphql(`
  mutation chooseOrderPaymentMethod($id: ID!, $expectedVersion: Int!, $method: String!, $idempotencyKey: String) {
    patchServiceRequest(
      id: $id
      expectedVersion: $expectedVersion
      input: { serviceRequestPaymentMethod: $method }
      idempotencyKey: $idempotencyKey
    ) {
      id
      version
      serviceRequestPaymentMethod
    }
  }
`);
