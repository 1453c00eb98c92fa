import { AppError } from '@careline/domain/errors';
import {
  QUESTIONNAIRE_OPEN_APPOINTMENT_STATUSES,
  buildQuestionnaireResponse,
  type Questionnaire,
  type QuestionnaireAnswers,
  type QuestionnaireQuestion,
} from '@careline/domain/lab-reports';
import { hasControlCharacters } from '@careline/domain/staff';
import { uniqueViolation } from '../../db/errors.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { recordAudit } from '../audit/index.ts';
import { notFound, requireStaffRole, staffActor, type StaffViewer } from '../staff/index.ts';
import {
  findAccountHolderProfile,
  findAccountLanguage,
  findApplicableQuestionnaire,
  findHospitalAppointment,
  findHospitalQuestionnaire,
  findHospitalResponse,
  findOwnAppointment,
  findQuestionnaireByName,
  insertQuestionnaire,
  insertQuestionnaireResponse,
  selectHospitalQuestionnaires,
  selectHospitalResponses,
  selectResponsesBasedOn,
  updateQuestionnaire,
  type HospitalResponseRow,
  type QuestionnaireResponseRow,
  type QuestionnaireRow,
} from './questionnaires.repo.ts';
import { UUID_PATTERN as UUID } from '@careline/domain/ids';
import { isLocale, sourceLocale, type Locale } from '@careline/i18n/locales';

/** The unique index on a questionnaire's name (its hospital and title) in the tenant. */
const QUESTIONNAIRE_NAME_UNIQUE = 'questionnaires_tenant_name_uq';

/** The longest text answer. */
export const QUESTIONNAIRE_ANSWER_MAX = 2000;
/** The longest title (meta.display). */
export const QUESTIONNAIRE_TITLE_MAX = 200;
/** Most questions in a questionnaire. */
export const QUESTIONNAIRE_QUESTIONS_MAX = 50;
/** The longest question text. */
export const QUESTIONNAIRE_QUESTION_MAX = 500;
/** The longest question number. */
const QUESTION_NUMBER_MAX = 20;
/** Most options of a checkBox question. */
export const QUESTIONNAIRE_OPTIONS_MAX = 20;
/** The longest option text. */
export const QUESTIONNAIRE_OPTION_MAX = 200;
/** A questionnaire's statuses: only an active one is asked. */
export const QUESTIONNAIRE_STATUSES = ['active', 'retired'] as const;

/** A questionnaire as the app shows it (spec doc 3 §2 Questionnaire): title in meta.display. */
export type QuestionnaireView = Questionnaire & {
  status: string;
  organizationId: string | null;
  createdAt: Date;
};

/** The questionnaire asked for an appointment, and whether it was answered. */
export type AppointmentQuestionnaireView = {
  appointmentId: string;
  questionnaire: QuestionnaireView | null;
  responded: boolean;
};

/** One answered question of a response. */
export type QuestionnaireResponseItemView = { questionNumber: string | null; question: string; answer: string };

/** A questionnaire response (spec doc 3 §3): basedOn, subject, author and items. */
export type QuestionnaireResponseView = {
  id: string;
  questionnaireId: string | null;
  basedOn: string;
  subject: string;
  author: string;
  items: QuestionnaireResponseItemView[];
  createdAt: Date;
};

/** The answers on an appointment as the hospital reads them. */
export type AppointmentResponsesView = {
  appointmentId: string;
  patientId: string;
  responses: QuestionnaireResponseView[];
};

/** What a patient request starts from. */
export type PatientQuestionnaireDeps = { db: Db; tenantId: string; accountId: string; correlationId: string };

/** What a staff request in one hospital starts from. */
export type StaffQuestionnaireDeps = {
  db: Db;
  tenantId: string;
  staff: StaffViewer;
  organizationId: string;
  correlationId: string;
};

/** One answer as sent: a text, or a checkBox question's chosen option values. */
export type AnswerInput = { questionNumber: string; answer?: string | null; values?: readonly string[] | null };

/** The createQuestionnaireResponse input. */
export type CreateResponseInput = {
  basedOn: string;
  subject: string;
  questionnaireId: string;
  items: readonly AnswerInput[];
  /** The language the questions were shown in (the texts saved with the answers); the account's when not given. */
  language?: string | null;
};

/** A question as staff define it. */
export type QuestionInput = { questionNumber: string; question: string; type: string; options?: readonly string[] | null };

/** A questionnaire as staff define it. */
export type QuestionnaireInput = { title: string; questions: readonly QuestionInput[]; status?: string | null };

function invalid(detail: string): AppError {
  const error = new AppError('ARO-E2002');
  error.message = `ARO-E2002:${detail}`;
  return error;
}

/** Control characters other than line breaks and tabs, which a typed answer may hold. */
function hasControlCharactersBesidesLines(value: string): boolean {
  return hasControlCharacters(value.replace(/[\n\r\t]/g, ' '));
}

/** Stored types read as checkBox: ours, and the demo seed's FHIR-style 'choice' (a question with options). */
const CHECKBOX_TYPES = new Set(['checkBox', 'choice']);

/**
 * The stored questions as the domain's, in a language (issue 30 §4.9: the patient reads them in the
 * account's language): a question's text and its options' display texts from the row's translation
 * when it has that language and question, else as stored. A checkBox option's value is its stored
 * text in every language, so the answer checked and saved does not depend on the language shown.
 * Other types than checkBox are text.
 */
function questionsOf(row: QuestionnaireRow, language: Locale = sourceLocale): QuestionnaireQuestion[] {
  const translation = language === sourceLocale ? undefined : row.translations?.[language];
  return row.items.map((item) => {
    const translated = translation?.items.find((t) => t.linkId === item.linkId);
    const question = translated?.text ?? item.text;
    const options = item.options ?? [];
    const displays = translated?.options?.length === options.length ? translated.options : options;
    return CHECKBOX_TYPES.has(item.type) && options.length > 0
      ? {
          questionNumber: item.linkId,
          question,
          type: 'checkBox',
          options: options.map((option, i) => ({ value: option, display: displays[i] ?? option })),
        }
      : { questionNumber: item.linkId, question, type: 'text' };
  });
}

function questionnaireView(row: QuestionnaireRow, language: Locale = sourceLocale): QuestionnaireView {
  const translation = language === sourceLocale ? undefined : row.translations?.[language];
  return {
    id: row.id,
    meta: { display: translation?.title ?? row.title },
    questions: questionsOf(row, language),
    status: row.status,
    organizationId: row.organizationId,
    createdAt: row.createdAt,
  };
}

/** The language a patient reads a questionnaire in: the one asked for, else the account's, else English. */
async function patientLanguage(
  db: DbOrTx,
  owner: { tenantId: string; accountId: string },
  asked: string | null | undefined,
): Promise<Locale> {
  if (isLocale(asked)) {
    return asked;
  }
  const chosen = await findAccountLanguage(db, owner);
  return isLocale(chosen) ? chosen : sourceLocale;
}

function responseView(row: QuestionnaireResponseRow): QuestionnaireResponseView {
  return {
    id: row.id,
    questionnaireId: row.questionnaireId,
    basedOn: row.basedOn ?? '',
    subject: row.subject,
    author: row.author,
    items: row.items.map((item) => ({ questionNumber: item.linkId ?? null, question: item.text, answer: item.answer })),
    createdAt: row.createdAt,
  };
}

/** The id in a 'Type/{id}' reference, or null when it is not one. */
function referenceId(reference: string, type: string): string | null {
  const match = new RegExp(`^${type}/([^/]+)$`).exec(reference.trim());
  return match?.[1] !== undefined && UUID.test(match[1]) ? match[1] : null;
}

/**
 * The questionnaire asked for an appointment of one of the account's profiles (spec doc 3 §2; doc 2
 * §2 the banner), with whether it was already answered, in the language asked for, else the
 * account's (issue 30 §4.9). Another account's appointment answers ARO-E2001 like a missing one.
 * questionnaire is null when the hospital asks none.
 * @param deps - database, tenant and account
 * @param appointmentId - the appointment
 * @param language - the language to show it in; the account's when not given
 */
export async function readAppointmentQuestionnaire(
  deps: PatientQuestionnaireDeps,
  appointmentId: string,
  language?: string | null,
): Promise<AppointmentQuestionnaireView> {
  if (!UUID.test(appointmentId)) {
    throw notFound();
  }
  const appointment = await findOwnAppointment(deps.db, deps, appointmentId);
  if (!appointment) {
    throw notFound();
  }
  const row = await findApplicableQuestionnaire(deps.db, deps.tenantId, appointment.organizationId);
  const responded = row
    ? (await selectResponsesBasedOn(deps.db, deps.tenantId, `Appointment/${appointment.id}`, row.id)).length > 0
    : false;
  const shown = row ? questionnaireView(row, await patientLanguage(deps.db, deps, language)) : null;
  return { appointmentId: appointment.id, questionnaire: shown, responded };
}

/** The answers as the domain keeps them, checked against the questions (ARO-E2002, E7051, E7052). */
function answersOf(questions: readonly QuestionnaireQuestion[], items: readonly AnswerInput[]): QuestionnaireAnswers {
  if (items.length > questions.length) {
    throw invalid('items: at most one answer per question');
  }
  const answers: Record<string, string | readonly string[]> = {};
  for (const item of items) {
    const question = questions.find((q) => q.questionNumber === item.questionNumber);
    if (!question || item.questionNumber in answers) {
      throw invalid('items: each answer names a question of the questionnaire once');
    }
    if (question.type === 'text') {
      if (item.values !== undefined && item.values !== null) {
        throw new AppError('ARO-E7052');
      }
      const text = item.answer ?? '';
      if (text.length > QUESTIONNAIRE_ANSWER_MAX || hasControlCharactersBesidesLines(text)) {
        throw new AppError('ARO-E7051', { max: String(QUESTIONNAIRE_ANSWER_MAX) });
      }
      answers[question.questionNumber] = text;
      continue;
    }
    const values = item.values ?? [];
    const offered = (question.options ?? []).map((option) => option.value);
    if (
      (item.answer !== undefined && item.answer !== null) ||
      new Set(values).size !== values.length ||
      values.some((value) => !offered.includes(value))
    ) {
      throw new AppError('ARO-E7052');
    }
    answers[question.questionNumber] = values;
  }
  return answers;
}

const sameItems = (a: readonly { text: string; answer: string }[], b: readonly { question: string; answer: string }[]): boolean =>
  a.length === b.length && a.every((item, i) => item.text === b[i]?.question && item.answer === b[i]?.answer);

/**
 * Saves the answers to the questionnaire of an appointment of one of the account's profiles (spec
 * doc 3 §3, §5 'Questionnaire submit needs at least one answer', §7; doc 2 §7
 * createQuestionnaireResponse): basedOn 'Appointment/{id}', subject 'Patient/{id}' (the
 * appointment's patient), author the account holder's profile, and one item per answered question.
 * Another account's appointment or a subject who is not the appointment's patient answers
 * ARO-E2001 like a missing one. Once per appointment and questionnaire: a retry with the same
 * answers gives the first response and saves nothing more; other answers afterwards ARO-E7053.
 * @param deps - database, tenant and account
 * @param input - basedOn, subject, the questionnaire and the answers
 */
export async function createQuestionnaireResponse(
  deps: PatientQuestionnaireDeps,
  input: CreateResponseInput,
): Promise<QuestionnaireResponseView> {
  const appointmentId = referenceId(input.basedOn, 'Appointment');
  const patientId = referenceId(input.subject, 'Patient');
  if (!appointmentId || !patientId || !UUID.test(input.questionnaireId)) {
    throw notFound();
  }
  return deps.db.transaction(async (tx) => {
    // The lock makes two submits of one appointment's questionnaire run one after the other.
    const appointment = await findOwnAppointment(tx, deps, appointmentId, true);
    if (!appointment || appointment.patientId !== patientId) {
      throw notFound();
    }
    const row = await findApplicableQuestionnaire(tx, deps.tenantId, appointment.organizationId);
    if (!row || row.id !== input.questionnaireId) {
      throw new AppError('ARO-E7054');
    }
    const questions = questionsOf(row, await patientLanguage(tx, deps, input.language));
    const answers = answersOf(questions, input.items);
    const basedOn = `Appointment/${appointment.id}`;
    const author = (await findAccountHolderProfile(tx, deps)) ?? appointment.patientId;
    const payload = buildQuestionnaireResponse({ questions }, answers, {
      appointmentId: appointment.id,
      patientId: appointment.patientId,
      author: `Patient/${author}`,
    });
    if (!payload) {
      throw new AppError('ARO-E7050');
    }
    const [existing] = await selectResponsesBasedOn(tx, deps.tenantId, basedOn, row.id);
    if (existing) {
      if (sameItems(existing.items, payload.items)) {
        return responseView(existing);
      }
      throw new AppError('ARO-E7053');
    }
    if (!QUESTIONNAIRE_OPEN_APPOINTMENT_STATUSES.includes(appointment.appointmentStatus)) {
      throw new AppError('ARO-E7055', { status: appointment.appointmentStatus });
    }
    const numbers = new Map(questions.map((q) => [q.question, q.questionNumber]));
    const saved = await insertQuestionnaireResponse(tx, {
      tenantId: deps.tenantId,
      accountId: deps.accountId,
      patientId: appointment.patientId,
      organizationId: appointment.organizationId,
      questionnaireId: row.id,
      basedOn,
      subject: payload.subject,
      author: payload.author,
      items: payload.items.map((item) => ({ linkId: numbers.get(item.question), text: item.question, answer: item.answer })),
    });
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor: { kind: 'patient', accountId: deps.accountId },
      action: 'questionnaire.respond',
      correlationId: deps.correlationId,
      patientId: appointment.patientId,
      organizationId: appointment.organizationId,
      details: { appointmentId: appointment.id, questionnaireId: row.id, questionnaireResponseId: saved.id },
    });
    return responseView(saved);
  });
}

/** A definition checked and normalised (ARO-E7056 to E7061). */
function checkedDefinition(input: QuestionnaireInput): {
  title: string;
  status: string;
  items: { linkId: string; text: string; type: string; options?: string[] }[];
} {
  const title = input.title.trim();
  if (title === '' || title.length > QUESTIONNAIRE_TITLE_MAX || hasControlCharacters(title)) {
    throw new AppError('ARO-E7056', { max: String(QUESTIONNAIRE_TITLE_MAX) });
  }
  const status = input.status ?? 'active';
  if (!(QUESTIONNAIRE_STATUSES as readonly string[]).includes(status)) {
    throw new AppError('ARO-E7061');
  }
  const numbers = input.questions.map((q) => q.questionNumber.trim());
  if (numbers.length === 0 || numbers.length > QUESTIONNAIRE_QUESTIONS_MAX || new Set(numbers).size !== numbers.length) {
    throw new AppError('ARO-E7057', { max: String(QUESTIONNAIRE_QUESTIONS_MAX) });
  }
  const items = input.questions.map((q) => {
    const linkId = q.questionNumber.trim();
    const text = q.question.trim();
    if (
      linkId === '' ||
      linkId.length > QUESTION_NUMBER_MAX ||
      hasControlCharacters(linkId) ||
      text === '' ||
      text.length > QUESTIONNAIRE_QUESTION_MAX ||
      hasControlCharacters(text) ||
      (q.type !== 'text' && q.type !== 'checkBox')
    ) {
      throw new AppError('ARO-E7058', { max: String(QUESTIONNAIRE_QUESTION_MAX) });
    }
    if (q.type === 'text') {
      return { linkId, text, type: 'text' };
    }
    const options = (q.options ?? []).map((option) => option.trim());
    if (
      options.length === 0 ||
      options.length > QUESTIONNAIRE_OPTIONS_MAX ||
      new Set(options).size !== options.length ||
      options.some((option) => option === '' || option.length > QUESTIONNAIRE_OPTION_MAX || hasControlCharacters(option))
    ) {
      throw new AppError('ARO-E7059', { max: String(QUESTIONNAIRE_OPTIONS_MAX), length: String(QUESTIONNAIRE_OPTION_MAX) });
    }
    return { linkId, text, type: 'checkBox', options };
  });
  return { title, status, items };
}

/** The items in a fixed form, to compare (jsonb keeps its own key order). */
const canonicalItems = (items: readonly { linkId: string; text: string; type: string; options?: string[] }[]): string =>
  JSON.stringify(items.map((item) => [item.linkId, item.text, item.type, item.options ?? []]));

/** The tenant-unique name of a hospital's questionnaire: one title per hospital, whatever its case. */
const nameOf = (organizationId: string, title: string): string => `${organizationId}/${title.toLowerCase()}`;

/**
 * The hospital's questionnaires, active first, newest first (issue 11 staff console).
 * @param deps - database, tenant, staff member, hospital
 */
export async function listStaffQuestionnaires(deps: StaffQuestionnaireDeps): Promise<QuestionnaireView[]> {
  requireStaffRole(deps.staff, 'questionnaires.read', deps.organizationId);
  const rows = await selectHospitalQuestionnaires(deps.db, deps);
  return rows.map((row) => questionnaireView(row));
}

/**
 * A questionnaire of the hospital with its questions; another hospital's answers ARO-E2001 like a missing one.
 * @param deps - database, tenant, staff member, hospital
 * @param id - the questionnaire
 */
export async function readStaffQuestionnaire(deps: StaffQuestionnaireDeps, id: string): Promise<QuestionnaireView> {
  requireStaffRole(deps.staff, 'questionnaires.read', deps.organizationId);
  const row = UUID.test(id) ? await findHospitalQuestionnaire(deps.db, deps, id) : null;
  if (!row) {
    throw notFound();
  }
  return questionnaireView(row);
}

/**
 * Defines a questionnaire of the hospital (issue 11 staff console): the title (meta.display), text
 * and checkBox questions with options, and the status (active unless told; the newest active one is
 * asked for the hospital's appointments). A title the hospital already uses answers ARO-E7060,
 * except a retry of the same definition, which gives the first one. Audited.
 * @param deps - database, tenant, staff member, hospital
 * @param input - title, questions, status
 */
export async function defineStaffQuestionnaire(
  deps: StaffQuestionnaireDeps,
  input: QuestionnaireInput,
): Promise<QuestionnaireView> {
  const actor = staffActor(deps, 'questionnaires.define');
  const definition = checkedDefinition(input);
  const attempt = () => deps.db.transaction(async (tx) => {
    const name = nameOf(deps.organizationId, definition.title);
    const existing = await findQuestionnaireByName(tx, deps.tenantId, name);
    if (existing) {
      const same =
        existing.title === definition.title &&
        existing.status === definition.status &&
        canonicalItems(existing.items) === canonicalItems(definition.items);
      if (same) {
        return questionnaireView(existing);
      }
      throw new AppError('ARO-E7060');
    }
    const row = await insertQuestionnaire(tx, {
      tenantId: deps.tenantId,
      organizationId: deps.organizationId,
      name,
      ...definition,
    });
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor,
      action: 'questionnaire.define',
      correlationId: deps.correlationId,
      details: { questionnaireId: row.id, title: row.title, status: row.status },
    });
    return questionnaireView(row);
  });
  return attempt().catch((error: unknown) => {
    if (uniqueViolation(error) !== QUESTIONNAIRE_NAME_UNIQUE) {
      throw error;
    }
    // A twin defined the same title meanwhile: its row decides (the same definition, or ARO-E7060).
    return attempt();
  });
}

/**
 * Replaces a questionnaire of the hospital (title, questions, status). Another hospital's answers
 * ARO-E2001 like a missing one; a title another questionnaire of the hospital uses ARO-E7060.
 * Responses already given keep their own question texts and answers. Audited.
 * @param deps - database, tenant, staff member, hospital
 * @param id - the questionnaire
 * @param input - title, questions, status
 */
export async function updateStaffQuestionnaire(
  deps: StaffQuestionnaireDeps,
  id: string,
  input: QuestionnaireInput,
): Promise<QuestionnaireView> {
  const actor = staffActor(deps, 'questionnaires.define');
  if (!UUID.test(id)) {
    throw notFound();
  }
  const definition = checkedDefinition(input);
  return deps.db.transaction(async (tx) => {
    const current = await findHospitalQuestionnaire(tx, deps, id, true);
    if (!current) {
      throw notFound();
    }
    const name = nameOf(deps.organizationId, definition.title);
    const clash = await findQuestionnaireByName(tx, deps.tenantId, name);
    if (clash && clash.id !== current.id) {
      throw new AppError('ARO-E7060');
    }
    // The translations were of the questions replaced.
    const row = await updateQuestionnaire(tx, current.id, { name, ...definition, translations: null }).catch((error: unknown) => {
      // Another questionnaire took the title meanwhile.
      if (uniqueViolation(error) === QUESTIONNAIRE_NAME_UNIQUE) {
        throw new AppError('ARO-E7060');
      }
      throw error;
    });
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor,
      action: 'questionnaire.update',
      correlationId: deps.correlationId,
      details: { questionnaireId: row.id, title: row.title, status: row.status },
    });
    return questionnaireView(row);
  });
}

/**
 * The questionnaire responses on an appointment of the hospital, oldest first (issue 11 staff
 * console). Another hospital's appointment answers ARO-E2001 like a missing one. Audited as a read
 * of patient data (issue 7 point 3).
 * @param deps - database, tenant, staff member, hospital
 * @param appointmentId - the appointment
 */
export async function readStaffAppointmentResponses(
  deps: StaffQuestionnaireDeps,
  appointmentId: string,
): Promise<AppointmentResponsesView> {
  const actor = staffActor(deps, 'questionnaires.responses');
  if (!UUID.test(appointmentId)) {
    throw notFound();
  }
  return deps.db.transaction(async (tx) => {
    const appointment = await findHospitalAppointment(tx, deps, appointmentId);
    if (!appointment) {
      throw notFound();
    }
    const rows = await selectResponsesBasedOn(tx, deps.tenantId, `Appointment/${appointment.id}`);
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor,
      action: 'questionnaire.responses.read',
      correlationId: deps.correlationId,
      patientAccountId: appointment.accountId,
      patientId: appointment.patientId,
      details: { appointmentId: appointment.id, responses: rows.length },
    });
    return { appointmentId: appointment.id, patientId: appointment.patientId, responses: rows.map(responseView) };
  });
}

/** Most responses in one page of the hospital's list. */
export const STAFF_RESPONSES_PAGE_MAX = 50;

/** A response as the hospital's staff read it: the patient's name and the questionnaire's title besides. */
export type StaffResponseView = QuestionnaireResponseView & {
  patientId: string;
  patientName: string;
  /** The questionnaire's title as stored (null when the questionnaire is gone). */
  questionnaireTitle: string | null;
};

/** A page of the hospital's responses, newest first. */
export type StaffResponsesPage = { nodes: StaffResponseView[]; endCursor: string | null; hasMore: boolean };

function staffResponseView(row: HospitalResponseRow): StaffResponseView {
  return {
    ...responseView(row),
    patientId: row.patientId,
    patientName: [row.patientPrefix, row.patientGivenName, row.patientFamilyName]
      .map((part) => (part ?? '').trim())
      .filter((part) => part !== '')
      .join(' '),
    questionnaireTitle: row.questionnaireTitle,
  };
}

/**
 * The questionnaire responses of the hospital's patients, newest first, a page at a time (issue 30
 * §4.9): the responses on appointments at this hospital only. Audited as a read of patient data
 * (the responses and patients listed). A cursor that is not one of this hospital's responses
 * answers ARO-E2002.
 * @param deps - database, tenant, staff member, hospital
 * @param page - how many (1 to 50, 20 when not given), and the last response of the page before
 */
export async function listStaffQuestionnaireResponses(
  deps: StaffQuestionnaireDeps,
  page: { first?: number | null; after?: string | null },
): Promise<StaffResponsesPage> {
  const actor = staffActor(deps, 'questionnaires.responses');
  const first = page.first ?? 20;
  if (!Number.isInteger(first) || first < 1 || first > STAFF_RESPONSES_PAGE_MAX) {
    throw invalid(`first: 1 to ${String(STAFF_RESPONSES_PAGE_MAX)}`);
  }
  return deps.db.transaction(async (tx) => {
    let after: { createdAt: Date; id: string } | null = null;
    if (page.after !== undefined && page.after !== null) {
      const cursor = UUID.test(page.after) ? await findHospitalResponse(tx, deps, page.after) : null;
      if (!cursor) {
        throw invalid('after: a response of this list');
      }
      after = { createdAt: cursor.createdAt, id: cursor.id };
    }
    const rows = await selectHospitalResponses(tx, deps, { limit: first + 1, after });
    const shown = rows.slice(0, first);
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor,
      action: 'questionnaire.responses.list',
      correlationId: deps.correlationId,
      details: {
        questionnaireResponseIds: shown.map((row) => row.id),
        patientIds: [...new Set(shown.map((row) => row.patientId))],
      },
    });
    return { nodes: shown.map(staffResponseView), endCursor: shown.at(-1)?.id ?? null, hasMore: rows.length > first };
  });
}

/**
 * One questionnaire response of the hospital's patients with its questions and answers (issue 30
 * §4.9). Another hospital's, whatever the id, answers ARO-E2001 like a missing one. Audited as a
 * read of the patient's data.
 * @param deps - database, tenant, staff member, hospital
 * @param id - the response
 */
export async function readStaffQuestionnaireResponse(deps: StaffQuestionnaireDeps, id: string): Promise<StaffResponseView> {
  const actor = staffActor(deps, 'questionnaires.responses');
  if (!UUID.test(id)) {
    throw notFound();
  }
  return deps.db.transaction(async (tx) => {
    const row = await findHospitalResponse(tx, deps, id);
    if (!row) {
      throw notFound();
    }
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor,
      action: 'questionnaire.response.read',
      correlationId: deps.correlationId,
      patientAccountId: row.accountId,
      patientId: row.patientId,
      details: { questionnaireResponseId: row.id, basedOn: row.basedOn },
    });
    return staffResponseView(row);
  });
}
