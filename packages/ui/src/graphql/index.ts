export {
  setUpGraphQLClient,
  onLiveResync,
  defaultSocketUrl,
  socketUrlWithToken,
  requestHeaders,
  type GraphQLClient,
  type GraphQLClientSetup,
  type OperationKind,
  type SocketEvent,
} from './client.ts';
export {
  offlineAnswersExchange,
  offlineSavedAt,
  answerKey,
  isNoConnection,
  OFFLINE_SAVED_AT,
  type AnswerStore,
  type SavedAnswer,
  type OfflineAnswersOptions,
} from './offline-answers.ts';
export { GraphQLClientProvider, useGraphQLClient } from './graphql-provider.tsx';
export { errorText, errorCodes, errorMessages } from './errors.ts';
export { authActionFor, type PickedAuthError } from './auth-action.ts';
export { newCorrelationId } from './correlation-id.ts';
export { createLiveSocket, type LiveSocket, type LiveSocketOptions } from './live-socket.ts';
export { useLiveResync } from './live-resync.ts';
export { watchPageVisibility } from './page-visibility.ts';
