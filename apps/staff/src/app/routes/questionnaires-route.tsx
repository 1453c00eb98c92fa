import { useParams } from 'react-router';
import { QuestionnaireResponseScreen } from '../../features/questionnaires/components/questionnaire-response-screen.tsx';
import { QuestionnaireResponsesScreen } from '../../features/questionnaires/components/questionnaire-responses-screen.tsx';
import type { Hospital } from '../../lib/staff-session.tsx';

const listPath = '/questionnaires';
const responsePath = (id: string) => `/questionnaires/${encodeURIComponent(id)}`;

/** The questionnaire responses of the hospital's patients. */
export function QuestionnaireResponsesRoute({ hospital }: { hospital: Hospital }) {
  return <QuestionnaireResponsesScreen key={hospital.id} hospital={hospital} responsePath={responsePath} />;
}

/** One response with its answers. */
export function QuestionnaireResponseRoute({ hospital }: { hospital: Hospital }) {
  const { responseId = '' } = useParams();
  return <QuestionnaireResponseScreen key={hospital.id} hospital={hospital} responseId={responseId} listPath={listPath} />;
}
