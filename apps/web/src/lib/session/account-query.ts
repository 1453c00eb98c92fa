import { graphql, type ResultOf } from '../graphql/lazy-graphql.ts';

/**
 * spec doc 1 §7 queryOneProfile: the signed-in account, every field of docs/api-contract.md UserProfile
 * and Patient, typed from schema.graphql.
 */
export const queryOneProfileQuery = graphql(`
  query queryOneProfile {
    queryOneProfile {
      id
      identifier
      status
      mobileNo
      patients {
        id
        name {
          prefix
          given
          family
        }
        telecom {
          use
          system
          value
        }
        birthDate
        gender
        address {
          use
          line
          city
        }
        extension {
          valueId
          value
        }
        link
        hospitalId
        medicalRecordNumber
      }
      paymentMethods {
        id
        type
        status
        cardExpiry
        cardType
        cardNumber
        defaultMethod
      }
      defaultPaymentMethod
      hasPaymentMethod
      bookingReqId
      preferredLanguage
      loyaltyAccounts {
        id
        patientId
        patientRelationship
        name
        activePoints
        rate
      }
    }
  }
`);

/** Stores the account's language, used for its SMS (issue 6 §5). */
export const setPreferredLanguageMutation = graphql(`
  mutation setPreferredLanguage($language: Language!) {
    setPreferredLanguage(language: $language)
  }
`);

export const logoutMutation = graphql(`
  mutation logout {
    logout
  }
`);

/** docs/api-contract.md UserProfile as queryOneProfile returns it. */
export type ServerUserProfile = NonNullable<
  ResultOf<typeof queryOneProfileQuery>['queryOneProfile']
>;
export type PaymentMethod = ServerUserProfile['paymentMethods'][number];
export type LoyaltyAccount = ServerUserProfile['loyaltyAccounts'][number];
