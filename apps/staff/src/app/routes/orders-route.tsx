import { useParams } from 'react-router';
import { OrderScreen } from '../../features/orders/components/order-screen.tsx';
import { OrdersScreen } from '../../features/orders/components/orders-screen.tsx';
import { workedOrderCategories } from '../../features/orders/order-rules.ts';
import { useLabReportsMessages } from '../../features/lab-reports/messages.ts';
import { useStaffSession, type Hospital } from '../../lib/staff-session.tsx';

const ordersPath = '/orders';
const orderPath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}`;
const labReportsOfOrder = (orderId: string) => `/lab-reports?order=${encodeURIComponent(orderId)}`;

/** The hospital's order queues, of the categories the member's roles there work. */
export function OrdersRoute({ hospital }: { hospital: Hospital }) {
  return (
    <OrdersScreen
      key={hospital.id}
      hospital={hospital}
      categories={workedOrderCategories(hospital.memberships.map((m) => m.role))}
      orderPath={orderPath}
    />
  );
}

/** One order: what the member may do on it comes from the server's policy for their roles here. */
export function OrderRoute({ hospital }: { hospital: Hospital }) {
  const session = useStaffSession();
  const labText = useLabReportsMessages();
  const { orderId = '' } = useParams();
  return (
    <OrderScreen
      key={hospital.id}
      hospital={hospital}
      orderId={orderId}
      ordersPath={ordersPath}
      orderPath={orderPath}
      labReportsLink={session.may('labReports.read') ? { path: labReportsOfOrder, label: labText.orderLink } : null}
      may={{
        work: session.may('orders.work'),
        estimatedTime: session.may('orders.estimatedTime'),
        sampleCollection: session.may('orders.sampleCollection'),
      }}
    />
  );
}
