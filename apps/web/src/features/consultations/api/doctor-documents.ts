/**
 * The /doctor screen's queries and subscription (spec doc 2 §5, §7): doctor and specialty search,
 * hospitals, sessions and their live changes, typed from schema.graphql by gql.tada. Apart from the
 * appointment documents (consultation-documents.ts), so that /doctor loads only these (issue 29 §4.15).
 */
import { graphql, type ResultOf } from '../../../lib/graphql/lazy-graphql.ts';

/** spec doc 2 §5: doctor search by name or specialty words, in SQL on the server. */
export const searchDoctorsQuery = graphql(`
  query searchDoctors($text: String!, $organizationId: ID, $limit: Int) {
    searchDoctors(text: $text, organizationId: $organizationId, limit: $limit) {
      id
      name {
        text
      }
      roles {
        code
        display
      }
    }
  }
`);

export type DoctorOption = ResultOf<typeof searchDoctorsQuery>['searchDoctors'][number];

/** spec doc 2 §5: specialty search by prefix. */
export const searchSpecialtiesQuery = graphql(`
  query searchSpecialties($text: String!, $limit: Int) {
    searchSpecialties(text: $text, limit: $limit) {
      code
      display
    }
  }
`);

export type SpecialtyOption = ResultOf<typeof searchSpecialtiesQuery>['searchSpecialties'][number];

/** The tenant's hospitals, for the hospital filter and the call-hospital button. */
export const organizationsQuery = graphql(`
  query consultationOrganizations {
    queryOrganization {
      id
      name
      phone
    }
  }
`);

export type OrganizationOption = ResultOf<typeof organizationsQuery>['queryOrganization'][number];

/** spec doc 2 §7 querySession: by doctor, hospital or specialty; or one session by id. */
export const sessionsQuery = graphql(`
  query consultationSessions(
    $id: ID
    $actorReference: [String!]
    $practitionerRoleCodingCode: String
    $extensionParticipationMode: String
    $limit: Int
  ) {
    querySession(
      id: $id
      actorReference: $actorReference
      practitionerRoleCodingCode: $practitionerRoleCodingCode
      extensionParticipationMode: $extensionParticipationMode
      limit: $limit
    ) {
      id
      status
      startTime
      endTime
      appointmentCount
      appointmentMaxAllowed
      participationMode
      practitioner {
        id
        text
        photoUrl
      }
      practitionerRole {
        code
        display
      }
      organization {
        id
        orgName
      }
      location {
        hospitalId
        locationName
      }
      fee {
        amount
        currency
      }
    }
  }
`);

export type SessionCardData = ResultOf<typeof sessionsQuery>['querySession'][number];

/**
 * spec doc 2 §7 searchSession: `{ id }` of each session from today on that changed and matches the
 * same filters as sessionsQuery (labels such as 'Dr. Arrived', fullness).
 */
export const searchSessionSubscription = graphql(`
  subscription consultationSearchSession($actorReference: [String!], $practitionerRoleCodingCode: String) {
    searchSession(actorReference: $actorReference, practitionerRoleCodingCode: $practitionerRoleCodingCode)
  }
`);
