import type {
  Appointment,
  Bundle,
  CodeableConcept,
  DiagnosticReport,
  DocumentReference,
  Observation,
  ObservationComponent,
  ObservationReferenceRange,
  Patient,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  Reference,
  Resource,
  ServiceRequest,
} from '@medplum/fhirtypes';
import { formatReferenceRange } from '@careline/domain/lab-reports';
import type { MicrobiologyRow, ReferenceRange } from '../../db/schema/lab-reports.ts';

// Pure mappings from our rows to FHIR R4 resources (issue 11 part 4). Every resource of the export
// is identified by its row's UUID: the Bundle's fullUrls are 'urn:uuid:{id}' and references point at
// them, so the Bundle resolves on its own.

/** The code system of laboratory categories (DiagnosticReport.category, HL7 v2 table 0074). */
export const V2_0074 = 'http://terminology.hl7.org/CodeSystem/v2-0074';
/** The code system of Observation.category. */
export const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
/** The code system of Observation.interpretation (HL7 v3 ObservationInterpretation). */
export const V3_INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
/** Our own identifiers (appointment tokens, order identifiers). */
export const CARELINE_IDENTIFIER = 'urn:careline:identifier';

export type PatientRow = {
  id: string;
  prefix: string;
  givenName: string;
  familyName: string;
  gender: string;
  birthDate: string | null;
  addressLineOne: string | null;
  addressLineTwo: string | null;
  addressLineThree: string | null;
  addressCity: string | null;
  mobileNo: string | null;
  active: boolean;
};

export type AppointmentExportRow = {
  id: string;
  tokenNo: number;
  appointmentStatus: string;
  createdAt: Date;
  startTime: Date;
  endTime: Date;
  participationMode: string;
  practitionerRoleDisplay: string;
  practitionerText: string | null;
  organizationName: string | null;
};

export type ReportExportRow = {
  id: string;
  serviceRequestId: string | null;
  codeCode: string;
  codeDisplay: string;
  status: string;
  notes: string | null;
  issuedAt: Date | null;
  diagnosticReportVerifiedTime: Date | null;
  createdAt: Date;
  updatedAt: Date;
  organizationName: string | null;
};

export type ObservationExportRow = {
  id: string;
  diagnosticReportId: string | null;
  status: string;
  code: string | null;
  codeDisplay: string | null;
  valueString: string | null;
  valueQuantity: number | null;
  unit: string | null;
  referenceRange: ReferenceRange | null;
  critical: boolean;
  interpretation: string | null;
  microbiology: MicrobiologyRow[] | null;
  derivedFromDocumentReferenceId: string | null;
  createdTime: Date;
};

export type DocumentExportRow = {
  id: string;
  blobId: string | null;
  url: string | null;
  contentType: string | null;
  description: string | null;
  authorReference: string;
  status: string;
  createdTime: Date;
  organizationName: string | null;
};

export type QuestionnaireResponseExportRow = {
  id: string;
  questionnaireId: string | null;
  questionnaireTitle: string | null;
  author: string;
  items: { linkId?: string; text: string; answer: string }[];
  createdAt: Date;
};

export type ServiceRequestExportRow = {
  id: string;
  status: string;
  intent: string;
  category: string;
  codeCode: string;
  identifier: string | null;
  orderDetail: { coding?: { display: string }[]; text?: string } | null;
  requester: string | null;
  additionalNote: string | null;
  createdAt: Date;
  organizationName: string | null;
};

/** The fullUrl (and reference) of a resource in the Bundle. */
export function fullUrl(id: string): string {
  return `urn:uuid:${id}`;
}

/** A reference to a resource of the Bundle. */
export function ref<T extends Resource>(type: T['resourceType'], id: string, display?: string): Reference<T> {
  return { reference: fullUrl(id), type, ...(display ? { display } : {}) };
}

/** FHIR strings may not be empty nor only spaces: the text trimmed, or undefined. */
function text(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? undefined : trimmed;
}

/** Our statuses write underscores (entered_in_error); FHIR's codes hyphens. */
function fhirCode(value: string): string {
  return value.trim().toLowerCase().replace(/_/g, '-');
}

/** A status of ours as one of FHIR's codes, else the fallback. */
function statusOf<T extends string>(value: string, codes: readonly T[], fallback: T, aliases: Record<string, T> = {}): T {
  const code = fhirCode(value);
  return aliases[code] ?? codes.find((known) => known === code) ?? fallback;
}

/** A profile as a Patient: name, gender, birth date, address and mobile number. */
export function patientResource(row: PatientRow): Patient {
  const lines = [row.addressLineOne, row.addressLineTwo, row.addressLineThree].map(text).filter((line): line is string => !!line);
  const city = text(row.addressCity);
  const prefix = text(row.prefix);
  const given = text(row.givenName);
  const family = text(row.familyName);
  return {
    resourceType: 'Patient',
    id: row.id,
    active: row.active,
    name: [{ use: 'official', ...(prefix ? { prefix: [prefix] } : {}), ...(given ? { given: [given] } : {}), ...(family ? { family } : {}) }],
    gender: statusOf(row.gender, ['male', 'female', 'other'] as const, 'unknown'),
    ...(row.birthDate ? { birthDate: row.birthDate } : {}),
    ...(lines.length > 0 || city ? { address: [{ ...(lines.length > 0 ? { line: lines } : {}), ...(city ? { city } : {}) }] } : {}),
    // Numbers are kept as 94 + 9 digits (spec doc 1 §5).
    ...(row.mobileNo ? { telecom: [{ system: 'phone', use: 'mobile', value: `+${row.mobileNo}` }] } : {}),
  };
}

const APPOINTMENT_STATUSES = [
  'proposed', 'pending', 'booked', 'arrived', 'fulfilled', 'cancelled', 'noshow', 'entered-in-error', 'checked-in', 'waitlist',
] as const;

/** An appointment of the profile as an Appointment: the session's times, the doctor and the hospital. */
export function appointmentResource(row: AppointmentExportRow, patient: PatientRow): Appointment {
  const doctor = text(row.practitionerText);
  return {
    resourceType: 'Appointment',
    id: row.id,
    status: statusOf(row.appointmentStatus, APPOINTMENT_STATUSES, 'booked'),
    identifier: [{ system: `${CARELINE_IDENTIFIER}:appointment-token`, value: String(row.tokenNo) }],
    ...(text(row.practitionerRoleDisplay) ? { serviceType: [{ text: text(row.practitionerRoleDisplay) }] } : {}),
    appointmentType: { text: row.participationMode === 'remote_presence_video_call' ? 'Video consultation' : 'In-person consultation' },
    start: row.startTime.toISOString(),
    end: row.endTime.toISOString(),
    created: row.createdAt.toISOString(),
    participant: [
      { actor: ref<Patient>('Patient', patient.id, displayName(patient)), status: 'accepted' },
      ...(doctor ? [{ actor: { type: 'Practitioner' as const, display: doctor }, status: 'accepted' as const }] : []),
      ...(text(row.organizationName) ? [{ actor: { type: 'Location' as const, display: text(row.organizationName) }, status: 'accepted' as const }] : []),
    ],
  };
}

/** A profile's name as one line ('Mrs Kamala Perera'). */
export function displayName(patient: Pick<PatientRow, 'prefix' | 'givenName' | 'familyName'>): string {
  return [patient.prefix, patient.givenName, patient.familyName].map(text).filter(Boolean).join(' ');
}

const REPORT_STATUSES = [
  'registered', 'partial', 'preliminary', 'final', 'amended', 'corrected', 'appended', 'cancelled', 'entered-in-error', 'unknown',
] as const;

/**
 * A lab report as a DiagnosticReport: its test, status, hospital, issue time, notes (conclusion) and
 * the results of the Bundle; basedOn its order only when the order is in the Bundle.
 */
export function diagnosticReportResource(
  row: ReportExportRow,
  patientId: string,
  resultIds: readonly string[],
  orderInBundle: boolean,
): DiagnosticReport {
  const issued = row.issuedAt ?? row.diagnosticReportVerifiedTime ?? row.updatedAt;
  const conclusion = text(row.notes);
  return {
    resourceType: 'DiagnosticReport',
    id: row.id,
    status: statusOf(row.status, REPORT_STATUSES, 'unknown', { verified: 'final' }),
    category: [{ coding: [{ system: V2_0074, code: 'LAB', display: 'Laboratory' }] }],
    code: codeable(row.codeCode, row.codeDisplay) ?? { text: 'Laboratory report' },
    subject: ref<Patient>('Patient', patientId),
    effectiveDateTime: row.createdAt.toISOString(),
    issued: issued.toISOString(),
    ...(text(row.organizationName) ? { performer: [{ type: 'Organization' as const, display: text(row.organizationName) }] } : {}),
    ...(row.serviceRequestId && orderInBundle ? { basedOn: [ref<ServiceRequest>('ServiceRequest', row.serviceRequestId)] } : {}),
    ...(resultIds.length > 0 ? { result: resultIds.map((id) => ref<Observation>('Observation', id)) } : {}),
    ...(conclusion ? { conclusion } : {}),
  };
}

/** A code and its display as a CodeableConcept, or undefined when both are empty. */
function codeable(code: string | null | undefined, display: string | null | undefined): CodeableConcept | undefined {
  const c = text(code);
  const d = text(display);
  if (!c && !d) {
    return undefined;
  }
  return { ...(c ? { coding: [{ code: c, ...(d ? { display: d } : {}) }] } : {}), ...(d ? { text: d } : {}) };
}

const OBSERVATION_STATUSES = [
  'registered', 'preliminary', 'final', 'amended', 'corrected', 'cancelled', 'entered-in-error', 'unknown',
] as const;

const INTERPRETATIONS = ['L', 'H', 'LL', 'HH', 'N', 'A', 'AA', 'LU', 'HU', '<', '>', 'POS', 'NEG', 'IND', 'S', 'R', 'I'] as const;

/** A reference range as FHIR's: low and high where known, and the text the report prints. */
function referenceRangeOf(range: ReferenceRange | null, unit: string | null): ObservationReferenceRange[] {
  if (!range) {
    return [];
  }
  const u = text(unit);
  const quantity = (value: number) => ({ value, ...(u ? { unit: u } : {}) });
  const display = text(range.text) ?? text(formatReferenceRange(range));
  const low = typeof range.low === 'number' && Number.isFinite(range.low) ? quantity(range.low) : undefined;
  const high = typeof range.high === 'number' && Number.isFinite(range.high) ? quantity(range.high) : undefined;
  // obs-3: a range needs a low, a high or a text.
  if (!low && !high && !display) {
    return [];
  }
  return [{ ...(low ? { low } : {}), ...(high ? { high } : {}), ...(display ? { text: display } : {}) }];
}

/** An antibiogram row as a component: the organism, or an antibiotic with its result (S, I, R). */
function microbiologyComponent(row: MicrobiologyRow): ObservationComponent | null {
  const name = text(row.name);
  if (!name) {
    return null;
  }
  if (row.category === 'organism') {
    return { code: { text: 'Organism' }, valueString: name };
  }
  const result = text(row.result);
  return {
    code: { text: name },
    ...(result ? { valueString: result } : { dataAbsentReason: { text: 'No result' } }),
    ...(text(row.comment) ? { interpretation: [{ text: text(row.comment) }] } : {}),
  };
}

/**
 * A result (or the patient's own observation) as an Observation: its value, unit, reference range,
 * interpretation (AA when only marked critical) and antibiogram rows as components.
 */
export function observationResource(row: ObservationExportRow, patientId: string, documentInBundle: boolean): Observation {
  const interpretationCode = INTERPRETATIONS.find((code) => code === text(row.interpretation)?.toUpperCase()) ?? (row.critical ? 'AA' : undefined);
  const unit = text(row.unit);
  const valueString = text(row.valueString);
  const components = (row.microbiology ?? []).map(microbiologyComponent).filter((c): c is ObservationComponent => c !== null);
  const range = referenceRangeOf(row.referenceRange, row.unit);
  const value =
    row.valueQuantity !== null && Number.isFinite(row.valueQuantity)
      ? { valueQuantity: { value: row.valueQuantity, ...(unit ? { unit } : {}) } }
      : valueString
        ? { valueString }
        : {};
  return {
    resourceType: 'Observation',
    id: row.id,
    status: statusOf(row.status, OBSERVATION_STATUSES, 'unknown'),
    ...(row.diagnosticReportId ? { category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: 'laboratory', display: 'Laboratory' }] }] } : {}),
    code: codeable(row.code, row.codeDisplay) ?? { text: 'Observation' },
    subject: ref<Patient>('Patient', patientId),
    effectiveDateTime: row.createdTime.toISOString(),
    ...value,
    ...(interpretationCode ? { interpretation: [{ coding: [{ system: V3_INTERPRETATION, code: interpretationCode }] }] } : {}),
    ...(range.length > 0 ? { referenceRange: range } : {}),
    ...(row.derivedFromDocumentReferenceId && documentInBundle
      ? { derivedFrom: [ref<DocumentReference>('DocumentReference', row.derivedFromDocumentReferenceId)] }
      : {}),
    ...(components.length > 0 ? { component: components } : {}),
  };
}

const DOCUMENT_STATUSES = ['current', 'superseded', 'entered-in-error'] as const;

/**
 * An uploaded document as a DocumentReference: the file's type and address (GET /blob/get/{id}, with
 * the account's token), its description and who wrote it (the profile, or the hospital).
 */
export function documentReferenceResource(row: DocumentExportRow, patientId: string): DocumentReference {
  const contentType = text(row.contentType);
  const title = text(row.description);
  const url = row.blobId ? `/blob/get/${row.blobId}` : text(row.url);
  const byPatient = row.authorReference === `Patient/${patientId}`;
  const hospital = text(row.organizationName);
  return {
    resourceType: 'DocumentReference',
    id: row.id,
    status: statusOf(row.status, DOCUMENT_STATUSES, 'current'),
    subject: ref<Patient>('Patient', patientId),
    date: row.createdTime.toISOString(),
    ...(title ? { description: title } : {}),
    ...(byPatient
      ? { author: [ref<Patient>('Patient', patientId)] }
      : row.authorReference.startsWith('User/') && hospital
        ? { author: [{ type: 'Organization' as const, display: hospital }] }
        : {}),
    ...(hospital ? { custodian: { type: 'Organization' as const, display: hospital } } : {}),
    content: [
      {
        attachment: {
          ...(contentType ? { contentType } : {}),
          ...(url ? { url } : {}),
          ...(title ? { title } : {}),
          creation: row.createdTime.toISOString(),
        },
      },
    ],
  };
}

/** Answers to a questionnaire as a QuestionnaireResponse (completed), one item per answered question. */
export function questionnaireResponseResource(row: QuestionnaireResponseExportRow, patientId: string): QuestionnaireResponse {
  const items = row.items
    .map((item, index): QuestionnaireResponseItem | null => {
      const answer = text(item.answer);
      const question = text(item.text);
      if (!answer) {
        return null;
      }
      return {
        linkId: text(item.linkId) ?? String(index + 1),
        ...(question ? { text: question } : {}),
        answer: [{ valueString: answer }],
      };
    })
    .filter((item): item is QuestionnaireResponseItem => item !== null);
  const title = text(row.questionnaireTitle);
  return {
    resourceType: 'QuestionnaireResponse',
    id: row.id,
    status: 'completed',
    ...(row.questionnaireId ? { questionnaire: `Questionnaire/${row.questionnaireId}` } : {}),
    ...(title ? { _questionnaire: { extension: [{ url: 'http://hl7.org/fhir/StructureDefinition/display', valueString: title }] } } : {}),
    subject: ref<Patient>('Patient', patientId),
    authored: row.createdAt.toISOString(),
    ...(row.author === `Patient/${patientId}` ? { author: ref<Patient>('Patient', patientId) } : {}),
    ...(items.length > 0 ? { item: items } : {}),
  };
}

const ORDER_STATUSES = ['draft', 'active', 'on-hold', 'revoked', 'completed', 'entered-in-error', 'unknown'] as const;
const ORDER_INTENTS = [
  'proposal', 'plan', 'directive', 'order', 'original-order', 'reflex-order', 'filler-order', 'instance-order', 'option',
] as const;

/** An order as a ServiceRequest: status, intent, category (Finance shown as Admission), what was asked and the note. */
export function serviceRequestResource(row: ServiceRequestExportRow, patientId: string): ServiceRequest {
  const details = [
    ...(row.orderDetail?.coding ?? []).map((coding) => text(coding.display)),
    text(row.orderDetail?.text),
  ].filter((detail): detail is string => !!detail);
  // spec doc 3 §3: the Finance category is shown as Admission.
  const category = row.category === 'Finance' ? 'Admission' : row.category;
  const note = text(row.additionalNote);
  const requester = text(row.requester);
  const hospital = text(row.organizationName);
  return {
    resourceType: 'ServiceRequest',
    id: row.id,
    status: statusOf(row.status, ORDER_STATUSES, 'unknown', { aborted: 'revoked' }),
    intent: statusOf(row.intent, ORDER_INTENTS, 'order'),
    ...(text(row.identifier) ? { identifier: [{ system: `${CARELINE_IDENTIFIER}:order`, value: text(row.identifier) }] } : {}),
    ...(text(category) ? { category: [{ text: text(category) }] } : {}),
    code: codeable(row.codeCode, category) ?? { text: 'Order' },
    ...(details.length > 0 ? { orderDetail: details.map((detail) => ({ text: detail })) } : {}),
    subject: ref<Patient>('Patient', patientId),
    authoredOn: row.createdAt.toISOString(),
    ...(requester ? { requester: { display: requester } } : {}),
    ...(hospital ? { performer: [{ type: 'Organization' as const, display: hospital }] } : {}),
    ...(note ? { note: [{ text: note }] } : {}),
  };
}

/**
 * The resources as a FHIR R4 Bundle of type collection, each entry under its 'urn:uuid:' fullUrl.
 * @param resources - the resources, the Patient first
 * @param timestamp - when the Bundle was made
 * @param truncated - whether some resource type was cut at the export's cap (tagged on meta)
 */
export function collectionBundle(resources: Resource[], timestamp: Date, truncated: boolean): Bundle {
  return {
    resourceType: 'Bundle',
    type: 'collection',
    timestamp: timestamp.toISOString(),
    ...(truncated ? { meta: { tag: [{ system: `${CARELINE_IDENTIFIER}:fhir-export`, code: 'truncated', display: 'Some records were left out: the export is capped' }] } } : {}),
    entry: resources.map((resource) => ({ fullUrl: fullUrl(resource.id ?? ''), resource })),
  };
}
