import { graphql, type ResultOf, type VariablesOf } from '@careline/contract/graphql';

// The hospital's orders and the actions on them (issue 10, staff console), typed from schema.graphql
// (gql.tada). Each operation is checked alone against the schema (packages/contract operations.test),
// so the fields are written out in each rather than shared through a fragment.

/** A page of one queue (NEW, IN_PROGRESS, DONE), newest first. */
export const staffOrdersQuery = graphql(`
  query staffOrders($organizationId: ID!, $category: String, $queue: StaffOrderQueue!, $search: String, $first: Int, $after: String) {
    staffOrders(organizationId: $organizationId, category: $category, queue: $queue, search: $search, first: $first, after: $after) {
      nodes {
        id currency nextStatuses
        order {
          id identifier category orderStatus createdTime serviceRequestInitiatedFor serviceRequestPaymentStatus
          serviceRequestChargingAmount orderCommunicationStatus replacedBy version documentReferenceIds
        }
        patient { id name mobileNo }
      }
      endCursor hasMore
    }
  }
`);

export type StaffOrdersPage = ResultOf<typeof staffOrdersQuery>['staffOrders'];
export type StaffOrderRow = StaffOrdersPage['nodes'][number];
export type StaffOrdersVariables = VariablesOf<typeof staffOrdersQuery>;

/** Live: an order of the hospital after each change, the patient's or staff's. */
export const subscribeStaffOrdersSubscription = graphql(`
  subscription subscribeStaffOrders($organizationId: ID!, $category: String) {
    subscribeStaffOrders(organizationId: $organizationId, category: $category) {
      id currency nextStatuses
      order {
        id identifier category orderStatus createdTime serviceRequestInitiatedFor serviceRequestPaymentStatus
        serviceRequestChargingAmount orderCommunicationStatus replacedBy version documentReferenceIds
      }
      patient { id name mobileNo }
    }
  }
`);

/** One order as the hospital works it: patient, documents, notes, history, next statuses. */
export const staffOrderQuery = graphql(`
  query staffOrder($organizationId: ID!, $id: ID!) {
    staffOrder(organizationId: $organizationId, id: $id) {
      id currency nextStatuses canScheduleSampleCollection
      patient { id name gender age ageLabel mobileNo medicalRecordNumber }
      order {
        id identifier category orderStatus status version createdTime
        serviceRequestInitiatedFor serviceRequestInitiatedFrom serviceRequestPaymentStatus serviceRequestPaymentMethod
        serviceRequestChargingAmount medicationOrderEstimatedTime sampleCollectionUserName sampleCollectionTime
        sampleCollectionRequestedTime procedureRequestedTime encounterRequestedTime homeVisitRequestedTime
        addressLineOne addressLineTwo addressLineThree addressCity additionalNote orderCanceledReason
        orderCommunicationStatus replacedBy replaces
        documents { id blobId contentType description author createdTime }
        note { id text time authorReference authorDisplay attachmentDocumentReferenceId }
        events { id event fromStatus toStatus actorReference reason createdTime }
      }
    }
  }
`);

export type StaffOrderDetail = ResultOf<typeof staffOrderQuery>['staffOrder'];
export type StaffOrderDocument = StaffOrderDetail['order']['documents'][number];
export type StaffOrderNote = StaffOrderDetail['order']['note'][number];
export type StaffOrderHistoryLine = StaffOrderDetail['order']['events'][number];

export const staffSetOrderChargeMutation = graphql(`
  mutation staffSetOrderCharge($organizationId: ID!, $id: ID!, $expectedVersion: Int!, $amount: String!, $idempotencyKey: String) {
    staffSetOrderCharge(organizationId: $organizationId, id: $id, expectedVersion: $expectedVersion, amount: $amount, idempotencyKey: $idempotencyKey) {
      id order { id version }
    }
  }
`);

export const staffSetOrderEstimatedTimeMutation = graphql(`
  mutation staffSetOrderEstimatedTime($organizationId: ID!, $id: ID!, $expectedVersion: Int!, $time: DateTime!, $idempotencyKey: String) {
    staffSetOrderEstimatedTime(organizationId: $organizationId, id: $id, expectedVersion: $expectedVersion, time: $time, idempotencyKey: $idempotencyKey) {
      id order { id version }
    }
  }
`);

export const staffScheduleSampleCollectionMutation = graphql(`
  mutation staffScheduleSampleCollection($organizationId: ID!, $id: ID!, $expectedVersion: Int!, $collectorName: String!, $time: DateTime!, $idempotencyKey: String) {
    staffScheduleSampleCollection(organizationId: $organizationId, id: $id, expectedVersion: $expectedVersion, collectorName: $collectorName, time: $time, idempotencyKey: $idempotencyKey) {
      id order { id version }
    }
  }
`);

export const staffMoveOrderStatusMutation = graphql(`
  mutation staffMoveOrderStatus($organizationId: ID!, $id: ID!, $expectedVersion: Int!, $to: String!, $idempotencyKey: String) {
    staffMoveOrderStatus(organizationId: $organizationId, id: $id, expectedVersion: $expectedVersion, to: $to, idempotencyKey: $idempotencyKey) {
      id order { id version }
    }
  }
`);

export const staffCancelOrderMutation = graphql(`
  mutation staffCancelOrder($organizationId: ID!, $id: ID!, $expectedVersion: Int!, $reason: String!, $idempotencyKey: String) {
    staffCancelOrder(organizationId: $organizationId, id: $id, expectedVersion: $expectedVersion, reason: $reason, idempotencyKey: $idempotencyKey) {
      id order { id version }
    }
  }
`);

export const staffAddOrderNoteMutation = graphql(`
  mutation staffAddOrderNote($organizationId: ID!, $id: ID!, $expectedVersion: Int!, $text: String!, $attachmentBlobId: ID, $idempotencyKey: String) {
    staffAddOrderNote(organizationId: $organizationId, id: $id, expectedVersion: $expectedVersion, text: $text, attachmentBlobId: $attachmentBlobId, idempotencyKey: $idempotencyKey) {
      id order { id version }
    }
  }
`);

export const staffAttachOrderDocumentMutation = graphql(`
  mutation staffAttachOrderDocument($organizationId: ID!, $id: ID!, $expectedVersion: Int!, $blobId: ID!, $description: String, $idempotencyKey: String) {
    staffAttachOrderDocument(organizationId: $organizationId, id: $id, expectedVersion: $expectedVersion, blobId: $blobId, description: $description, idempotencyKey: $idempotencyKey) {
      id order { id version }
    }
  }
`);

export const staffReplaceOrderMutation = graphql(`
  mutation staffReplaceOrder($organizationId: ID!, $id: ID!, $expectedVersion: Int!, $input: StaffReplaceOrderInput, $idempotencyKey: String) {
    staffReplaceOrder(organizationId: $organizationId, id: $id, expectedVersion: $expectedVersion, input: $input, idempotencyKey: $idempotencyKey) {
      id order { id version identifier }
    }
  }
`);

/**
 * Records the cash the patient paid for the order (cash on delivery or at the desk): the payment,
 * the receipt, the order paid, audited (apps/server payments staff-order-payments.service). The
 * order's version as read: a charge changed meanwhile answers ARO-E6002 and records nothing.
 */
export const staffTakeOrderCashPaymentMutation = graphql(`
  mutation staffTakeOrderCashPayment($organizationId: ID!, $serviceRequestId: ID!, $expectedVersion: Int!, $idempotencyKey: String) {
    staffTakeOrderCashPayment(organizationId: $organizationId, serviceRequestId: $serviceRequestId, expectedVersion: $expectedVersion, idempotencyKey: $idempotencyKey) {
      receiptNumber serviceRequestId orderIdentifier total currency paidAt cashierName
    }
  }
`);

export type StaffOrderCashReceipt = ResultOf<typeof staffTakeOrderCashPaymentMutation>['staffTakeOrderCashPayment'];
