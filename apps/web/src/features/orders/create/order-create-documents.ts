/**
 * The order creation screen's calls (spec doc 3 §4 Creation flow, §7): the tenant's hospitals, a
 * document per uploaded file, and the order. Typed from schema.graphql by gql.tada.
 */
import { graphql, type ResultOf } from '../../../lib/graphql/lazy-graphql.ts';

/** The tenant's hospitals, for the hospital choice. */
export const orderHospitalsQuery = graphql(`
  query orderCreateHospitals {
    queryOrganization {
      id
      name
      city
    }
  }
`);

export type OrderHospital = ResultOf<typeof orderHospitalsQuery>['queryOrganization'][number];

/** spec doc 3 §4 step 2, §7 Create document reference: one per uploaded file (POST /blob/put's x-blobdata-id). */
export const createOrderDocumentMutation = graphql(`
  mutation createOrderDocument(
    $blobId: ID!
    $contentType: String
    $description: String
    $patientId: ID
    $idempotencyKey: String
  ) {
    createDocumentReference(
      blobId: $blobId
      contentType: $contentType
      description: $description
      patientId: $patientId
      idempotencyKey: $idempotencyKey
    ) {
      id
      blobId
      contentType
    }
  }
`);

/** spec doc 3 §4 step 3, §7 Create service request: the creation payload; the answer carries the id. */
export const createOrderMutation = graphql(`
  mutation createOrder($input: CreateServiceRequestInput!, $idempotencyKey: String) {
    createServiceRequest(input: $input, idempotencyKey: $idempotencyKey) {
      id
      patientId
    }
  }
`);
