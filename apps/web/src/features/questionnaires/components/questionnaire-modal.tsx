import { useId, useState } from 'react';
import { useMutation } from 'urql';
import {
  answerText,
  buildQuestionnaireResponse,
  isQuestionnaireSubmitDisabled,
  questionnaireTitle,
  setTextAnswer,
  toggleCheckBoxAnswer,
  type Questionnaire,
  type QuestionnaireAnswers,
  type QuestionType,
} from '@careline/domain/lab-reports';
import { useTranslate, useTranslateText } from '@careline/i18n/react';
import type { Locale } from '@careline/i18n/locales';
import { Button } from '../../../components/button.tsx';
import { Modal } from '../../../components/modal.tsx';
import { useToast } from '../../../components/toast.tsx';
import { errorText } from '../../../lib/graphql';
import { createQuestionnaireResponseMutation, type QuestionnaireData } from '../api/questionnaire-documents.ts';
import './questionnaires.css';

/** The longest text answer the server takes (ARO-E7051). */
const ANSWER_MAX_LENGTH = 2000;

export type QuestionnaireModalProps = {
  questionnaire: QuestionnaireData;
  /** The language the questions are shown in: the server saves the answers with these texts. */
  language: Locale;
  /** The appointment the answers are for, and its patient. */
  appointment: { id: string; patientId: string };
  open: boolean;
  onClose: () => void;
  /** After the toast: the answers are saved. */
  onSubmitted: () => void;
};

/** The questionnaire as the domain's rules read it. */
function asQuestionnaire(data: QuestionnaireData): Questionnaire {
  return {
    id: data.id,
    meta: { display: data.meta.display },
    questions: data.questions.map((q) => ({
      questionNumber: q.questionNumber,
      question: q.question,
      type: (q.type === 'checkBox' ? 'checkBox' : 'text') satisfies QuestionType,
      options: q.options,
    })),
  };
}

/**
 * The questionnaire modal (spec doc 3 §2 Questionnaire; doc 2 §2 Modals): the title from
 * meta.display, text and checkBox questions, Submit disabled with no answers, then
 * createQuestionnaireResponse and the toast 'Questionnaire Successfully Submitted'.
 */
export function QuestionnaireModal({ questionnaire: data, language, appointment, open, onClose, onSubmitted }: QuestionnaireModalProps) {
  const t = useTranslate();
  const tx = useTranslateText();
  const toast = useToast();
  const idPrefix = useId();
  const [answers, setAnswers] = useState<QuestionnaireAnswers>({});
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [, createResponse] = useMutation(createQuestionnaireResponseMutation);
  const questionnaire = asQuestionnaire(data);
  const disabled = isQuestionnaireSubmitDisabled(questionnaire, answers, submitting);
  const hintId = `${idPrefix}-hint`;

  async function submit() {
    const payload = buildQuestionnaireResponse(questionnaire, answers, {
      appointmentId: appointment.id,
      patientId: appointment.patientId,
      author: `Patient/${appointment.patientId}`,
    });
    if (!payload) {
      return;
    }
    type AnswerInput = { questionNumber: string; answer?: string; values?: string[] };
    const items = questionnaire.questions.flatMap((question): AnswerInput[] => {
      const answer = answers[question.questionNumber];
      if (answerText(question, answer) === null) {
        return [];
      }
      return question.type === 'text'
        ? [{ questionNumber: question.questionNumber, answer: typeof answer === 'string' ? answer.trim() : '' }]
        : [{ questionNumber: question.questionNumber, values: Array.isArray(answer) ? [...(answer as readonly string[])] : [] }];
    });
    setSubmitting(true);
    setError(null);
    const result = await createResponse({
      input: { basedOn: payload.basedOn, subject: payload.subject, questionnaireId: questionnaire.id, items, language },
    });
    setSubmitting(false);
    if (result.error) {
      setError(errorText(result.error));
      return;
    }
    toast.show(t('questionnaires.submitted'), 'success');
    setAnswers({});
    onSubmitted();
  }

  return (
    <Modal open={open} title={questionnaireTitle(questionnaire)} onClose={onClose}>
      <form
        className="questionnaire-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!disabled) {
            void submit();
          }
        }}
      >
        {questionnaire.questions.map((question) => {
          const fieldId = `${idPrefix}-q-${question.questionNumber}`;
          const label = `${question.questionNumber}. ${question.question}`;
          if (question.type === 'text') {
            const value = answers[question.questionNumber];
            return (
              <div key={question.questionNumber} className="questionnaire-form__question">
                <label className="questionnaire-form__label" htmlFor={fieldId}>
                  {label}
                </label>
                <textarea
                  id={fieldId}
                  className="questionnaire-form__text"
                  rows={2}
                  maxLength={ANSWER_MAX_LENGTH}
                  value={typeof value === 'string' ? value : ''}
                  disabled={submitting}
                  onChange={(event) => setAnswers((current) => setTextAnswer(current, question.questionNumber, event.target.value))}
                />
              </div>
            );
          }
          const chosen = answers[question.questionNumber];
          return (
            <fieldset key={question.questionNumber} className="questionnaire-form__question">
              <legend className="questionnaire-form__label">{label}</legend>
              {(question.options ?? []).map((option) => (
                <label key={option.value} className="questionnaire-form__option">
                  <input
                    type="checkbox"
                    checked={Array.isArray(chosen) && (chosen as readonly string[]).includes(option.value)}
                    disabled={submitting}
                    onChange={() => setAnswers((current) => toggleCheckBoxAnswer(current, question.questionNumber, option.value))}
                  />
                  {option.display}
                </label>
              ))}
            </fieldset>
          );
        })}
        {error ? (
          <p className="questionnaire-form__error" role="alert">
            {tx(error)}
          </p>
        ) : null}
        {disabled && !submitting ? (
          <p id={hintId} className="questionnaire-form__hint">
            {t('questionnaires.answerHint')}
          </p>
        ) : null}
        <div className="modal-actions">
          <Button variant="secondary" onClick={onClose} disabled={submitting}>
            {t('questionnaires.notNow')}
          </Button>
          <Button
            type="submit"
            loading={submitting}
            disabled={disabled}
            aria-describedby={disabled && !submitting ? hintId : undefined}
          >
            {t('questionnaires.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
