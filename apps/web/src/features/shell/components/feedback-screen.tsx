import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { isValidRating, npsLabel, REVIEW_LINK_DELAY_MS, REVIEW_LINK_RATING } from '@careline/domain/consultations';
import { fallbackErrorText, parseErrorString } from '@careline/domain/error-wire';
import { networkTexts } from '@careline/domain/shell';
import { useConsultationsTranslate, type ConsultationsMessageId } from '@careline/i18n/consultations';
import { useLingui, useTranslate, useTranslateText } from '@careline/i18n/react';
import { Button } from '../../../components/button.tsx';
import { RatingScale } from '../../../components/rating-scale.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useToast } from '../../../components/toast.tsx';
import { useTenant } from '../../../lib/tenant';
import { formatInstant } from '@careline/domain/time';
import './feedback-screen.css';

/** What GET /feedback answers (spec doc 2 §7 'Feedback by link'). */
export type FeedbackLinkVisit = {
  start: string;
  organizationName: string;
  feedbackRating: number | null;
  feedbackComment: string | null;
  /** When the server names the organisation, a 10 opens its review link (spec doc 2 §4). */
  organizationId?: string | null;
  /** The visit's status: the rating is offered only once it is fulfilled (issue 29 §13). */
  appointmentStatus?: string;
};

type LinkState =
  | { kind: 'loading' }
  | { kind: 'failed'; error: string }
  | { kind: 'ready'; visit: FeedbackLinkVisit };

type SendState = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done' } | { kind: 'rejected'; error: string };

const npsKeys: Record<ReturnType<typeof npsLabel>['text'], ConsultationsMessageId> = {
  'Not Good': 'feedback.label.notGood',
  Satisfied: 'feedback.label.satisfied',
  Great: 'feedback.label.great',
};

/**
 * The error text of a /feedback answer: the server's 'CODE:message' text after the colon, else the
 * generic text (spec doc 1 §8).
 */
async function responseError(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown; message?: unknown };
    const raw = typeof body.error === 'string' ? body.error : typeof body.message === 'string' ? body.message : '';
    const parsed = parseErrorString(raw);
    return parsed.code !== null && parsed.text.trim() !== '' ? parsed.text : fallbackErrorText;
  } catch {
    return fallbackErrorText;
  }
}

/**
 * GET /feedback with the page's own query string (spec doc 2 §7 'Feedback by link').
 * @param search - the page's query string, '?…'
 */
export async function fetchFeedbackVisit(search: string): Promise<FeedbackLinkVisit> {
  let response: Response;
  try {
    response = await fetch(`/feedback${search}`, { headers: { accept: 'application/json' } });
  } catch {
    throw new Error(networkTexts.offline);
  }
  if (!response.ok) {
    throw new Error(await responseError(response));
  }
  return (await response.json()) as FeedbackLinkVisit;
}

/**
 * POST /feedback with the same query string and { feedback, rating } (spec doc 2 §7).
 * @param search - the page's query string
 * @param body - the comment and the rating
 */
export async function sendFeedbackByLink(search: string, body: { feedback: string; rating: number }): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`/feedback${search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new Error(networkTexts.offline);
  }
  if (!response.ok) {
    throw new Error(await responseError(response));
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message !== '' ? error.message : fallbackErrorText;
}

/**
 * patient-feedback? and pf? addresses (spec doc 1 §2, doc 2 §2 and §7 'Feedback by link'): no sign-in;
 * shows the visit, then the 1-10 rating with its label and a comment. A fetch failure shows the
 * error in place; a send failure marks the state rejected.
 */
export function FeedbackScreen() {
  const t = useTranslate();
  const tc = useConsultationsTranslate();
  const tx = useTranslateText();
  const { i18n } = useLingui();
  const toast = useToast();
  const tenant = useTenant();
  const { search } = useLocation();
  const [link, setLink] = useState<LinkState>({ kind: 'loading' });
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [showRequired, setShowRequired] = useState(false);
  const [send, setSend] = useState<SendState>({ kind: 'idle' });
  const commentId = useId();

  useEffect(() => {
    let current = true;
    setLink({ kind: 'loading' });
    fetchFeedbackVisit(search).then(
      (visit) => {
        if (current) {
          setLink({ kind: 'ready', visit });
          setRating(visit.feedbackRating);
          setComment(visit.feedbackComment ?? '');
        }
      },
      (error: unknown) => {
        if (current) {
          setLink({ kind: 'failed', error: messageOf(error) });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [search]);

  const describe = (value: number) => {
    const label = npsLabel(value);
    return { text: tc(npsKeys[label.text]), tone: label.colour };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (rating === null || !isValidRating(rating)) {
      setShowRequired(true);
      return;
    }
    setSend({ kind: 'sending' });
    try {
      await sendFeedbackByLink(search, { feedback: comment.trim(), rating });
    } catch (error) {
      setSend({ kind: 'rejected', error: messageOf(error) });
      return;
    }
    setSend({ kind: 'done' });
    toast.show(tc('feedback.thanks'), 'success');
    const organizationId = link.kind === 'ready' ? link.visit.organizationId : null;
    const reviewLink = organizationId && Object.hasOwn(tenant.reviewLinks, organizationId) ? tenant.reviewLinks[organizationId] : null;
    if (rating === REVIEW_LINK_RATING && reviewLink) {
      // spec doc 2 §4: a 10 opens the hospital's review link after 2 s
      window.setTimeout(() => window.open(reviewLink, '_blank', 'noopener,noreferrer'), REVIEW_LINK_DELAY_MS);
    }
  };

  let body;
  if (link.kind === 'loading') {
    body = (
      <div className="feedback-link__state">
        <Spinner label={tc('feedback.linkLoading')} />
        <p aria-hidden="true">{tc('feedback.linkLoading')}</p>
      </div>
    );
  } else if (link.kind === 'failed') {
    body = (
      <div className="feedback-link__state" role="alert">
        <p>{tc('feedback.linkFailed')}</p>
        <p className="feedback-link__error">{tx(link.error)}</p>
      </div>
    );
  } else if (send.kind === 'done') {
    body = (
      <p className="feedback-link__state" role="status">
        {tc('feedback.thanks')}
      </p>
    );
  } else if (link.visit.appointmentStatus !== undefined && link.visit.appointmentStatus !== 'fulfilled') {
    // spec doc 2 §4 Feedback: available after fulfilment, not while the visit is ongoing
    const date = formatInstant(link.visit.start, 'feedbackVisit', { locale: i18n.locale }) ?? link.visit.start;
    body = (
      <div className="feedback-link__state" role="note">
        <p className="feedback-link__visit">{tc('feedback.visit', { organization: link.visit.organizationName, date })}</p>
        <p>{tc('feedback.notYet')}</p>
      </div>
    );
  } else {
    const date = formatInstant(link.visit.start, 'feedbackVisit', { locale: i18n.locale }) ?? link.visit.start;
    const sending = send.kind === 'sending';
    body = (
      <form className="feedback-link__form" noValidate onSubmit={(event) => void submit(event)}>
        <p className="feedback-link__visit">{tc('feedback.visit', { organization: link.visit.organizationName, date })}</p>
        <RatingScale
          legend={tc('feedback.ratingLegend')}
          value={rating}
          onChange={(value) => {
            setRating(value);
            setShowRequired(false);
          }}
          describe={describe}
          error={showRequired ? tc('feedback.ratingRequired') : null}
          disabled={sending}
        />
        <label className="feedback-link__label" htmlFor={commentId}>
          {tc('feedback.comment')}
        </label>
        <textarea
          id={commentId}
          className="feedback-link__comment"
          rows={3}
          maxLength={1000}
          value={comment}
          disabled={sending}
          onChange={(event) => setComment(event.target.value)}
        />
        {send.kind === 'rejected' ? (
          <p className="feedback-link__error" role="alert">
            {tc('feedback.failed')} {tx(send.error)}
          </p>
        ) : null}
        <Button type="submit" block loading={sending}>
          {tc('feedback.send')}
        </Button>
      </form>
    );
  }

  return (
    <section className="screen feedback-link" aria-labelledby="feedback-title">
      <h1 id="feedback-title">{t('shell.feedback.title')}</h1>
      {body}
    </section>
  );
}
