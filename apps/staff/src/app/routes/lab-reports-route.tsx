import { useNavigate, useParams, useSearchParams } from 'react-router';
import { LabReportScreen } from '../../features/lab-reports/components/lab-report-screen.tsx';
import { LabReportsScreen } from '../../features/lab-reports/components/lab-reports-screen.tsx';
import { PatientPicker } from '../../features/patients/components/patient-picker.tsx';
import { useStaffSession, type Hospital } from '../../lib/staff-session.tsx';

const labReportsPath = '/lab-reports';
const labReportPath = (reportId: string) => `/lab-reports/${encodeURIComponent(reportId)}`;
const orderPath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}`;

/** The hospital's lab reports; ?order=<id> shows one lab order's and starts from it. */
export function LabReportsRoute({ hospital }: { hospital: Hospital }) {
  const session = useStaffSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const order = params.get('order');
  return (
    <LabReportsScreen
      key={`${hospital.id}:${order ?? ''}`}
      hospital={hospital}
      may={{
        work: session.may('labReports.work'),
        settings: session.may('labReports.settings'),
        images: session.may('labReports.images'),
      }}
      serviceRequestId={order && order.trim() !== '' ? order : null}
      reportPath={labReportPath}
      listPath={labReportsPath}
      patientSearch={(props) => <PatientPicker hospital={hospital} {...props} />}
      onStarted={(reportId) => void navigate(labReportPath(reportId))}
    />
  );
}

/** One report version: what the member may do on it comes from the server's policy for their roles here. */
export function LabReportRoute({ hospital }: { hospital: Hospital }) {
  const session = useStaffSession();
  const navigate = useNavigate();
  const { reportId = '' } = useParams();
  return (
    <LabReportScreen
      key={hospital.id}
      hospital={hospital}
      reportId={reportId}
      may={{ work: session.may('labReports.work'), settings: session.may('labReports.settings') }}
      staffUserId={session.me?.id ?? null}
      listPath={labReportsPath}
      reportPath={labReportPath}
      orderPath={session.may('orders.read') ? orderPath : null}
      onOpen={(id) => void navigate(labReportPath(id))}
    />
  );
}
