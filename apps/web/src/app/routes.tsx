import { lazy, Suspense, useState, type ComponentType } from 'react';
import { REQUEST_STATE } from '@careline/domain/shell';
import { Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { GenericErrorScreen } from '../components/error-screens.tsx';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { AccessDeniedScreen } from '../features/shell/components/access-denied-screen.tsx';
import { useSession, type SessionValue } from '../lib/session/session-provider.tsx';
import { useTenant } from '../lib/tenant/tenant-provider.tsx';
import { ownerOf } from '../lib/offline/owner.ts';
import { savedVisitPass, visitPassTarget } from '../lib/offline/visit-pass.ts';
import { carriesAccessToken, chatHomeRedirect, loginRedirect, rootTarget, shellAccess } from './route-rules.ts';
import { ShellLayout } from './shell-layout.tsx';
import type { PaymentHistoryRecord } from '../features/payment-history/utils/payment-records.ts';

/** The screens the route table places; tests pass stand-ins. */
export type AppScreens = {
  LoginScreen: ComponentType;
  ChatHomeScreen: ComponentType;
  ProfilesScreen: ComponentType;
  ProfileFormScreen: ComponentType;
  HomeDashboardScreen: ComponentType;
  FeedbackScreen: ComponentType;
};

// Every screen is its own chunk, so /login downloads only the shell and the login screen.
export const lazyScreens: AppScreens = {
  LoginScreen: lazy(() =>
    import('../features/auth/components/login-screen.tsx').then((module) => ({ default: module.LoginScreen })),
  ),
  // The chat home with the consultations' chat steps composed in (issue 12 Build 1: ./chat-composition.tsx).
  ChatHomeScreen: lazy(() => import('./chat-composition.tsx').then((module) => ({ default: module.ChatHomeScreen }))),
  ProfilesScreen: lazy(() =>
    import('../features/profiles/components/profiles-screen.tsx').then((module) => ({ default: module.ProfilesScreen })),
  ),
  ProfileFormScreen: lazy(() =>
    import('../features/profiles/components/profile-form-screen.tsx').then((module) => ({
      default: module.ProfileFormScreen,
    })),
  ),
  // The dashboard carries the consultations' doctor search (spec doc 2 §2), composed here.
  HomeDashboardScreen: lazy(() =>
    Promise.all([
      import('../features/shell/components/home-dashboard-screen.tsx'),
      import('../features/consultations/components/dashboard-search.tsx'),
    ]).then(([home, search]) => ({
      default: function HomeDashboardWithSearch() {
        return <home.HomeDashboardScreen search={<search.DashboardSearch />} />;
      },
    })),
  ),
  FeedbackScreen: lazy(() =>
    import('../features/shell/components/feedback-screen.tsx').then((module) => ({ default: module.FeedbackScreen })),
  ),
};

// issue 32 §3.6 /display/:hospitalId: the waiting-room board, its own chunk (a TV, no sign-in, no shell).
const DisplayBoardScreen = lazy(() =>
  import('../features/consultations/components/display-board-screen.tsx').then((module) => ({ default: module.DisplayBoardScreen })),
);

// spec doc 2 §2 /history/appointments: its own chunk, with the consultation texts it loads.
const HistoryScreen = lazy(() =>
  import('../features/consultations/components/history-screen.tsx').then((module) => ({ default: module.HistoryScreen })),
);

// spec doc 2 §2 /doctor and /view/{type}: consultation chunks with their own texts. The booking screen
// gets the relationship modal of features/profiles from here (features never import each other).
const DoctorScreen = lazy(() =>
  import('../features/consultations/components/doctor-screen.tsx').then((module) => ({ default: module.DoctorScreen })),
);
// spec doc 2 §2 /view/appointment: pay now (features/payments) is its own chunk, fetched when an
// appointment is shown, and given to the appointment screen through its payment slot.
const AppointmentPayment = lazy(() =>
  import('../features/payments/components/appointment-payment.tsx').then((module) => ({
    default: module.AppointmentPayment,
  })),
);
// spec doc 2 §4 Booking pay-now: the session screen's booking step pays through features/payments too,
// its own chunk, fetched where the tenant takes online payment for the session.
const SessionPayNow = lazy(() =>
  import('../features/payments/components/session-pay-now.tsx').then((module) => ({
    default: module.SessionPayNow,
  })),
);
// spec doc 2 §2, doc 3 §2: the questionnaire banner and modal (features/questionnaires), its own chunk,
// fetched only where the tenant's questionnaireResponse flag shows it (the appointment screen's slot).
const QuestionnaireBanner = lazy(() =>
  import('../features/questionnaires/components/questionnaire-banner.tsx').then((module) => ({
    default: module.QuestionnaireBanner,
  })),
);
// spec doc 2 §2 Video consultation screens: a video appointment's part (features/video), its own chunk.
const VideoAppointmentPanel = lazy(() =>
  import('../features/video/components/video-appointment-panel.tsx').then((module) => ({
    default: module.VideoAppointmentPanel,
  })),
);
// issue 29 §1.3: a paid appointment's 'View invoice' opens the payment history's 'Payment Invoice'
// (features/payment-history, with its Download as PDF), its own chunk, fetched when opened.
const PaymentInvoice = lazy(() =>
  Promise.all([
    import('../features/payment-history/components/invoice-modal.tsx'),
    import('../features/payment-history/api/invoice-pdf.ts'),
  ]).then(([modal, pdf]) => ({
    default: function PaymentInvoice({ record, onClose }: { record: PaymentHistoryRecord; onClose: () => void }) {
      const { currency } = useTenant();
      return <modal.InvoiceModal record={record} currency={currency} onClose={onClose} downloadInvoice={pdf.downloadInvoicePdf} />;
    },
  })),
);
const ViewScreen = lazy(() =>
  Promise.all([
    import('../features/consultations/components/view-screen.tsx'),
    import('../features/profiles/components/relationship-modal.tsx'),
    import('../features/payments/utils/payable.ts'),
  ]).then(([view, profiles, payable]) => ({
    default: function ConsultationView() {
      const { features } = useTenant();
      return (
        <view.ViewScreen
          RelationshipPicker={profiles.RelationshipModal}
          payNow={{
            offered: (participationMode) => payable.onlinePaymentOffered(features, participationMode),
            render: (booking) => (
              <Suspense fallback={null}>
                <SessionPayNow
                  sessionId={booking.sessionId}
                  participationMode={booking.participationMode}
                  patientId={booking.patientId}
                  book={booking.book}
                  onBooked={booking.onBooked}
                  disabled={booking.disabled}
                />
              </Suspense>
            ),
          }}
          paymentSlot={(appointment, onPaid) => (
            <Suspense fallback={null}>
              <AppointmentPayment
                appointment={{
                  id: appointment.id,
                  sessionId: appointment.sessionId,
                  appointmentStatus: appointment.appointmentStatus,
                  paymentStatus: appointment.paymentStatus,
                  appointmentRescheduleStatus: appointment.appointmentRescheduleStatus ?? null,
                  appointmentRescheduledFor: appointment.appointmentRescheduledFor ?? null,
                  participationMode: appointment.session.participationMode ?? null,
                }}
                onPaid={onPaid}
                invoiceSlot={(record, close) => (
                  <Suspense fallback={null}>
                    <PaymentInvoice record={record} onClose={close} />
                  </Suspense>
                )}
              />
            </Suspense>
          )}
          questionnaireSlot={(appointment) => (
            <Suspense fallback={null}>
              <QuestionnaireBanner
                appointment={{ id: appointment.id, patientId: appointment.patientId, appointmentStatus: appointment.appointmentStatus }}
              />
            </Suspense>
          )}
          videoSlot={(appointment) =>
            appointment.session.participationMode === 'remote_presence_video_call' ? (
              <Suspense fallback={null}>
                <VideoAppointmentPanel appointmentId={appointment.id} />
              </Suspense>
            ) : null
          }
        />
      );
    },
  })),
);

// spec doc 2 §2 payment history, saved payment methods and the payment terms (features/payment-history):
// chunks of their own, fetched when opened, never on /login.
const PaymentHistoryScreen = lazy(() =>
  import('../features/payment-history/components/payment-history-screen.tsx').then((module) => ({
    default: module.PaymentHistoryScreen,
  })),
);
const PaymentMethodsScreen = lazy(() =>
  import('../features/payment-history/components/payment-methods-screen.tsx').then((module) => ({
    default: module.PaymentMethodsScreen,
  })),
);
const PaymentTermsScreen = lazy(() =>
  import('../features/payment-history/components/payment-terms.tsx').then((module) => ({
    default: module.PaymentTermsScreen,
  })),
);
const PaymentTermsOverlay = lazy(() =>
  import('../features/payment-history/components/payment-terms.tsx').then((module) => ({
    default: module.PaymentTermsOverlay,
  })),
);

// spec doc 3 §2 orders (features/orders): creation, the order view and the lists, chunks of their own.
// The view gets the relationship modal (features/profiles) and the payment block (features/payments)
// from here, as the consultation view does.
const OrderPayment = lazy(() =>
  import('../features/payments/components/order-payment.tsx').then((module) => ({ default: module.OrderPayment })),
);
const OrderCreateScreen = lazy(() =>
  Promise.all([
    import('../features/orders/create/order-create-screen.tsx'),
    import('../features/profiles/components/relationship-modal.tsx'),
  ]).then(([create, profiles]) => ({
    default: function OrderCreate() {
      return <create.OrderCreateScreen RelationshipPicker={profiles.RelationshipModal} />;
    },
  })),
);
const OrderViewScreen = lazy(() =>
  Promise.all([
    import('../features/orders/view/order-view-screen.tsx'),
    import('../features/profiles/components/relationship-modal.tsx'),
  ]).then(([view, profiles]) => ({
    default: function OrderView() {
      return (
        <view.OrderViewScreen
          RelationshipPicker={profiles.RelationshipModal}
          paymentSlot={(order, onPaid) => (
            <Suspense fallback={null}>
              <OrderPayment order={order} onPaid={onPaid} />
            </Suspense>
          )}
        />
      );
    },
  })),
);
const OrderListScreen = lazy(() =>
  import('../features/orders/lists/order-list-screen.tsx').then((module) => ({ default: module.OrderListScreen })),
);
// spec doc 3 §2 lab reports (features/lab-reports): /history/examination carries the reports' Result
// buttons in the order list's slot, and /resultsGraph is its own chunk (uPlot is fetched by the chart).
const LabTestsScreen = lazy(() =>
  Promise.all([
    import('../features/orders/lists/order-list-screen.tsx'),
    import('../features/lab-reports/components/lab-report-list.tsx'),
  ]).then(([orders, labReports]) => ({
    default: function LabTests() {
      return (
        <orders.OrderListScreen
          kind="labTests"
          labResultsSlot={(patientIds) => (
            <Suspense fallback={null}>
              <labReports.LabReportList patientIds={patientIds} />
            </Suspense>
          )}
        />
      );
    },
  })),
);
const ResultsGraphScreen = lazy(() =>
  import('../features/lab-reports/components/results-graph-screen.tsx').then((module) => ({
    default: module.ResultsGraphScreen,
  })),
);

/** #/paymentTermsAndConditions on any address shows the terms above the screen (spec doc 2 §2). */
function PaymentTermsHashRoute() {
  const { hash } = useLocation();
  if (hash !== '#/paymentTermsAndConditions') {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <PaymentTermsOverlay />
    </Suspense>
  );
}

/**
 * The kept visit pass's address when the signed-in account came from the device for lack of a
 * connection (issue 32 §4.7), else null.
 * @param session - the session
 */
function offlineVisitPass(session: SessionValue): string | null {
  const offline = session.loggedIn && session.accountState === REQUEST_STATE.FAILED;
  return offline ? visitPassTarget(savedVisitPass(), ownerOf(session.accessToken), new Date()) : null;
}

/**
 * / goes to /chat-home in the chat flow, else /login (spec doc 1 §2); the query string goes along.
 * Opened signed in with no connection, it goes to the kept visit pass (issue 32 §4.7).
 */
function RootRedirect() {
  const { uxFlow } = useTenant();
  const session = useSession();
  const { search, hash } = useLocation();
  const [arrivedWithToken] = useState(() => session.accessToken !== null);
  if (arrivedWithToken && !carriesAccessToken(search) && hash === '') {
    if (session.accountState === REQUEST_STATE.PENDING) {
      return <LoadingScreen />;
    }
    const pass = offlineVisitPass(session);
    if (pass) {
      return <Navigate to={pass} replace />;
    }
  }
  // The hash goes along too, so /#/paymentTermsAndConditions still shows the terms.
  return <Navigate to={`${rootTarget(uxFlow)}${search}${hash}`} replace />;
}

/** /chat-home, /chat-home/{category}, /my-home: flat flow goes to /home-dashboard (spec doc 1 §2). */
function ChatHomeRoute({ Screen }: { Screen: ComponentType }) {
  const { uxFlow } = useTenant();
  const { pathname, search } = useLocation();
  const target = chatHomeRedirect(uxFlow, pathname, search);
  if (target) {
    return <Navigate to={target} replace />;
  }
  return <Screen />;
}

/** /login: a logged-in user goes to /home-dashboard unless the address carries an access token. */
function LoginRoute({ Screen }: { Screen: ComponentType }) {
  const session = useSession();
  const { search } = useLocation();
  // Only a user who arrives signed in is redirected here; one who signs in on this screen is sent on
  // by the screen (zero profiles → /profiles/registration, consultation → /doctor; spec doc 1 §2).
  const [arrivedWithToken] = useState(() => session.accessToken !== null);
  // issue 32 §4.7: the account came from the device (no connection): the visit pass, if one is kept.
  const offlinePass = offlineVisitPass(session);
  const target = loginRedirect(arrivedWithToken && session.loggedIn, search, offlinePass);
  if (target) {
    return <Navigate to={target} replace />;
  }
  // A stored token's account is still loading: wait rather than flash the login form.
  if (session.accessToken && session.accountState === REQUEST_STATE.PENDING && !carriesAccessToken(search)) {
    return <LoadingScreen />;
  }
  return <Screen />;
}

/** The authenticated shell: an access token and a user profile id, else the login screen (spec doc 1 §2). */
function RequireShellAccess({ LoginScreen }: { LoginScreen: ComponentType }) {
  const session = useSession();
  switch (shellAccess(session)) {
    case 'allow':
      return <Outlet />;
    case 'wait':
      return <LoadingScreen />;
    case 'login':
      return <LoginScreen />;
  }
}

/**
 * The route table (spec doc 1 §2 Routes). Later screens add their routes inside the shell-access
 * group (authenticated) or beside it (public).
 * @param screens - the screens to place; lazily loaded ones by default
 */
export function createAppRoutes(screens: AppScreens = lazyScreens): RouteObject[] {
  const { LoginScreen, ChatHomeScreen, ProfilesScreen, ProfileFormScreen, HomeDashboardScreen, FeedbackScreen } =
    screens;
  return [
    {
      path: '/display/:hospitalId',
      element: (
        <Suspense fallback={<LoadingScreen />}>
          <DisplayBoardScreen />
        </Suspense>
      ),
      errorElement: <GenericErrorScreen />,
    },
    {
      path: '/',
      element: (
        <>
          <ShellLayout />
          <PaymentTermsHashRoute />
        </>
      ),
      errorElement: <GenericErrorScreen />,
      children: [
        { index: true, element: <RootRedirect /> },
        { path: 'login', element: <LoginRoute Screen={LoginScreen} /> },
        // The chat assistant signs users in itself (spec doc 1 §2 chat steps: mobile number, OTP).
        { path: 'chat-home', element: <ChatHomeRoute Screen={ChatHomeScreen} /> },
        { path: 'chat-home/:category', element: <ChatHomeRoute Screen={ChatHomeScreen} /> },
        { path: 'my-home', element: <ChatHomeRoute Screen={ChatHomeScreen} /> },
        // spec doc 1 §2: an address beginning with patient-feedback? or pf? shows the feedback screen.
        { path: 'patient-feedback', element: <FeedbackScreen /> },
        { path: 'pf', element: <FeedbackScreen /> },
        { path: 'accessDenied', element: <AccessDeniedScreen /> },
        // spec doc 3 §2 /paymentTermsAndConditions (the hash form is PaymentTermsHashRoute).
        { path: 'paymentTermsAndConditions', element: <PaymentTermsScreen /> },
        {
          element: <RequireShellAccess LoginScreen={LoginScreen} />,
          children: [
            { path: 'home-dashboard', element: <HomeDashboardScreen /> },
            { path: 'profiles', element: <ProfilesScreen /> },
            { path: 'profiles/registration', element: <ProfileFormScreen /> },
            { path: 'profiles/registration/:id', element: <ProfileFormScreen /> },
            { path: 'doctor', element: <DoctorScreen /> },
            // /view/session and /view/appointment (spec doc 2 §2 /view/{type})
            { path: 'view/:type', element: <ViewScreen /> },
            { path: 'history/appointments', element: <HistoryScreen /> },
            { path: 'profiles/my-payment-history', element: <PaymentHistoryScreen /> },
            { path: 'profiles/payment-methods', element: <PaymentMethodsScreen /> },
            // spec doc 3 §2 orders
            { path: 'order/create/:category', element: <OrderCreateScreen /> },
            { path: 'order/view', element: <OrderViewScreen /> },
            { path: 'history/orders', element: <OrderListScreen kind="orders" /> },
            { path: 'history/examination', element: <LabTestsScreen /> },
            { path: 'resultsGraph', element: <ResultsGraphScreen /> },
            { path: 'history/procedure', element: <OrderListScreen kind="procedures" /> },
          ],
        },
        { path: '*', element: <GenericErrorScreen /> },
      ],
    },
  ];
}
