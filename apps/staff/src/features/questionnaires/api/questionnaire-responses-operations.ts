import { graphql, type ResultOf } from '@careline/contract/graphql';

// The questionnaire responses of the hospital's patients (issue 30 §4.9; docs/api-contract.md
// Questionnaires): a page of the list, and one response with its answers. Each read is audited.

export const staffQuestionnaireResponsesQuery = graphql(`
  query staffQuestionnaireResponses($organizationId: ID!, $first: Int, $after: ID) {
    staffQuestionnaireResponses(organizationId: $organizationId, first: $first, after: $after) {
      nodes {
        id
        questionnaireTitle
        patientName
        createdAt
        items {
          questionNumber
        }
      }
      endCursor
      hasMore
    }
  }
`);

export const staffQuestionnaireResponseQuery = graphql(`
  query staffQuestionnaireResponse($organizationId: ID!, $id: ID!) {
    staffQuestionnaireResponse(organizationId: $organizationId, id: $id) {
      id
      questionnaireTitle
      basedOn
      patientId
      patientName
      createdAt
      items {
        questionNumber
        question
        answer
      }
    }
  }
`);

/** A response as the list shows it. */
export type QuestionnaireResponseRow = ResultOf<typeof staffQuestionnaireResponsesQuery>['staffQuestionnaireResponses']['nodes'][number];
/** A response with its questions and answers. */
export type QuestionnaireResponseDetail = ResultOf<typeof staffQuestionnaireResponseQuery>['staffQuestionnaireResponse'];
