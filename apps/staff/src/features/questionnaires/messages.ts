import { useStaffTranslate } from '@careline/i18n/staff';
import { useMemo } from 'react';

/** Texts of the questionnaire responses screens, in the active language. */
export function useQuestionnairesMessages() {
  const t = useStaffTranslate();
  return useMemo(
    () => ({
      heading: t('staff.questionnaires.heading'),
      documentTitle: (screen: string) => t('staff.shell.documentTitle', { screen }),
      intro: (hospital: string) => t('staff.questionnaires.intro', { hospital }),
      tableCaption: (hospital: string) => t('staff.questionnaires.tableCaption', { hospital }),
      colPatient: t('staff.questionnaires.colPatient'),
      colQuestionnaire: t('staff.questionnaires.colQuestionnaire'),
      colSubmitted: t('staff.questionnaires.colSubmitted'),
      colAnswers: t('staff.questionnaires.colAnswers'),
      open: (patient: string) => t('staff.questionnaires.open', { patient }),
      untitled: t('staff.questionnaires.untitled'),
      loading: t('staff.questionnaires.loading'),
      empty: (hospital: string) => t('staff.questionnaires.empty', { hospital }),
      loadMore: t('staff.questionnaires.loadMore'),
      detailHeading: (patient: string) => t('staff.questionnaires.detailHeading', { patient }),
      submittedAt: (time: string) => t('staff.questionnaires.submittedAt', { time }),
      answersCaption: (questionnaire: string) => t('staff.questionnaires.answersCaption', { questionnaire }),
      colQuestion: t('staff.questionnaires.colQuestion'),
      colAnswer: t('staff.questionnaires.colAnswer'),
      back: t('staff.questionnaires.back'),
      loadingOne: t('staff.questionnaires.loadingOne'),
    }),
    [t],
  );
}
