import {
  offlineAnswersExchange,
  setUpGraphQLClient,
  type AnswerStore,
  type GraphQLClient,
  type GraphQLClientSetup,
  type LiveSocketOptions,
} from '@careline/ui/graphql';
import { getAccessToken } from '../session/session-storage.ts';
import { reportNetworkEvent } from '../network/network-status.ts';
import { performAuthAction, type AuthErrorAction } from './auth-errors.ts';
import { ownerOf } from '../offline/owner.ts';

/**
 * The queries whose last good answer is kept on the device per account, for a visit pass that works
 * with no connection (issue 32 §4.7): the appointment with its queue and payment proof, the upcoming
 * appointments, the lab reports' list and view. Nothing else is kept (the profile is kept by the session,
 * issue 6 §4.3). Kept per account (offline/owner.ts), so a new token of the same account still reads them.
 */
export const OFFLINE_KEPT_QUERIES: ReadonlySet<string> = new Set([
  'consultationAppointment',
  'consultationSessionTokens',
  'appointmentPayments',
  'historyAppointments',
  'orderListPage',
  'orderListHospitals',
  'labReportList',
  'labResultsGraph',
]);

/**
 * The mutations whose answer only says what the screen shows, kept as the queries are: the appointment's
 * invoice (prepareInvoice works out the open invoice), so the payment part reads offline too.
 */
export const OFFLINE_KEPT_READS: ReadonlySet<string> = new Set(['prepareInvoice']);

// The IndexedDB code loads with the first answer kept or read, not with the entry (the route budgets,
// issue 33 §3); the answers are asynchronous anyway. A chunk that failed to load is asked for again.
let deviceStore: Promise<AnswerStore | null> | undefined;
const loadDeviceStore = () =>
  (deviceStore ??= import('../offline/device-store.ts').then(
    (module) => module.deviceAnswerStore(),
    (error: unknown) => {
      deviceStore = undefined;
      throw error;
    },
  ));
const answerStore: AnswerStore | null =
  typeof indexedDB === 'undefined'
    ? null
    : {
        get: (key) => loadDeviceStore().then((store) => store?.get(key)),
        put: (answer) => loadDeviceStore().then((store) => store?.put(answer)),
      };

export { requestHeaders, socketUrlWithToken, type GraphQLClient } from '@careline/ui/graphql';

export type GraphQLClientOptions = {
  /** HTTP endpoint; '/graphql' on the page's own host. */
  url?: string;
  /** Websocket endpoint without the token; derived from the page's address when omitted. */
  socketUrl?: string;
  getAccessToken?: () => string | null;
  onAuthError?: (action: AuthErrorAction, notice: string | null) => void;
  /** For tests: a stand-in for graphql-ws createClient. */
  createWsClient?: LiveSocketOptions['createWsClient'];
  /** For tests: a stand-in for fetch. */
  fetch?: typeof fetch;
};

/** The patient app's client settings: its token, the network bars, the sign-out of spec doc 1 §8. */
export const patientClientSetup: GraphQLClientSetup = {
  getAccessToken,
  onAuthError: (action, notice) => performAuthAction(action, window.location, notice),
  // A socket error sets the WS_ERROR bar; a fresh connection clears the slow bar as data would.
  onSocketEvent: reportNetworkEvent,
  exchanges: [
    offlineAnswersExchange({
      kept: OFFLINE_KEPT_QUERIES,
      keptReads: OFFLINE_KEPT_READS,
      owner: () => ownerOf(getAccessToken()),
      store: () => answerStore,
    }),
  ],
};

/**
 * Builds the patient app's GraphQL client (packages/ui) with {@link patientClientSetup}.
 * @param options - endpoints and hooks in place of the defaults (tests)
 */
export function createGraphQLClient(options: GraphQLClientOptions = {}): GraphQLClient {
  return setUpGraphQLClient({ ...patientClientSetup, ...options });
}
