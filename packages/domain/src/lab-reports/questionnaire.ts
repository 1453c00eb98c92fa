/**
 * The questionnaire's rules (spec doc 3 §2 'Questionnaire', §3 'Questionnaire response', §5, §7;
 * doc 2 §2 the banner on the appointment view, §7 createQuestionnaireResponse, §8): the title, the
 * answers to text and checkBox questions, when Submit is enabled, the payload, and when the banner
 * shows.
 */
import type { FeatureFlags } from '../tenant/types.ts';
import { LAB_REPORT_TEXTS } from './texts.ts';
import type { Questionnaire, QuestionnaireQuestion, QuestionnaireResponse } from './types.ts';

/** The answers so far, by questionNumber: a text answer, or the chosen options' values for a checkBox question. */
export type QuestionnaireAnswers = Readonly<Record<string, string | readonly string[]>>;

/** The success toast (spec doc 3 §2, doc 2 §8). */
export const QUESTIONNAIRE_SUBMITTED_TOAST = LAB_REPORT_TEXTS.questionnaireSubmitted;

/** How a checkBox question's chosen options join into the response's one string answer (ours). */
export const CHECKBOX_ANSWER_SEPARATOR = ', ';

/**
 * The modal's title: meta.display (spec doc 3 §2).
 * @param questionnaire - the questionnaire
 */
export function questionnaireTitle(questionnaire: Pick<Questionnaire, 'meta'>): string {
  return questionnaire.meta.display.trim();
}

/**
 * The answers with a text question's answer set; an empty text removes it.
 * @param answers - the answers so far
 * @param questionNumber - the question
 * @param text - what the patient typed
 */
export function setTextAnswer(
  answers: QuestionnaireAnswers,
  questionNumber: string,
  text: string,
): QuestionnaireAnswers {
  const next = { ...answers };
  if (text.trim() === '') {
    delete next[questionNumber];
  } else {
    next[questionNumber] = text;
  }
  return next;
}

/**
 * The answers with one option of a checkBox question ticked or unticked.
 * @param answers - the answers so far
 * @param questionNumber - the question
 * @param value - the option's value
 */
export function toggleCheckBoxAnswer(
  answers: QuestionnaireAnswers,
  questionNumber: string,
  value: string,
): QuestionnaireAnswers {
  const current = answers[questionNumber];
  const chosen = Array.isArray(current) ? (current as readonly string[]) : [];
  const toggled = chosen.includes(value)
    ? chosen.filter((item) => item !== value)
    : [...chosen, value];
  const next = { ...answers };
  if (toggled.length === 0) {
    delete next[questionNumber];
  } else {
    next[questionNumber] = toggled;
  }
  return next;
}

/**
 * A question's answer as the response's string, or null when it is unanswered: the trimmed text,
 * or the chosen options' display texts in the questionnaire's option order, joined by ', '
 * (options the question does not offer are ignored).
 * @param question - the question
 * @param answer - its answer, if any
 */
export function answerText(
  question: QuestionnaireQuestion,
  answer: string | readonly string[] | undefined,
): string | null {
  if (answer === undefined) {
    return null;
  }
  if (question.type === 'text') {
    const text = typeof answer === 'string' ? answer.trim() : '';
    return text === '' ? null : text;
  }
  const chosen = typeof answer === 'string' ? [answer] : answer;
  const displays = (question.options ?? [])
    .filter((option) => chosen.includes(option.value))
    .map((option) => option.display);
  return displays.length === 0 ? null : displays.join(CHECKBOX_ANSWER_SEPARATOR);
}

/**
 * How many of the questionnaire's questions have an answer.
 * @param questionnaire - the questionnaire
 * @param answers - the answers so far
 */
export function answeredCount(
  questionnaire: Pick<Questionnaire, 'questions'>,
  answers: QuestionnaireAnswers,
): number {
  return questionnaire.questions.filter(
    (question) => answerText(question, answers[question.questionNumber]) !== null,
  ).length;
}

/**
 * Whether Submit is disabled (spec doc 3 §2, §5: it needs at least one answer); also while the
 * submission is in flight, so it is not sent twice.
 * @param questionnaire - the questionnaire
 * @param answers - the answers so far
 * @param submitting - a submission is in flight
 */
export function isQuestionnaireSubmitDisabled(
  questionnaire: Pick<Questionnaire, 'questions'>,
  answers: QuestionnaireAnswers,
  submitting = false,
): boolean {
  return submitting || answeredCount(questionnaire, answers) === 0;
}

/** Who the response is for and what it is based on. */
export type QuestionnaireResponseContext = {
  /** The appointment the questionnaire was asked for. */
  appointmentId: string;
  /** The patient the appointment is for. */
  patientId: string;
  /** Who answered: the reference of the account holder acting for the patient, e.g. 'Patient/{id}'. */
  author: string;
};

/**
 * The createQuestionnaireResponse payload (spec doc 3 §3, §7; doc 2 §7): basedOn
 * 'Appointment/{id}', subject 'Patient/{id}', author, and one item per answered question (its
 * question text and a string answer) in the questionnaire's order; unanswered questions are left
 * out. null when nothing is answered (Submit is disabled then).
 * @param questionnaire - the questionnaire
 * @param answers - the answers
 * @param context - the appointment, the patient and the author
 */
export function buildQuestionnaireResponse(
  questionnaire: Pick<Questionnaire, 'questions'>,
  answers: QuestionnaireAnswers,
  context: QuestionnaireResponseContext,
): QuestionnaireResponse | null {
  const items = questionnaire.questions.flatMap((question) => {
    const answer = answerText(question, answers[question.questionNumber]);
    return answer === null ? [] : [{ question: question.question, answer }];
  });
  if (items.length === 0) {
    return null;
  }
  return {
    basedOn: `Appointment/${context.appointmentId}`,
    subject: `Patient/${context.patientId}`,
    author: context.author,
    items,
  };
}

/** Appointment statuses during which the questionnaire is still asked (ours: before and at the visit). */
export const QUESTIONNAIRE_OPEN_APPOINTMENT_STATUSES: readonly string[] = ['booked', 'arrived'];

/** What the banner's gate reads. */
export type QuestionnaireBannerInput = {
  features: Pick<FeatureFlags, 'questionnaireResponse'>;
  /** The questionnaire asked for the appointment, if any. */
  questionnaire: Questionnaire | null;
  /** Whether a questionnaire response already exists for this appointment (basedOn Appointment/{id}). */
  responded: boolean;
  appointmentStatus: string;
};

/**
 * Whether the appointment view shows the questionnaire banner (spec doc 3 §2: the flag
 * questionnaireResponse gates it; doc 2 §2): the flag is on, the appointment has a questionnaire
 * with at least one question, it has no response yet, and the appointment is booked or arrived
 * (ours: not after it is cancelled, fulfilled or missed).
 * @param input - the flags, the questionnaire, whether it was answered, the appointment's status
 */
export function showsQuestionnaireBanner(input: QuestionnaireBannerInput): boolean {
  return (
    input.features.questionnaireResponse.enabled &&
    input.questionnaire !== null &&
    input.questionnaire.questions.length > 0 &&
    !input.responded &&
    QUESTIONNAIRE_OPEN_APPOINTMENT_STATUSES.includes(input.appointmentStatus)
  );
}
