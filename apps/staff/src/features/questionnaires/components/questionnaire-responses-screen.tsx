import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useClient } from 'urql';
import { Alert, Button, PageHeading } from '@careline/ui/components';
import { useErrorText } from '../../../lib/error-text.ts';
import type { Hospital } from '../../../lib/staff-session.tsx';
import { staffQuestionnaireResponsesQuery, type QuestionnaireResponseRow } from '../api/questionnaire-responses-operations.ts';
import { responseTime } from '../questionnaire-rules.ts';
import { useQuestionnairesMessages } from '../messages.ts';

/** Responses read a page at a time. */
const PAGE_SIZE = 20;

/**
 * The questionnaire responses of the hospital's patients, newest first (issue 30 §4.9): who answered,
 * which questionnaire, when (hospital time) and how many questions, each opening the answers; older
 * pages on request. Every page read is audited by the server.
 * @param props - the hospital, and the address of one response
 */
export function QuestionnaireResponsesScreen({ hospital, responsePath }: { hospital: Hospital; responsePath: (id: string) => string }) {
  const client = useClient();
  const t = useQuestionnairesMessages();
  const errorText = useErrorText();
  const [rows, setRows] = useState<QuestionnaireResponseRow[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    async (after: string | null) => {
      setLoading(true);
      const result = await client
        .query(staffQuestionnaireResponsesQuery, { organizationId: hospital.id, first: PAGE_SIZE, after }, { requestPolicy: 'network-only' })
        .toPromise();
      setLoading(false);
      const page = result.data?.staffQuestionnaireResponses;
      if (!page) {
        setError(errorText(result.error));
        return;
      }
      setError(null);
      setLoaded(true);
      setRows((current) => (after === null ? page.nodes : [...current, ...page.nodes]));
      setCursor(page.endCursor ?? null);
      setHasMore(page.hasMore);
    },
    [client, hospital.id, errorText],
  );

  useEffect(() => {
    void load(null);
  }, [load]);

  return (
    <>
      <PageHeading documentTitle={t.documentTitle(t.heading)}>{t.heading}</PageHeading>
      <p>{t.intro(hospital.name)}</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {loading && !loaded ? <p role="status">{t.loading}</p> : null}
      {loaded && rows.length === 0 ? <p className="empty-state">{t.empty(hospital.name)}</p> : null}
      {rows.length > 0 ? (
        <div className="table-scroll">
          <table className="data-table">
            <caption>{t.tableCaption(hospital.name)}</caption>
            <thead>
              <tr>
                <th scope="col">{t.colPatient}</th>
                <th scope="col">{t.colQuestionnaire}</th>
                <th scope="col">{t.colSubmitted}</th>
                <th scope="col">{t.colAnswers}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">
                    <Link to={responsePath(row.id)} aria-label={t.open(row.patientName)}>
                      {row.patientName}
                    </Link>
                  </th>
                  <td>{row.questionnaireTitle ?? t.untitled}</td>
                  <td>
                    <time dateTime={row.createdAt}>{responseTime(row.createdAt)}</time>
                  </td>
                  <td>{row.items.length}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {hasMore ? (
        <Button variant="secondary" busy={loading} onClick={() => void load(cursor)}>
          {t.loadMore}
        </Button>
      ) : null}
    </>
  );
}
