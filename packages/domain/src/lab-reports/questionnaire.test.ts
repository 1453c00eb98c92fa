import { describe, expect, it } from 'vitest';
import {
  QUESTIONNAIRE_SUBMITTED_TOAST,
  answerText,
  answeredCount,
  buildQuestionnaireResponse,
  isQuestionnaireSubmitDisabled,
  questionnaireTitle,
  setTextAnswer,
  showsQuestionnaireBanner,
  toggleCheckBoxAnswer,
  type QuestionnaireAnswers,
  type QuestionnaireBannerInput,
} from './questionnaire.ts';
import type { Questionnaire } from './types.ts';

const SCREENING: Questionnaire = {
  id: 'q-1',
  meta: { display: 'Pre-consultation screening' },
  questions: [
    {
      questionNumber: '1',
      question: 'Which of these do you have?',
      type: 'checkBox',
      options: [
        { value: 'fever', display: 'Fever' },
        { value: 'cough', display: 'Cough' },
        { value: 'headache', display: 'Headache' },
      ],
    },
    { questionNumber: '2', question: 'Anything else the doctor should know?', type: 'text' },
  ],
};

describe('the questionnaire modal (spec doc 3 §2)', () => {
  it('takes its title from meta.display', () => {
    expect(questionnaireTitle(SCREENING)).toBe('Pre-consultation screening');
    expect(questionnaireTitle({ meta: { display: ' Screening ' } })).toBe('Screening');
  });

  it("toasts 'Questionnaire Successfully Submitted'", () => {
    expect(QUESTIONNAIRE_SUBMITTED_TOAST).toBe('Questionnaire Successfully Submitted');
  });
});

describe('answers', () => {
  it('keeps a text answer, and removes an emptied one', () => {
    const typed = setTextAnswer({}, '2', 'Allergic to penicillin');
    expect(typed).toEqual({ '2': 'Allergic to penicillin' });
    expect(setTextAnswer(typed, '2', '   ')).toEqual({});
  });

  it('ticks and unticks checkBox options', () => {
    let answers: QuestionnaireAnswers = {};
    answers = toggleCheckBoxAnswer(answers, '1', 'cough');
    answers = toggleCheckBoxAnswer(answers, '1', 'fever');
    expect(answers).toEqual({ '1': ['cough', 'fever'] });
    answers = toggleCheckBoxAnswer(answers, '1', 'cough');
    expect(answers).toEqual({ '1': ['fever'] });
    expect(toggleCheckBoxAnswer(answers, '1', 'fever')).toEqual({});
  });

  it('does not change the answers it is given', () => {
    const answers = { '1': ['fever'] };
    toggleCheckBoxAnswer(answers, '1', 'cough');
    setTextAnswer(answers, '2', 'x');
    expect(answers).toEqual({ '1': ['fever'] });
  });

  const [checkBox, text] = SCREENING.questions;
  it.each([
    [checkBox, ['headache', 'fever'], 'Fever, Headache'],
    [checkBox, ['cough'], 'Cough'],
    [checkBox, ['unknown'], null],
    [checkBox, [], null],
    [checkBox, 'fever', 'Fever'],
    [text, '  Allergic to penicillin ', 'Allergic to penicillin'],
    [text, '', null],
    [text, ['fever'], null],
    [text, undefined, null],
  ])('answerText(%#) → %j', (question, answer, shown) => {
    expect(answerText(question!, answer)).toBe(shown);
  });
});

describe('Submit (spec doc 3 §2, §5: disabled when there are no answers)', () => {
  it.each<[QuestionnaireAnswers, boolean, number, boolean]>([
    [{}, false, 0, true],
    [{ '2': '   ' }, false, 0, true],
    [{ '1': [] }, false, 0, true],
    [{ '9': 'an answer to another questionnaire' }, false, 0, true],
    [{ '1': ['fever'] }, false, 1, false],
    [{ '2': 'Allergic' }, false, 1, false],
    [{ '1': ['fever'], '2': 'Allergic' }, false, 2, false],
    [{ '1': ['fever'] }, true, 1, true],
  ])('%j (submitting %s): %i answered, disabled %s', (answers, submitting, count, disabled) => {
    expect(answeredCount(SCREENING, answers)).toBe(count);
    expect(isQuestionnaireSubmitDisabled(SCREENING, answers, submitting)).toBe(disabled);
  });
});

describe('buildQuestionnaireResponse (spec doc 3 §3, §7; doc 2 §7 createQuestionnaireResponse)', () => {
  const context = { appointmentId: 'a-7', patientId: 'p-2', author: 'Patient/p-1' };

  it('sends basedOn, subject, author and the answered items in question order', () => {
    expect(
      buildQuestionnaireResponse(
        SCREENING,
        { '2': 'Allergic to penicillin', '1': ['cough', 'fever'] },
        context,
      ),
    ).toEqual({
      basedOn: 'Appointment/a-7',
      subject: 'Patient/p-2',
      author: 'Patient/p-1',
      items: [
        { question: 'Which of these do you have?', answer: 'Fever, Cough' },
        { question: 'Anything else the doctor should know?', answer: 'Allergic to penicillin' },
      ],
    });
  });

  it('leaves unanswered questions out', () => {
    expect(buildQuestionnaireResponse(SCREENING, { '2': 'No' }, context)?.items).toEqual([
      { question: 'Anything else the doctor should know?', answer: 'No' },
    ]);
  });

  it('gives nothing to send without answers', () => {
    expect(buildQuestionnaireResponse(SCREENING, {}, context)).toBeNull();
  });
});

describe('the banner on the appointment view (spec doc 3 §2: the flag questionnaireResponse gates it; doc 2 §2)', () => {
  function input(overrides: Partial<QuestionnaireBannerInput>): QuestionnaireBannerInput {
    return {
      features: { questionnaireResponse: { enabled: true } },
      questionnaire: SCREENING,
      responded: false,
      appointmentStatus: 'booked',
      ...overrides,
    };
  }

  it.each<[Partial<QuestionnaireBannerInput>, boolean]>([
    [{}, true],
    [{ appointmentStatus: 'arrived' }, true],
    [{ features: { questionnaireResponse: { enabled: false } } }, false],
    [{ questionnaire: null }, false],
    [{ questionnaire: { ...SCREENING, questions: [] } }, false],
    [{ responded: true }, false],
    [{ appointmentStatus: 'cancelled' }, false],
    [{ appointmentStatus: 'fulfilled' }, false],
    [{ appointmentStatus: 'noshow' }, false],
    [{ appointmentStatus: 'entered_in_error' }, false],
  ])('%j → %s', (overrides, shown) => {
    expect(showsQuestionnaireBanner(input(overrides))).toBe(shown);
  });
});
