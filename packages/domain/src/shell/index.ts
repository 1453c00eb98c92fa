export {
  calendarDaysFrom,
  relativeDayLabel,
  type GreetingPart,
  greetingFor,
  greetingText,
  type NpsLabel,
  npsLabel,
} from './calendar.ts';
export {
  REQUEST_STATE,
  type RequestState,
  type AsyncRequest,
  idleRequest,
  pendingRequest,
  doneRequest,
  failedRequest,
  isPending,
} from './request-state.ts';
export {
  type NetworkIssue,
  type NetworkEvent,
  SOCKET_STATE,
  type SocketState,
  SOCKET_CLOSE_NORMAL,
  type LiveResyncPing,
  isLiveResyncPing,
  networkTexts,
  networkBarFor,
  nextNetworkIssue,
} from './network.ts';
export {
  errorScreenTexts,
  addToHomeTexts,
  bottomBarItems,
  bottomBarLabels,
  bottomBarRoutes,
  historyBarItems,
  chatMediaTexts,
} from './texts.ts';
export {
  NOT_UPCOMING_STATUSES,
  CONSULTATION_SERVICE_TYPE,
  type UpcomingCandidate,
  upcomingEvents,
} from './upcoming.ts';
export { type AuthErrorAction, authErrorAction } from './auth-errors.ts';
