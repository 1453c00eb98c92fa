import { PaymentsScreen } from '../../features/payments/components/payments-screen.tsx';
import { useStaffSession, type Hospital } from '../../lib/staff-session.tsx';

/** The hospital's payments: what the member may do there comes from the server's policy for their roles. */
export function PaymentsRoute({ hospital }: { hospital: Hospital }) {
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
