import type { ServerPatient } from '@careline/domain/profiles';

/** The patient fields of docs/api-contract.md Patient, shared by every query that returns patients. */
export const patientFields = /* GraphQL */ `
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
`;

/** spec doc 1 §7 queryOneProfile: the signed-in account, every field of docs/api-contract.md UserProfile. */
export const queryOneProfileQuery = /* GraphQL */ `
  query queryOneProfile {
    queryOneProfile {
      id
      identifier
      status
      mobileNo
      patients {
        ${patientFields}
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
`;

export const logoutMutation = /* GraphQL */ `
  mutation logout {
    logout
  }
`;

export type PaymentMethod = {
  id: string;
  type: string;
  status: string;
  cardExpiry: string | null;
  cardType: string | null;
  cardNumber: string | null;
  defaultMethod: boolean;
};

export type LoyaltyAccount = {
  id: string;
  patientId: string;
  patientRelationship: string | null;
  name: string;
  activePoints: number;
  rate: number;
};

/** docs/api-contract.md UserProfile as the server sends it. */
export type ServerUserProfile = {
  id: string;
  identifier: string;
  status: string;
  mobileNo: string;
  patients: ServerPatient[];
  paymentMethods: PaymentMethod[];
  defaultPaymentMethod: string | null;
  hasPaymentMethod: boolean;
  bookingReqId: string | null;
  loyaltyAccounts: LoyaltyAccount[];
  /** 'en', 'si' or 'ta'; null until the account chose one (issue 6 §5). Absent from older answers. */
  preferredLanguage?: string | null;
};

export const setPreferredLanguageMutation = /* GraphQL */ `
  mutation setPreferredLanguage($language: Language!) {
    setPreferredLanguage(language: $language)
  }
`;

export type QueryOneProfileResult = { queryOneProfile: ServerUserProfile | null };
