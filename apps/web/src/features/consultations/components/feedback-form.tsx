import { useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import {
  canGiveFeedback,
  isValidRating,
  REVIEW_LINK_DELAY_MS,
  REVIEW_LINK_RATING,
} from '@careline/domain/consultations';
import { useConsultationsTranslate } from '@careline/i18n/consultations';
import { useTranslateText } from '@careline/i18n/react';
import { Button } from '../../../components/button.tsx';
import { RatingScale } from '../../../components/rating-scale.tsx';
import { useToast } from '../../../components/toast.tsx';
import { errorText } from '../../../lib/graphql';
import { useTenant } from '../../../lib/tenant';
import { appointmentFeedbackMutation } from '../api/history.ts';
import { npsLabelKey } from '../utils/history-texts.ts';
import './history.css';

/** What the feedback form reads of an appointment. */
export type FeedbackAppointment = {
  id: string;
  appointmentStatus: string;
  /** ISO start of the appointment (its session). */
  start: string;
  organizationId: string | null;
  feedbackRating: number | null;
  feedbackComment: string | null;
};

export type FeedbackFormProps = {
  appointment: FeedbackAppointment;
  /** Called once the feedback is saved, with the rating given. */
  onDone?: (rating: number) => void;
  /** The clock; tests pass a fixed one. */
  now?: () => Date;
};

/** The longest comment the server takes (docs/api-contract.md patchAppointment). */
const COMMENT_MAX_LENGTH = 1000;

/**
 * Opens the hospital's review page after the spec's delay (spec doc 2 §4 Feedback: a rating of 10
 * opens a hospital-specific review link after 2 s). Not tied to the form's life: the form may close
 * as soon as the feedback is saved, and the link must open all the same.
 * @param link - the organisation's review link
 */
export function openReviewLinkLater(link: string): void {
  window.setTimeout(() => {
    window.open(link, '_blank', 'noopener,noreferrer');
  }, REVIEW_LINK_DELAY_MS);
}

type SendState = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done'; rating: number } | { kind: 'rejected'; error: string };

/**
 * Rates a visit in the app (spec doc 2 §4 Feedback): only after fulfilment and within 30 days of the
 * start, a rating of 1 to 10 required, with its NPS label and colour, and an optional comment.
 */
export function FeedbackForm({ appointment, onDone, now = () => new Date() }: FeedbackFormProps) {
  const t = useConsultationsTranslate();
  const tx = useTranslateText();
  const toast = useToast();
  const tenant = useTenant();
  const [, sendFeedback] = useMutation(appointmentFeedbackMutation);
  const [rating, setRating] = useState<number | null>(appointment.feedbackRating);
  const [comment, setComment] = useState(appointment.feedbackComment ?? '');
  const [showRequired, setShowRequired] = useState(false);
  const [state, setState] = useState<SendState>({ kind: 'idle' });
  const commentId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  const describe = (value: number) => {
    const label = npsLabelKey(value);
    return { text: t(label.key), tone: label.colour };
  };

  if (appointment.appointmentStatus !== 'fulfilled') {
    return <p className="history-note">{t('feedback.notYet')}</p>;
  }
  if (!canGiveFeedback({ appointmentStatus: appointment.appointmentStatus, start: new Date(appointment.start) }, now())) {
    // spec doc 2 §4: locked when more than 30 days have passed since the start
    return (
      <div className="history-note" role="note">
        <p>{t('feedback.locked')}</p>
        {appointment.feedbackRating !== null ? <p>{t('feedback.given', { rating: appointment.feedbackRating })}</p> : null}
      </div>
    );
  }
  if (state.kind === 'done') {
    return (
      <div className="history-note" role="status">
        <p>{t('feedback.thanks')}</p>
        {state.rating === REVIEW_LINK_RATING && reviewLinkOf(tenant.reviewLinks, appointment.organizationId) ? (
          <p>{t('feedback.reviewLink')}</p>
        ) : null}
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (rating === null || !isValidRating(rating)) {
      setShowRequired(true);
      formRef.current?.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
      return;
    }
    setState({ kind: 'sending' });
    const trimmed = comment.trim();
    const result = await sendFeedback({
      id: appointment.id,
      feedbackRating: rating,
      feedbackComment: trimmed === '' ? null : trimmed,
    });
    if (result.error || !result.data) {
      // spec doc 2 §8: a send failure marks the state rejected
      setState({ kind: 'rejected', error: errorText(result.error) });
      return;
    }
    setState({ kind: 'done', rating });
    toast.show(t('feedback.thanks'), 'success');
    const link = reviewLinkOf(tenant.reviewLinks, appointment.organizationId);
    if (rating === REVIEW_LINK_RATING && link) {
      openReviewLinkLater(link);
    }
    onDone?.(rating);
  };

  const sending = state.kind === 'sending';
  return (
    <form ref={formRef} className="feedback-form" noValidate onSubmit={(event) => void submit(event)}>
      <RatingScale
        legend={t('feedback.ratingLegend')}
        value={rating}
        onChange={(value) => {
          setRating(value);
          setShowRequired(false);
        }}
        describe={describe}
        error={showRequired ? t('feedback.ratingRequired') : null}
        disabled={sending}
      />
      <label className="feedback-form__label" htmlFor={commentId}>
        {t('feedback.comment')}
      </label>
      <textarea
        id={commentId}
        className="feedback-form__comment"
        rows={3}
        maxLength={COMMENT_MAX_LENGTH}
        value={comment}
        disabled={sending}
        onChange={(event) => setComment(event.target.value)}
      />
      {state.kind === 'rejected' ? (
        <p className="history-error" role="alert">
          {t('feedback.failed')} {tx(state.error)}
        </p>
      ) : null}
      <Button type="submit" block loading={sending}>
        {t('feedback.send')}
      </Button>
    </form>
  );
}

/**
 * The review link configured for an organisation, or null (spec doc 2 §4: 'for the configured
 * organisation').
 * @param links - the tenant's reviewLinks, by organisation id
 * @param organizationId - the appointment's organisation
 */
export function reviewLinkOf(links: Record<string, string> | undefined, organizationId: string | null): string | null {
  if (!links || organizationId === null || !Object.hasOwn(links, organizationId)) {
    return null;
  }
  return links[organizationId] ?? null;
}
