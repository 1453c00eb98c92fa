import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { LanguageEnum } from '../../graphql/language.ts';
import { patientOperation, requireViewer } from '../../graphql/patient-auth.ts';
import { staffHospitalRequest, staffOperation, type StaffAction } from '../../graphql/staff-auth.ts';
import {
  createQuestionnaireResponse,
  defineStaffQuestionnaire,
  listStaffQuestionnaireResponses,
  listStaffQuestionnaires,
  readAppointmentQuestionnaire,
  readStaffQuestionnaire,
  readStaffQuestionnaireResponse,
  readStaffAppointmentResponses,
  updateStaffQuestionnaire,
  type AppointmentQuestionnaireView,
  type AppointmentResponsesView,
  type PatientQuestionnaireDeps,
  type QuestionnaireInput,
  type QuestionnaireResponseItemView,
  type QuestionnaireResponseView,
  type QuestionnaireView,
  type StaffQuestionnaireDeps,
  type StaffResponsesPage,
  type StaffResponseView,
} from './questionnaires.service.ts';

function patientDeps(ctx: GraphQLContext): PatientQuestionnaireDeps {
  const viewer = requireViewer(ctx);
  return { db: ctx.database.db, tenantId: ctx.tenant.id, accountId: viewer.accountId, correlationId: ctx.correlationId };
}

function staffDeps(ctx: GraphQLContext, action: StaffAction, organizationId: string | number): StaffQuestionnaireDeps {
  const request = staffHospitalRequest(ctx, action, organizationId);
  return {
    db: request.db,
    tenantId: request.tenantId,
    staff: request.staff,
    organizationId: request.organizationId,
    correlationId: request.correlationId,
  };
}

type Option = { value: string; display: string };
type Question = QuestionnaireView['questions'][number];

const QuestionnaireOptionRef = builder.objectRef<Option>('QuestionnaireOption').implement({
  description: "A checkBox question's option (spec doc 3 §2): value and display; the value is the display text.",
  fields: (t) => ({ value: t.exposeString('value'), display: t.exposeString('display') }),
});

const QuestionnaireQuestionRef = builder.objectRef<Question>('QuestionnaireQuestion').implement({
  description: 'A question (spec doc 3 §2): questionNumber, the question text, type text or checkBox, and options.',
  fields: (t) => ({
    questionNumber: t.exposeString('questionNumber'),
    question: t.exposeString('question'),
    type: t.exposeString('type', { description: 'text or checkBox.' }),
    options: t.field({
      type: [QuestionnaireOptionRef],
      description: 'The options of a checkBox question; empty for a text question.',
      resolve: (question) => [...(question.options ?? [])],
    }),
  }),
});

const QuestionnaireMetaRef = builder.objectRef<{ display: string }>('QuestionnaireMeta').implement({
  fields: (t) => ({ display: t.exposeString('display', { description: "The questionnaire's title (spec doc 3 §2)." }) }),
});

const QuestionnaireRef = builder.objectRef<QuestionnaireView>('Questionnaire').implement({
  description: 'A questionnaire (spec doc 3 §2): its title in meta.display and its questions.',
  fields: (t) => ({
    id: t.exposeID('id'),
    meta: t.field({ type: QuestionnaireMetaRef, resolve: (q) => q.meta }),
    questions: t.field({ type: [QuestionnaireQuestionRef], resolve: (q) => [...q.questions] }),
    status: t.exposeString('status', { description: 'active (asked) or retired.' }),
    organizationId: t.exposeID('organizationId', { nullable: true, description: 'The hospital; null for one of the whole tenant.' }),
    createdAt: t.field({ type: 'DateTime', resolve: (q) => q.createdAt }),
  }),
});

const AppointmentQuestionnaireRef = builder.objectRef<AppointmentQuestionnaireView>('AppointmentQuestionnaire').implement({
  description: "The questionnaire asked for an appointment (the appointment view's banner, spec doc 2 §2) and whether it was answered.",
  fields: (t) => ({
    appointmentId: t.exposeID('appointmentId'),
    questionnaire: t.field({
      type: QuestionnaireRef,
      nullable: true,
      description: "The hospital's active questionnaire; null when it asks none.",
      resolve: (view) => view.questionnaire,
    }),
    responded: t.exposeBoolean('responded', { description: 'Whether a response based on this appointment already exists.' }),
  }),
});

const QuestionnaireResponseItemRef = builder.objectRef<QuestionnaireResponseItemView>('QuestionnaireResponseItem').implement({
  description: 'One answered question (spec doc 3 §3): the question text plus a string answer; checkBox answers are the chosen options joined by ", ".',
  fields: (t) => ({
    questionNumber: t.exposeString('questionNumber', { nullable: true }),
    question: t.exposeString('question'),
    answer: t.exposeString('answer'),
  }),
});

const QuestionnaireResponseRef = builder.objectRef<QuestionnaireResponseView>('QuestionnaireResponse').implement({
  description: 'A questionnaire response (spec doc 3 §3): basedOn, subject, author and items.',
  fields: (t) => ({
    id: t.exposeID('id'),
    questionnaireId: t.exposeID('questionnaireId', { nullable: true }),
    basedOn: t.exposeString('basedOn', { description: "'Appointment/{id}'." }),
    subject: t.exposeString('subject', { description: "'Patient/{id}': the appointment's patient." }),
    author: t.exposeString('author', { description: "'Patient/{id}': the account holder's profile." }),
    items: t.field({ type: [QuestionnaireResponseItemRef], resolve: (r) => r.items }),
    createdAt: t.field({ type: 'DateTime', resolve: (r) => r.createdAt }),
  }),
});

const QuestionnaireAnswerInput = builder.inputType('QuestionnaireAnswerInput', {
  description: 'The answer to one question: answer for a text question, values (option values) for a checkBox question.',
  fields: (t) => ({
    questionNumber: t.string({ required: true }),
    answer: t.string({ description: 'A text answer, at most 2000 characters.' }),
    values: t.stringList({ description: "The chosen options' values of a checkBox question." }),
  }),
});

const CreateQuestionnaireResponseInput = builder.inputType('CreateQuestionnaireResponseInput', {
  description: 'The createQuestionnaireResponse payload (spec doc 3 §7; doc 2 §7): basedOn, subject, items; the author is set by the server.',
  fields: (t) => ({
    basedOn: t.string({ required: true, description: "'Appointment/{id}', an appointment of the account." }),
    subject: t.string({ required: true, description: "'Patient/{id}', the appointment's patient." }),
    questionnaireId: t.id({ required: true, description: 'The questionnaire answered (appointmentQuestionnaire).' }),
    items: t.field({ type: [QuestionnaireAnswerInput], required: true }),
    language: t.field({
      type: LanguageEnum,
      description: "The language the questions were shown in (appointmentQuestionnaire's), saved with the answers; the account's when not given.",
    }),
  }),
});

builder.queryField('appointmentQuestionnaire', (t) =>
  t.field({
    ...patientOperation,
    type: AppointmentQuestionnaireRef,
    description:
      "The questionnaire asked for an appointment of the account's profiles, and whether it was answered (spec doc 3 §2; " +
      "doc 2 §2 the banner), in the language asked for, else the account's (issue 30 §4.9). Another account's appointment " +
      'answers ARO-E2001 like a missing one.',
    args: {
      appointmentId: t.arg.id({ required: true }),
      language: t.arg({ type: LanguageEnum, description: "The language of the texts; the account's when not given." }),
    },
    resolve: (_root, args, ctx) =>
      readAppointmentQuestionnaire(patientDeps(ctx), String(args.appointmentId), args.language ?? null),
  }),
);

builder.mutationField('createQuestionnaireResponse', (t) =>
  t.field({
    ...patientOperation,
    type: QuestionnaireResponseRef,
    description:
      "Saves the answers to an appointment's questionnaire (spec doc 3 §3, §5, §7; doc 2 §7). At least one answer " +
      '(ARO-E7050); text ARO-E7051, options ARO-E7052; another questionnaire than the one asked ARO-E7054; a closed ' +
      "appointment ARO-E7055. Another account's appointment, or a subject other than its patient, ARO-E2001. Once per " +
      'appointment and questionnaire: a retry with the same answers gives the first response, other answers ARO-E7053.',
    args: { input: t.arg({ type: CreateQuestionnaireResponseInput, required: true }) },
    resolve: (_root, args, ctx) =>
      createQuestionnaireResponse(patientDeps(ctx), {
        basedOn: args.input.basedOn,
        subject: args.input.subject,
        questionnaireId: String(args.input.questionnaireId),
        items: args.input.items.map((item) => ({
          questionNumber: item.questionNumber,
          answer: item.answer ?? null,
          values: item.values ?? null,
        })),
        language: args.input.language ?? null,
      }),
  }),
);

const QuestionnaireQuestionInput = builder.inputType('QuestionnaireQuestionInput', {
  description: 'A question as staff define it.',
  fields: (t) => ({
    questionNumber: t.string({ required: true, description: 'Unique within the questionnaire, at most 20 characters.' }),
    question: t.string({ required: true, description: 'At most 500 characters.' }),
    type: t.string({ required: true, description: 'text or checkBox.' }),
    options: t.stringList({ description: 'A checkBox question: 1 to 20 different options of at most 200 characters.' }),
  }),
});

const QuestionnaireDefinitionInput = builder.inputType('QuestionnaireDefinitionInput', {
  description: 'A questionnaire as staff define it: its title (meta.display), 1 to 50 questions, and its status.',
  fields: (t) => ({
    title: t.string({ required: true, description: 'At most 200 characters; one title per hospital.' }),
    questions: t.field({ type: [QuestionnaireQuestionInput], required: true }),
    status: t.string({ description: 'active (default) or retired.' }),
  }),
});

function definition(input: {
  title: string;
  questions: { questionNumber: string; question: string; type: string; options?: string[] | null }[];
  status?: string | null;
}): QuestionnaireInput {
  return {
    title: input.title,
    status: input.status ?? null,
    questions: input.questions.map((q) => ({ questionNumber: q.questionNumber, question: q.question, type: q.type, options: q.options ?? null })),
  };
}

const StaffAppointmentResponsesRef = builder.objectRef<AppointmentResponsesView>('StaffAppointmentQuestionnaireResponses').implement({
  description: 'The questionnaire responses on an appointment of the hospital.',
  fields: (t) => ({
    appointmentId: t.exposeID('appointmentId'),
    patientId: t.exposeID('patientId'),
    responses: t.field({ type: [QuestionnaireResponseRef], resolve: (view) => view.responses }),
  }),
});

const StaffQuestionnaireSummaryRef = builder.objectRef<QuestionnaireView>('StaffQuestionnaireSummary').implement({
  description: 'A questionnaire in the hospital\'s list; staffQuestionnaire gives its questions.',
  fields: (t) => ({
    id: t.exposeID('id'),
    meta: t.field({ type: QuestionnaireMetaRef, resolve: (q) => q.meta }),
    status: t.exposeString('status', { description: 'active (asked) or retired.' }),
    questionCount: t.int({ resolve: (q) => q.questions.length }),
    createdAt: t.field({ type: 'DateTime', resolve: (q) => q.createdAt }),
  }),
});

builder.queryField('staffQuestionnaires', (t) =>
  t.field({
    ...staffOperation('questionnaires.read'),
    type: [StaffQuestionnaireSummaryRef],
    description: "The hospital's questionnaires, active first, newest first. The newest active one is asked for its appointments.",
    args: { organizationId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => listStaffQuestionnaires(staffDeps(ctx, 'questionnaires.read', args.organizationId)),
  }),
);

builder.queryField('staffQuestionnaire', (t) =>
  t.field({
    ...staffOperation('questionnaires.read'),
    type: QuestionnaireRef,
    description: "A questionnaire of the hospital with its questions. Another hospital's answers ARO-E2001 like a missing one.",
    args: { organizationId: t.arg.id({ required: true }), id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => readStaffQuestionnaire(staffDeps(ctx, 'questionnaires.read', args.organizationId), String(args.id)),
  }),
);

builder.mutationField('staffDefineQuestionnaire', (t) =>
  t.field({
    ...staffOperation('questionnaires.define'),
    type: QuestionnaireRef,
    description:
      'Defines a questionnaire of the hospital. Title ARO-E7056, questions ARO-E7057 and E7058, options ARO-E7059, status ' +
      'ARO-E7061; a title the hospital already uses ARO-E7060 (a retry of the same definition gives the first one). Audited.',
    args: { organizationId: t.arg.id({ required: true }), input: t.arg({ type: QuestionnaireDefinitionInput, required: true }) },
    resolve: (_root, args, ctx) =>
      defineStaffQuestionnaire(staffDeps(ctx, 'questionnaires.define', args.organizationId), definition(args.input)),
  }),
);

builder.mutationField('staffUpdateQuestionnaire', (t) =>
  t.field({
    ...staffOperation('questionnaires.define'),
    type: QuestionnaireRef,
    description:
      "Replaces a questionnaire of the hospital (title, questions, status; retired stops asking it). Another hospital's " +
      'answers ARO-E2001 like a missing one; errors as staffDefineQuestionnaire. Responses already given keep their texts. Audited.',
    args: {
      organizationId: t.arg.id({ required: true }),
      id: t.arg.id({ required: true }),
      input: t.arg({ type: QuestionnaireDefinitionInput, required: true }),
    },
    resolve: (_root, args, ctx) =>
      updateStaffQuestionnaire(staffDeps(ctx, 'questionnaires.define', args.organizationId), String(args.id), definition(args.input)),
  }),
);

builder.queryField('staffAppointmentQuestionnaireResponses', (t) =>
  t.field({
    ...staffOperation('questionnaires.responses'),
    type: StaffAppointmentResponsesRef,
    description:
      "The questionnaire responses on an appointment of the hospital, oldest first. Another hospital's appointment answers " +
      'ARO-E2001 like a missing one. Audited (questionnaire.responses.read).',
    args: { organizationId: t.arg.id({ required: true }), appointmentId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) =>
      readStaffAppointmentResponses(staffDeps(ctx, 'questionnaires.responses', args.organizationId), String(args.appointmentId)),
  }),
);

const StaffQuestionnaireResponseRef = builder.objectRef<StaffResponseView>('StaffQuestionnaireResponse').implement({
  description: "A questionnaire response of the hospital's patients (issue 30 §4.9): the patient, the questionnaire and the answers.",
  fields: (t) => ({
    id: t.exposeID('id'),
    questionnaireId: t.exposeID('questionnaireId', { nullable: true }),
    questionnaireTitle: t.exposeString('questionnaireTitle', { nullable: true, description: "The questionnaire's title as staff defined it." }),
    basedOn: t.exposeString('basedOn', { description: "'Appointment/{id}'." }),
    patientId: t.exposeID('patientId'),
    patientName: t.exposeString('patientName', { description: "The patient's prefix, given and family names." }),
    items: t.field({
      type: [QuestionnaireResponseItemRef],
      description: 'The questions answered and the answers, in the words the patient read them.',
      resolve: (r) => r.items,
    }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was submitted.', resolve: (r) => r.createdAt }),
  }),
});

const StaffQuestionnaireResponsePageRef = builder.objectRef<StaffResponsesPage>('StaffQuestionnaireResponsePage').implement({
  fields: (t) => ({
    nodes: t.field({ type: [StaffQuestionnaireResponseRef], resolve: (page) => page.nodes }),
    endCursor: t.exposeID('endCursor', { nullable: true, description: 'The last response of the page: the next page starts after it.' }),
    hasMore: t.exposeBoolean('hasMore'),
  }),
});

builder.queryField('staffQuestionnaireResponses', (t) =>
  t.field({
    ...staffOperation('questionnaires.responses'),
    type: StaffQuestionnaireResponsePageRef,
    description:
      "The questionnaire responses on the hospital's appointments, newest first (issue 30 §4.9). first 1 to 50 (20), after " +
      "the endCursor of the page before (ARO-E2002 when it is not one of this list's). Audited (questionnaire.responses.list).",
    args: {
      organizationId: t.arg.id({ required: true }),
      first: t.arg.int(),
      after: t.arg.id(),
    },
    resolve: (_root, args, ctx) =>
      listStaffQuestionnaireResponses(staffDeps(ctx, 'questionnaires.responses', args.organizationId), {
        first: args.first ?? null,
        after: args.after === null || args.after === undefined ? null : String(args.after),
      }),
  }),
);

builder.queryField('staffQuestionnaireResponse', (t) =>
  t.field({
    ...staffOperation('questionnaires.responses'),
    type: StaffQuestionnaireResponseRef,
    description:
      "A questionnaire response on an appointment of the hospital, with its questions and answers (issue 30 §4.9). Another " +
      "hospital's answers ARO-E2001 like a missing one. Audited (questionnaire.response.read).",
    args: { organizationId: t.arg.id({ required: true }), id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) =>
      readStaffQuestionnaireResponse(staffDeps(ctx, 'questionnaires.responses', args.organizationId), String(args.id)),
  }),
);
