import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useClient } from 'urql';
import { Alert, PageHeading } from '@careline/ui/components';
import { useErrorText } from '../../../lib/error-text.ts';
import type { Hospital } from '../../../lib/staff-session.tsx';
import { staffQuestionnaireResponseQuery, type QuestionnaireResponseDetail } from '../api/questionnaire-responses-operations.ts';
import { responseTime } from '../questionnaire-rules.ts';
import { useQuestionnairesMessages } from '../messages.ts';
import './questionnaires.css';

/**
 * One questionnaire response of the hospital's patients (issue 30 §4.9): the patient, the
 * questionnaire, when it was submitted (hospital time) and each question with its answer, in the
 * words the patient read them. The server audits the read; another hospital's response is not found.
 * @param props - the hospital, the response, and the list's address
 */
export function QuestionnaireResponseScreen({ hospital, responseId, listPath }: { hospital: Hospital; responseId: string; listPath: string }) {
  const client = useClient();
  const t = useQuestionnairesMessages();
  const errorText = useErrorText();
  const [response, setResponse] = useState<QuestionnaireResponseDetail | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setResponse(null);
    setError(null);
    void client
      .query(staffQuestionnaireResponseQuery, { organizationId: hospital.id, id: responseId }, { requestPolicy: 'network-only' })
      .toPromise()
      .then((result) => {
        if (!current) {
          return;
        }
        if (result.data) {
          setResponse(result.data.staffQuestionnaireResponse);
        } else {
          setError(errorText(result.error));
        }
      });
    return () => {
      current = false;
    };
  }, [client, hospital.id, responseId, errorText]);

  const title = response?.questionnaireTitle ?? t.untitled;
  return (
    <>
      <PageHeading documentTitle={t.documentTitle(response ? t.detailHeading(response.patientName) : t.heading)}>
        {response ? t.detailHeading(response.patientName) : t.heading}
      </PageHeading>
      <p>
        <Link to={listPath}>{t.back}</Link>
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {!response && !error ? <p role="status">{t.loadingOne}</p> : null}
      {response ? (
        <>
          <p>
            <strong>{title}</strong>
            {' · '}
            <time dateTime={response.createdAt}>{t.submittedAt(responseTime(response.createdAt))}</time>
          </p>
          <div className="table-scroll">
            <table className="data-table">
              <caption>{t.answersCaption(title)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.colQuestion}</th>
                  <th scope="col">{t.colAnswer}</th>
                </tr>
              </thead>
              <tbody>
                {response.items.map((item, index) => (
                  <tr key={item.questionNumber ?? index}>
                    <th scope="row">{item.questionNumber ? `${item.questionNumber}. ${item.question}` : item.question}</th>
                    <td className="questionnaire-answer">{item.answer}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </>
  );
}
