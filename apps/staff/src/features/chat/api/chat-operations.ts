import { graphql, type ResultOf, type VariablesOf } from '@careline/contract/graphql';

// The hospital's chats with patients (issue 12 §4 The staff inbox), typed from schema.graphql
// (gql.tada). Each operation is checked alone against the schema (packages/contract operations.test),
// so the fields are written out in each rather than shared through a fragment.

/** A page of the inbox: WAITING (preparation, suspended) or ACTIVE (in_progress), longest waiting first. */
export const staffChatInboxQuery = graphql(`
  query staffChatInbox($organizationId: ID!, $queue: StaffChatQueue, $first: Int, $after: String) {
    staffChatInbox(organizationId: $organizationId, queue: $queue, first: $first, after: $after) {
      nodes {
        id
        assignedStaffUserId
        assignedToMe
        patient {
          id
          name
          mobileNo
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
      endCursor
      hasMore
      totalCount
    }
  }
`);

export type StaffChatInboxPage = ResultOf<typeof staffChatInboxQuery>['staffChatInbox'];
export type StaffChatInboxVariables = VariablesOf<typeof staffChatInboxQuery>;

/** One chat with its notes (audited as chat.read). */
export const staffChatQuery = graphql(`
  query staffChat($organizationId: ID!, $id: ID!) {
    staffChat(organizationId: $organizationId, id: $id) {
      id
      assignedStaffUserId
      assignedToMe
      patient {
        id
        name
        gender
        ageLabel
        mobileNo
      }
      chat {
        id
        status
        createdTime
        updatedAt
        unreadCount
        typing
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
  }
`);

export type StaffChatDetail = ResultOf<typeof staffChatQuery>['staffChat'];
export type StaffChatNote = StaffChatDetail['chat']['note'][number];

/**
 * Live: a chat of the hospital after each change, or a typing indicator (chat.typing set). While it
 * is open the member counts as online: new chats wait in preparation for them instead of suspended.
 */
export const subscribeStaffChatInboxSubscription = graphql(`
  subscription subscribeStaffChatInbox($organizationId: ID!) {
    subscribeStaffChatInbox(organizationId: $organizationId) {
      id
      assignedStaffUserId
      assignedToMe
      patient {
        id
        name
        gender
        ageLabel
        mobileNo
      }
      chat {
        id
        status
        createdTime
        updatedAt
        unreadCount
        typing
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
  }
`);

/** The chat account's profiles and their upcoming appointments at this hospital (audited as chat.context). */
export const staffChatContextQuery = graphql(`
  query staffChatContext($organizationId: ID!, $id: ID!) {
    staffChatContext(organizationId: $organizationId, id: $id) {
      profiles {
        id
        name
        gender
        ageLabel
        mobileNo
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
`);

export type StaffChatContext = ResultOf<typeof staffChatContextQuery>['staffChatContext'];

export const staffTakeChatMutation = graphql(`
  mutation staffTakeChat($organizationId: ID!, $id: ID!) {
    staffTakeChat(organizationId: $organizationId, id: $id) {
      id
      assignedStaffUserId
      assignedToMe
      patient {
        id
        name
        gender
        ageLabel
        mobileNo
      }
      chat {
        id
        status
        createdTime
        updatedAt
        unreadCount
        typing
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
  }
`);

export const staffReplyChatMutation = graphql(`
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
      id
      assignedStaffUserId
      assignedToMe
      patient {
        id
        name
        gender
        ageLabel
        mobileNo
      }
      chat {
        id
        status
        createdTime
        updatedAt
        unreadCount
        typing
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
  }
`);

export const staffCloseChatMutation = graphql(`
  mutation staffCloseChat($organizationId: ID!, $id: ID!) {
    staffCloseChat(organizationId: $organizationId, id: $id) {
      id
      assignedStaffUserId
      assignedToMe
      patient {
        id
        name
        gender
        ageLabel
        mobileNo
      }
      chat {
        id
        status
        createdTime
        updatedAt
        unreadCount
        typing
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
  }
`);

export const staffChatTypingMutation = graphql(`
  mutation staffChatTyping($organizationId: ID!, $id: ID!) {
    staffChatTyping(organizationId: $organizationId, id: $id)
  }
`);
