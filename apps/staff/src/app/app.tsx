import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useLocation, useParams } from 'react-router';
import { GraphQLClientProvider } from '@careline/ui/graphql';
import { AuditScreen } from '../features/audit/components/audit-screen.tsx';
import { ChangePasswordScreen } from '../features/auth/components/change-password-screen.tsx';
import { SignInScreen } from '../features/auth/components/sign-in-screen.tsx';
import { HomeScreen } from '../features/home/components/home-screen.tsx';
import { PatientLookupScreen } from '../features/patients/components/patient-lookup-screen.tsx';
import { PatientPicker } from '../features/patients/components/patient-picker.tsx';
import { PaymentsScreen } from '../features/payments/components/payments-screen.tsx';
import { QueueScreen } from '../features/queue/components/queue-screen.tsx';
import { SessionsScreen } from '../features/sessions/components/sessions-screen.tsx';
import { StaffUsersScreen } from '../features/staff-users/components/staff-users-screen.tsx';
import { createStaffGraphQLClient } from '../lib/graphql-client.ts';
import { StaffSessionProvider, useStaffSession, type Hospital } from '../lib/staff-session.tsx';
import { ConsoleLayout } from './console-layout.tsx';
import { NotFoundScreen, RequireAction } from './guards.tsx';
import { useShellMessages } from './messages.ts';

/**
 * Signed out: the sign-in screen at /staff (any other address leads there). A temporary password:
 * the forced change. Otherwise the console.
 */
function SessionGate() {
  const session = useStaffSession();
  const t = useShellMessages();
  if (session.status === 'loading') {
    return (
      <p role="status" className="gate-loading">
        {t.loading}
      </p>
    );
  }
  if (session.status === 'signed-out' || !session.me) {
    return <SignedOutRoute />;
  }
  if (session.me.mustChangePassword) {
    return <ChangePasswordScreen forced />;
  }
  return <Outlet />;
}

function SignedOutRoute() {
  const location = useLocation();
  return location.pathname === '/' ? <SignInScreen /> : <Navigate to="/" replace />;
}

/** Screens that act in one hospital get the current one (the switcher's choice). */
function InHospital({ action, screen }: { action: string; screen: (hospital: Hospital) => ReactNode }) {
  const session = useStaffSession();
  return <RequireAction action={action}>{session.hospital ? screen(session.hospital) : null}</RequireAction>;
}

/** A session's queue; desk booking finds the patient with the patients feature's search. */
function QueueRoute({ hospital }: { hospital: Hospital }) {
  const session = useStaffSession();
  const { sessionId = '' } = useParams();
  return (
    <QueueScreen
      key={`${hospital.id}:${sessionId}`}
      hospital={hospital}
      sessionId={sessionId}
      sessionsPath="/sessions"
      may={{ run: session.may('sessions.run'), book: session.may('sessions.bookAtDesk') }}
      deskSearch={(props) => <PatientPicker hospital={hospital} {...props} />}
    />
  );
}

function SessionsRoute({ hospital }: { hospital: Hospital }) {
  const session = useStaffSession();
  return (
    <SessionsScreen
      key={hospital.id}
      hospital={hospital}
      mayManage={session.may('sessions.manage')}
      queuePath={(sessionId) => `/sessions/${sessionId}`}
    />
  );
}

/** The hospital's payments: what the member may do there comes from the server's policy for their roles. */
function PaymentsRoute({ hospital }: { hospital: Hospital }) {
  const session = useStaffSession();
  return (
    <PaymentsScreen
      hospital={hospital}
      may={{
        cash: session.may('payments.cash'),
        refunds: session.may('refunds.list'),
        decide: session.may('refunds.decide'),
        reconcile: session.may('payments.reconcile'),
      }}
    />
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
            { index: true, element: <HomeScreen /> },
            {
              path: 'sessions',
              element: <InHospital action="sessions.list" screen={(hospital) => <SessionsRoute hospital={hospital} />} />,
            },
            {
              path: 'sessions/:sessionId',
              element: <InHospital action="sessions.queue" screen={(hospital) => <QueueRoute hospital={hospital} />} />,
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
              path: 'audit',
              element: (
                <InHospital action="audit.browse" screen={(hospital) => <AuditScreen key={hospital.id} hospital={hospital} />} />
              ),
            },
            { path: 'password', element: <ChangePasswordScreen forced={false} /> },
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
