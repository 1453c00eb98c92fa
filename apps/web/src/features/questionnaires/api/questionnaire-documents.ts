/**
 * The questionnaire's query and mutation (spec doc 3 §2 Questionnaire, §7 Create questionnaire
 * response; doc 2 §7 createQuestionnaireResponse; docs/api-contract.md), typed from schema.graphql
 * by gql.tada.
 */
import { graphql, type ResultOf } from '../../../lib/graphql/lazy-graphql.ts';

/** The questionnaire asked for an appointment of one of the account's profiles, in the language shown, and whether it was answered. */
export const appointmentQuestionnaireQuery = graphql(`
  query appointmentQuestionnaire($appointmentId: ID!, $language: Language) {
    appointmentQuestionnaire(appointmentId: $appointmentId, language: $language) {
      appointmentId
      responded
      questionnaire {
        id
        meta {
          display
        }
        questions {
          questionNumber
          question
          type
          options {
            value
            display
          }
        }
      }
    }
  }
`);

export type AppointmentQuestionnaireData = ResultOf<typeof appointmentQuestionnaireQuery>['appointmentQuestionnaire'];
export type QuestionnaireData = NonNullable<AppointmentQuestionnaireData['questionnaire']>;

/** spec doc 3 §7: basedOn, subject and items; the server sets the author. */
export const createQuestionnaireResponseMutation = graphql(`
  mutation createQuestionnaireResponse($input: CreateQuestionnaireResponseInput!) {
    createQuestionnaireResponse(input: $input) {
      id
      basedOn
    }
  }
`);
