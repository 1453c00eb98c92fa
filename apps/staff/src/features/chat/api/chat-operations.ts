import { graphql, type ResultOf, type VariablesOf } from '@careline/contract/graphql';

// The hospital's chats with patients (issue 12 §4 The staff inbox), typed from schema.graphql
// (gql.tada). Each shape is written once, as a fragment, and the operations spread it. The fragments
// are unmasked (@_unmask: gql.tada drops the directive before sending), so a result's type holds the
// fields themselves; packages/contract operations.test checks each operation with the fragments it uses.

/** A patient as the console shows them (the inbox, a chat, the context's profiles). */
export const staffChatPatientFragment = graphql(`
  fragment StaffChatPatientFields on StaffChatPatient @_unmask {
    id
    name
    gender
    ageLabel
    mobileNo
  }
`);

/** A chat as the inbox lists it: who has it, its patient, its status, unread count and typing. */
export const staffChatRowFragment = graphql(
  `
    fragment StaffChatRowFields on StaffChat @_unmask {
      id
      assignedStaffUserId
      assignedToMe
      patient {
        ...StaffChatPatientFields
      }
      chat {
        id
        status
        createdTime
        updatedAt
        unreadCount
        typing
      }
    }
  `,
  [staffChatPatientFragment],
);

/** A chat with its notes, as every answer about one chat carries it. */
export const staffChatFragment = graphql(
  `
    fragment StaffChatFields on StaffChat @_unmask {
      ...StaffChatRowFields
      chat {
        note {
          id
          kind
          authorRef
          message
          timestamp
          extensions {
            event
            imageUrl
            description
          }
        }
      }
    }
  `,
  [staffChatRowFragment],
);

/** A page of the inbox: WAITING (preparation, suspended) or ACTIVE (in_progress), longest waiting first. */
export const staffChatInboxQuery = graphql(
  `
    query staffChatInbox(
      $organizationId: ID!
      $queue: StaffChatQueue
      $first: Int
      $after: String
    ) {
      staffChatInbox(organizationId: $organizationId, queue: $queue, first: $first, after: $after) {
        nodes {
          ...StaffChatRowFields
        }
        endCursor
        hasMore
        totalCount
      }
    }
  `,
  [staffChatRowFragment],
);

export type StaffChatInboxPage = ResultOf<typeof staffChatInboxQuery>['staffChatInbox'];
export type StaffChatInboxVariables = VariablesOf<typeof staffChatInboxQuery>;

/** One chat with its notes (audited as chat.read). */
export const staffChatQuery = graphql(
  `
    query staffChat($organizationId: ID!, $id: ID!) {
      staffChat(organizationId: $organizationId, id: $id) {
        ...StaffChatFields
      }
    }
  `,
  [staffChatFragment],
);

export type StaffChatDetail = ResultOf<typeof staffChatFragment>;
export type StaffChatNote = StaffChatDetail['chat']['note'][number];

/**
 * Live: a chat of the hospital after each change, or a typing indicator (chat.typing set). While it
 * is open the member counts as online: new chats wait in preparation for them instead of suspended.
 */
export const subscribeStaffChatInboxSubscription = graphql(
  `
    subscription subscribeStaffChatInbox($organizationId: ID!) {
      subscribeStaffChatInbox(organizationId: $organizationId) {
        ...StaffChatFields
      }
    }
  `,
  [staffChatFragment],
);

/** The chat account's profiles and their upcoming appointments at this hospital (audited as chat.context). */
export const staffChatContextQuery = graphql(
  `
    query staffChatContext($organizationId: ID!, $id: ID!) {
      staffChatContext(organizationId: $organizationId, id: $id) {
        profiles {
          ...StaffChatPatientFields
        }
        upcomingAppointments {
          id
          patientName
          doctorName
          start
          tokenNo
          appointmentStatus
        }
      }
    }
  `,
  [staffChatPatientFragment],
);

export type StaffChatContext = ResultOf<typeof staffChatContextQuery>['staffChatContext'];

export const staffTakeChatMutation = graphql(
  `
    mutation staffTakeChat($organizationId: ID!, $id: ID!) {
      staffTakeChat(organizationId: $organizationId, id: $id) {
        ...StaffChatFields
      }
    }
  `,
  [staffChatFragment],
);

export const staffReplyChatMutation = graphql(
  `
    mutation staffReplyChat(
      $organizationId: ID!
      $id: ID!
      $message: String
      $imageBlobId: ID
      $description: String
    ) {
      staffReplyChat(
        organizationId: $organizationId
        id: $id
        message: $message
        imageBlobId: $imageBlobId
        description: $description
      ) {
        ...StaffChatFields
      }
    }
  `,
  [staffChatFragment],
);

export const staffCloseChatMutation = graphql(
  `
    mutation staffCloseChat($organizationId: ID!, $id: ID!) {
      staffCloseChat(organizationId: $organizationId, id: $id) {
        ...StaffChatFields
      }
    }
  `,
  [staffChatFragment],
);

export const staffChatTypingMutation = graphql(`
  mutation staffChatTyping($organizationId: ID!, $id: ID!) {
    staffChatTyping(organizationId: $organizationId, id: $id)
  }
`);
