/**
 * Appointment history, refund requests and in-app feedback (spec doc 2 §7 queryAppointment,
 * createRefund, patchAppointment; docs/api-contract.md), typed from schema.graphql.
 */
import { graphql, type ResultOf } from '../../../lib/graphql/lazy-graphql.ts';

/** spec doc 2 §7 queryAppointment: the appointments of the account's own profiles. */
export const historyAppointmentsQuery = graphql(`
  query historyAppointments($participantActorReference: [String!], $limit: Int) {
    queryAppointment(participantActorReference: $participantActorReference, limit: $limit) {
      id
      sessionId
      patientId
      patientName
      patientDisplayName
      patientRelationship
      tokenNo
      start
      end
      appointmentStatus
      paymentStatus
      paymentRefundStatus
      appointmentRescheduleStatus
      feedbackRating
      feedbackComment
      doctorName
      doctorRole
      organizationId
      organizationName
      session {
        id
        chargingSchemeId
      }
    }
  }
`);

export type HistoryAppointment = ResultOf<typeof historyAppointmentsQuery>['queryAppointment'][number];

/** spec doc 2 §7 createRefund: the refund wizard's request. */
export const createRefundMutation = graphql(`
  mutation createRefund(
    $appointmentId: ID!
    $patientId: ID!
    $organizationId: ID!
    $category: String!
    $subcategory: String!
    $notes: String
  ) {
    createRefund(
      appointmentId: $appointmentId
      patientId: $patientId
      organizationId: $organizationId
      category: $category
      subcategory: $subcategory
      notes: $notes
    ) {
      id
      status
      appointmentId
    }
  }
`);

/** spec doc 2 §7 patchAppointment: feedbackRating and feedbackComment. */
export const appointmentFeedbackMutation = graphql(`
  mutation appointmentFeedback($id: ID!, $feedbackRating: Int, $feedbackComment: String) {
    patchAppointment(id: $id, feedbackRating: $feedbackRating, feedbackComment: $feedbackComment) {
      id
      feedbackRating
      feedbackComment
    }
  }
`);
