/**
 * The chat with hospital staff's operations (spec doc 1 §7 Chat: queryChat, prepareChat, sendChat,
 * patchChat, subscribeChat, and chatTyping), typed from schema.graphql by gql.tada. Every answer
 * carries the whole chat with its notes (the one fragment below), so each one replaces what the
 * screen shows. The fragment is unmasked (@_unmask: gql.tada drops the directive before sending), so
 * a result's type holds the fields themselves; packages/contract operations.test checks each
 * operation with the fragments it uses.
 */
import { graphql, type ResultOf } from '../../../lib/graphql/lazy-graphql.ts';

/** A chat as the screen holds it, with its notes: every chat operation answers this. */
export const agentChatFragment = graphql(`
  fragment AgentChatFields on ChatCommunication @_unmask {
    id
    status
    statusText
    createdTime
    updatedAt
    hospitalId
    patientId
    rating
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
`);

/** The account's latest chat (queryChat, newest first, limit 1): resumed when open, offered for rating when completed. */
export const latestChatQuery = graphql(
  `
    query agentChatLatest {
      queryChat(limit: 1) {
        ...AgentChatFields
      }
    }
  `,
  [agentChatFragment],
);

/** Starts a chat (spec doc 1 §7 prepareChat: the notes and the profile). */
export const prepareChatMutation = graphql(
  `
    mutation agentChatPrepare($note: [String!]!, $patientId: ID!, $hospitalId: ID) {
      prepareChat(note: $note, patientId: $patientId, hospitalId: $hospitalId) {
        ...AgentChatFields
      }
    }
  `,
  [agentChatFragment],
);

/**
 * Adds the patient's note to the open chat (spec doc 1 §7 sendChat: id, message, authorRef); a note from
 * the offline outbox carries its idempotency key (issue 32 §4.7).
 */
export const sendChatMutation = graphql(
  `
    mutation agentChatSend($id: ID!, $message: String!, $authorRef: String, $idempotencyKey: String) {
      sendChat(id: $id, message: $message, authorRef: $authorRef, idempotencyKey: $idempotencyKey) {
        ...AgentChatFields
      }
    }
  `,
  [agentChatFragment],
);

/** Ends the chat (status completed) or rates it (extension rating: 1 happy, 0 unhappy; spec doc 1 §4, §7). */
export const patchChatMutation = graphql(
  `
    mutation agentChatPatch($id: ID!, $status: String, $extension: [ChatExtensionInput!]) {
      patchChat(id: $id, status: $status, extension: $extension) {
        ...AgentChatFields
      }
    }
  `,
  [agentChatFragment],
);

/**
 * The open chat live, after each change or with a typing indicator (spec doc 1 §7 subscribeChat);
 * `after` is the newest note the screen held when it subscribed: the server first delivers the chat
 * if it changed since (issue 29 §9), so nothing between the read and the subscription is missed.
 */
export const chatChangedSubscription = graphql(
  `
    subscription agentChatChanged($id: [ID!]!, $after: ID) {
      subscribeChat(id: $id, after: $after) {
        ...AgentChatFields
      }
    }
  `,
  [agentChatFragment],
);

/**
 * Tells the hospital's staff live that the patient is typing in the open chat (nothing is stored;
 * the server passes on at most one a second).
 */
export const chatTypingMutation = graphql(`
  mutation agentChatTyping($id: ID!) {
    chatTyping(id: $id)
  }
`);

/** The hospitals a chat can go to. */
export const chatHospitalsQuery = graphql(`
  query agentChatHospitals {
    queryOrganization {
      id
      name
    }
  }
`);

/** A chat as the screen holds it (every operation above answers the same fields). */
export type AgentChatData = ResultOf<typeof agentChatFragment>;
/** One note of a chat. */
export type AgentChatNote = AgentChatData['note'][number];
