import { useState } from 'react';
import { useQuery } from 'urql';
import { showsQuestionnaireBanner, type QuestionType } from '@careline/domain/lab-reports';
import { useTranslate } from '@careline/i18n/react';
import { Button } from '../../../components/button.tsx';
import { useLanguage } from '../../../lib/i18n';
import { useTenant } from '../../../lib/tenant';
import { appointmentQuestionnaireQuery } from '../api/questionnaire-documents.ts';
import { QuestionnaireModal } from './questionnaire-modal.tsx';
import './questionnaires.css';

export type QuestionnaireBannerProps = {
  /** The appointment shown, its patient and its status. */
  appointment: { id: string; patientId: string; appointmentStatus: string };
};

/**
 * The questionnaire banner on the appointment view (spec doc 2 §2; doc 3 §2, gated by the tenant's
 * questionnaireResponse flag): shown while the hospital's questionnaire for the appointment is not
 * answered and the appointment is booked or arrived; it opens the questionnaire modal.
 */
export function QuestionnaireBanner({ appointment }: QuestionnaireBannerProps) {
  const t = useTranslate();
  const tenant = useTenant();
  const { language } = useLanguage();
  const enabled = tenant.features.questionnaireResponse.enabled;
  const [open, setOpen] = useState(false);
  const [result, reexecute] = useQuery({
    query: appointmentQuestionnaireQuery,
    // The questions in the language on screen (issue 30 §4.9), read again when it changes.
    variables: { appointmentId: appointment.id, language },
    pause: !enabled,
    requestPolicy: 'cache-and-network',
  });
  const data = result.data?.appointmentQuestionnaire ?? null;
  const questionnaire = data?.questionnaire ?? null;
  const shows = showsQuestionnaireBanner({
    features: tenant.features,
    questionnaire: questionnaire
      ? {
          id: questionnaire.id,
          meta: questionnaire.meta,
          questions: questionnaire.questions.map((q) => ({ ...q, type: q.type as QuestionType })),
        }
      : null,
    responded: data?.responded ?? true,
    appointmentStatus: appointment.appointmentStatus,
  });
  if (!questionnaire || (!shows && !open)) {
    return null;
  }
  return (
    <section className="questionnaire-banner" aria-labelledby="questionnaire-banner-title">
      <p id="questionnaire-banner-title" className="questionnaire-banner__text">
        {t('questionnaires.banner.text')}
      </p>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('questionnaires.banner.open')}
      </Button>
      <QuestionnaireModal
        questionnaire={questionnaire}
        language={language}
        appointment={appointment}
        open={open}
        onClose={() => setOpen(false)}
        onSubmitted={() => {
          setOpen(false);
          reexecute({ requestPolicy: 'network-only' });
        }}
      />
    </section>
  );
}
