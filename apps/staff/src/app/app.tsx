import { lazy, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useLocation } from 'react-router';
import { GraphQLClientProvider } from '@careline/ui/graphql';
import { SignInScreen } from '../features/auth/components/sign-in-screen.tsx';
import { createStaffGraphQLClient } from '../lib/graphql-client.ts';
import { StaffSessionProvider, useStaffSession, type Hospital } from '../lib/staff-session.tsx';
import { ConsoleLayout } from './console-layout.tsx';
import { NotFoundScreen, RequireAction } from './guards.tsx';
import { LazyScreen, ScreenLoading } from './screen-loading.tsx';

// The sign-in screen and the console's frame are in the first chunk; every other screen is a chunk of
// its own, fetched when it is first opened (a signed-out visitor loads only what signing in needs).
const HomeScreen = lazy(() =>
  import('../features/home/components/home-screen.tsx').then((module) => ({ default: module.HomeScreen })),
);
const ChangePasswordScreen = lazy(() =>
  import('../features/auth/components/change-password-screen.tsx').then((module) => ({
    default: module.ChangePasswordScreen,
  })),
);
const SessionsRoute = lazy(() => import('./routes/sessions-route.tsx').then((module) => ({ default: module.SessionsRoute })));
const QueueRoute = lazy(() => import('./routes/queue-route.tsx').then((module) => ({ default: module.QueueRoute })));
const OrdersRoute = lazy(() => import('./routes/orders-route.tsx').then((module) => ({ default: module.OrdersRoute })));
const OrderRoute = lazy(() => import('./routes/orders-route.tsx').then((module) => ({ default: module.OrderRoute })));
const LabReportsRoute = lazy(() => import('./routes/lab-reports-route.tsx').then((module) => ({ default: module.LabReportsRoute })));
const LabReportRoute = lazy(() => import('./routes/lab-reports-route.tsx').then((module) => ({ default: module.LabReportRoute })));
const QuestionnaireResponsesRoute = lazy(() =>
  import('./routes/questionnaires-route.tsx').then((module) => ({ default: module.QuestionnaireResponsesRoute })),
);
const QuestionnaireResponseRoute = lazy(() =>
  import('./routes/questionnaires-route.tsx').then((module) => ({ default: module.QuestionnaireResponseRoute })),
);
const ChatRoute = lazy(() => import('./routes/chat-route.tsx').then((module) => ({ default: module.ChatRoute })));
const PatientLookupScreen = lazy(() =>
  import('../features/patients/components/patient-lookup-screen.tsx').then((module) => ({
    default: module.PatientLookupScreen,
  })),
);
const PaymentsRoute = lazy(() => import('./routes/payments-route.tsx').then((module) => ({ default: module.PaymentsRoute })));
const StaffUsersScreen = lazy(() =>
  import('../features/staff-users/components/staff-users-screen.tsx').then((module) => ({
    default: module.StaffUsersScreen,
  })),
);
const PractitionersScreen = lazy(() =>
  import('../features/practitioners/components/practitioners-screen.tsx').then((module) => ({
    default: module.PractitionersScreen,
  })),
);
const DisplaysScreen = lazy(() =>
  import('../features/displays/components/displays-screen.tsx').then((module) => ({ default: module.DisplaysScreen })),
);
const AuditScreen = lazy(() =>
  import('../features/audit/components/audit-screen.tsx').then((module) => ({ default: module.AuditScreen })),
);

/**
 * Signed out: the sign-in screen at /staff (any other address leads there). A temporary password:
 * the forced change. Otherwise the console.
 */
function SessionGate() {
  const session = useStaffSession();
  if (session.status === 'loading') {
    return <ScreenLoading />;
  }
  if (session.status === 'signed-out' || !session.me) {
    return <SignedOutRoute />;
  }
  if (session.me.mustChangePassword) {
    return (
      <LazyScreen>
        <ChangePasswordScreen forced />
      </LazyScreen>
    );
  }
  return <Outlet />;
}

function SignedOutRoute() {
  const location = useLocation();
  return location.pathname === '/' ? <SignInScreen /> : <Navigate to="/" replace />;
}

/**
 * Screens that act in one hospital get the current one (the switcher's choice); the screen's code
 * loads behind its own boundary.
 */
function InHospital({ action, screen }: { action: string; screen: (hospital: Hospital) => ReactNode }) {
  const session = useStaffSession();
  return (
    <RequireAction action={action}>
      {/* Keyed by screen: React Router reuses the element tree between routes, and a boundary already
          on show would keep the last screen up under the new address while the next one loads. */}
      {session.hospital ? <LazyScreen key={action}>{screen(session.hospital)}</LazyScreen> : null}
    </RequireAction>
  );
}

const router = createBrowserRouter(
  [
    {
      element: <SessionGate />,
      children: [
        {
          element: <ConsoleLayout />,
          children: [
            {
              index: true,
              element: (
                <LazyScreen key="home">
                  <HomeScreen />
                </LazyScreen>
              ),
            },
            {
              path: 'sessions',
              element: <InHospital action="sessions.list" screen={(hospital) => <SessionsRoute hospital={hospital} />} />,
            },
            {
              path: 'sessions/:sessionId',
              element: <InHospital action="sessions.queue" screen={(hospital) => <QueueRoute hospital={hospital} />} />,
            },
            {
              path: 'orders',
              element: <InHospital action="orders.read" screen={(hospital) => <OrdersRoute hospital={hospital} />} />,
            },
            {
              path: 'orders/:orderId',
              element: <InHospital action="orders.read" screen={(hospital) => <OrderRoute hospital={hospital} />} />,
            },
            {
              path: 'lab-reports',
              element: <InHospital action="labReports.read" screen={(hospital) => <LabReportsRoute hospital={hospital} />} />,
            },
            {
              path: 'lab-reports/:reportId',
              element: <InHospital action="labReports.read" screen={(hospital) => <LabReportRoute hospital={hospital} />} />,
            },
            {
              path: 'questionnaires',
              element: (
                <InHospital
                  action="questionnaires.responses"
                  screen={(hospital) => <QuestionnaireResponsesRoute hospital={hospital} />}
                />
              ),
            },
            {
              path: 'questionnaires/:responseId',
              element: (
                <InHospital
                  action="questionnaires.responses"
                  screen={(hospital) => <QuestionnaireResponseRoute hospital={hospital} />}
                />
              ),
            },
            {
              // One route for the inbox and the chat on show, so the live inbox stays open between them.
              path: 'chats/:chatId?',
              element: <InHospital action="chat.read" screen={(hospital) => <ChatRoute hospital={hospital} />} />,
            },
            {
              path: 'patients',
              element: (
                <InHospital
                  action="patients.lookup"
                  screen={(hospital) => <PatientLookupScreen key={hospital.id} hospital={hospital} />}
                />
              ),
            },
            {
              path: 'payments',
              element: (
                <InHospital
                  action="payments.list"
                  screen={(hospital) => <PaymentsRoute key={hospital.id} hospital={hospital} />}
                />
              ),
            },
            {
              path: 'staff-users',
              element: (
                <InHospital
                  action="staff.users.list"
                  screen={(hospital) => <StaffUsersScreen key={hospital.id} hospital={hospital} />}
                />
              ),
            },
            {
              path: 'doctors',
              element: (
                <InHospital
                  action="practitioners.list"
                  screen={(hospital) => <PractitionersScreen key={hospital.id} hospital={hospital} />}
                />
              ),
            },
            {
              path: 'displays',
              element: (
                <InHospital action="displays.manage" screen={(hospital) => <DisplaysScreen key={hospital.id} hospital={hospital} />} />
              ),
            },
            {
              path: 'audit',
              element: (
                <InHospital action="audit.browse" screen={(hospital) => <AuditScreen key={hospital.id} hospital={hospital} />} />
              ),
            },
            {
              path: 'password',
              element: (
                <LazyScreen key="password">
                  <ChangePasswordScreen forced={false} />
                </LazyScreen>
              ),
            },
            { path: '*', element: <NotFoundScreen /> },
          ],
        },
      ],
    },
  ],
  { basename: '/staff' },
);

/** The staff console: GraphQL client with the staff token, the session, the routes under /staff. */
export function App() {
  return (
    <GraphQLClientProvider create={() => createStaffGraphQLClient(() => window.location.assign('/staff/'))}>
      <StaffSessionProvider>
        <RouterProvider router={router} />
      </StaffSessionProvider>
    </GraphQLClientProvider>
  );
}
