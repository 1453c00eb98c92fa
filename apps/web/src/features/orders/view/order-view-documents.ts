/**
 * The order view's queries, mutation and subscription (spec doc 3 §7: fetch an order by id, patch
 * service request, the service request subscription), typed from schema.graphql by gql.tada. Each
 * document lists its fields itself, so each validates on its own against the schema.
 */
import { graphql, type ResultOf } from '../../../lib/graphql/lazy-graphql.ts';

/** spec doc 3 §7 Fetch an order by id: another account's order answers ARO-E2001 like a missing one. */
export const orderViewQuery = graphql(`
  query orderView($id: ID!) {
    serviceRequest(id: $id) {
      id
      identifier
      intent
      category
      codeCode
      orderStatus
      orderCanceledReason
      orderCommunicationStatus
      organizationId
      hospitalId
      patientId
      replacedBy
      orderDetail
      additionalNote
      serviceRequestInitiatedFor
      serviceRequestInitiatedFrom
      serviceRequestChargingAmount
      serviceRequestPaymentStatus
      serviceRequestPaymentMethod
      medicationOrderEstimatedTime
      sampleCollectionRequestedTime
      sampleCollectionTime
      sampleCollectionUserName
      procedureRequestedTime
      encounterRequestedTime
      homeVisitRequestedTime
      addressLineOne
      addressLineTwo
      addressLineThree
      addressCity
      heartbeatLinkSeen
      heartbeatLastSeen
      version
      documents {
        id
        blobId
        contentType
        description
        author
        createdTime
      }
      note {
        id
        authorReference
        authorDisplay
        time
        text
      }
      events {
        id
        event
        fromStatus
        toStatus
        actorReference
        reason
        createdTime
      }
      diagnosticReports {
        id
        status
        summaryStatus
        serviceRequestId
        code {
          coding {
            display
            code
          }
        }
      }
      createdTime
    }
  }
`);

/** The order as the view reads it. */
export type OrderViewData = ResultOf<typeof orderViewQuery>['serviceRequest'];
export type OrderViewDocument = OrderViewData['documents'][number];
export type OrderViewNote = OrderViewData['note'][number];
export type OrderViewEvent = OrderViewData['events'][number];
export type OrderViewReport = OrderViewData['diagnosticReports'][number];

/** spec doc 3 §7 Patch service request: address, homecare ↔ appointment, a note, the heartbeat stamps. */
export const patchOrderMutation = graphql(`
  mutation patchOrderView($id: ID!, $expectedVersion: Int!, $input: PatchServiceRequestInput!, $idempotencyKey: String) {
    patchServiceRequest(id: $id, expectedVersion: $expectedVersion, input: $input, idempotencyKey: $idempotencyKey) {
      id
      version
      orderStatus
      serviceRequestInitiatedFor
      addressLineOne
      addressLineTwo
      addressLineThree
      addressCity
      heartbeatLinkSeen
      heartbeatLastSeen
      orderCommunicationStatus
      note {
        id
        authorReference
        authorDisplay
        time
        text
      }
    }
  }
`);

/** spec doc 3 §7 Subscriptions: an order of the account after each change (reflex_order is ignored). */
export const orderChangedSubscription = graphql(`
  subscription orderViewChanged($patientId: [ID!]) {
    subscribeServiceRequest(patientId: $patientId) {
      id
      intent
      version
    }
  }
`);

/** The tenant's hospitals: the order's hospital name for the header and the call link. */
export const orderOrganizationsQuery = graphql(`
  query orderViewOrganizations {
    queryOrganization {
      id
      name
    }
  }
`);

/** The order's payments ('Admission Payment History', spec doc 3 §2): requestReference ServiceRequest/{id}. */
export const orderPaymentsQuery = graphql(`
  query orderViewPayments($requestReference: String) {
    queryPaymentGatewayCallback(requestReference: $requestReference) {
      id
      createdTime
      response {
        status
        amount
        transactionDate
      }
    }
  }
`);

export type OrderPaymentRecord = ResultOf<typeof orderPaymentsQuery>['queryPaymentGatewayCallback'][number];

/** spec doc 3 §7 Create document reference: a file this account uploaded, for one of its profiles. */
export const createNoteDocumentMutation = graphql(`
  mutation createOrderNoteDocument($blobId: ID!, $contentType: String, $patientId: ID, $idempotencyKey: String) {
    createDocumentReference(blobId: $blobId, contentType: $contentType, patientId: $patientId, idempotencyKey: $idempotencyKey) {
      id
    }
  }
`);
