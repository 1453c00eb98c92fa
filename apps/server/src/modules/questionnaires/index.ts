// The questionnaires module's face: questionnaires and patients' responses.
// Other modules import this file only, never the files beside it (.dependency-cruiser.json).
export {
  createQuestionnaireResponse,
  listStaffQuestionnaires,
  readAppointmentQuestionnaire,
  type StaffQuestionnaireDeps,
} from './questionnaires.service.ts';
