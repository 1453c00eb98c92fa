import { graphql, type ResultOf } from '../../../lib/graphql/lazy-graphql.ts';

// The waiting-room board (issue 32 §3.6): read with a display token's secret, over the board's own
// websocket (utils/board-connection.ts), not the patient app's client: the TV has no sign-in.

/** The board's subscription, sent as text by graphql-ws. */
export const displayBoardSubscription = `
  subscription subscribeDisplayBoard($hospitalId: ID!, $secret: String!) {
    subscribeDisplayBoard(hospitalId: $hospitalId, secret: $secret) {
      hospitalName
      updatedAt
      sessions {
        practitionerName
        specialty
        room
        status
        startTime
        expectedStart
        expectedEnd
        delayMinutes
        endedAt
        nowSeeing
        next {
          tokenNo
          expectedAt
        }
      }
    }
  }
`;

// Typed by the contract; parsed only if something reads it (nothing does: graphql-ws sends the text).
export const displayBoardDocument = graphql(displayBoardSubscription);

/** The board as the subscription delivers it. */
export type DisplayBoardView = ResultOf<typeof displayBoardDocument>['subscribeDisplayBoard'];
