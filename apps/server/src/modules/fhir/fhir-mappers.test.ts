import { describe, expect, it } from 'vitest';
import type { Observation, Patient, ServiceRequest } from '@medplum/fhirtypes';
import {
  appointmentResource,
  collectionBundle,
  diagnosticReportResource,
  documentReferenceResource,
  fullUrl,
  observationResource,
  patientResource,
  questionnaireResponseResource,
  serviceRequestResource,
  type ObservationExportRow,
  type PatientRow,
} from './fhir-mappers.ts';
import { fhirExportContentDisposition, fhirExportFileName } from './fhir-export.service.ts';
import { fhirProblems } from './test/validate-fhir.ts';

// issue 11 part 4: each mapping gives a valid FHIR R4 resource, also from the odd rows a hospital
// system leaves (empty strings, our underscore statuses, ranges with only a comparator).

const AT = new Date('2026-03-01T04:30:00.000Z');
const PATIENT_ID = '6f0c1f0e-1b2a-4c3d-8e4f-000000000001';

const patient: PatientRow = {
  id: PATIENT_ID,
  prefix: 'Mrs',
  givenName: 'කමලා',
  familyName: 'Perera',
  gender: 'female',
  birthDate: '1960-04-09',
  addressLineOne: '12 Galle Road',
  addressLineTwo: ' ',
  addressLineThree: null,
  addressCity: 'Colombo',
  mobileNo: '94771234567',
  active: true,
};

const observation = (fields: Partial<ObservationExportRow>): ObservationExportRow => ({
  id: '6f0c1f0e-1b2a-4c3d-8e4f-000000000010',
  diagnosticReportId: '6f0c1f0e-1b2a-4c3d-8e4f-000000000020',
  status: 'final',
  code: 'HB',
  codeDisplay: 'Haemoglobin',
  valueString: null,
  valueQuantity: 10.2,
  unit: 'g/dL',
  referenceRange: { low: 11.5, high: 16.5 },
  critical: true,
  interpretation: null,
  microbiology: null,
  derivedFromDocumentReferenceId: null,
  createdTime: AT,
  ...fields,
});

function everyResource() {
  return [
    patientResource(patient),
    appointmentResource(
      {
        id: '6f0c1f0e-1b2a-4c3d-8e4f-000000000030',
        tokenNo: 7,
        appointmentStatus: 'entered_in_error',
        createdAt: AT,
        startTime: AT,
        endTime: new Date(AT.getTime() + 3_600_000),
        participationMode: 'remote_presence_video_call',
        practitionerRoleDisplay: 'Cardiologist',
        practitionerText: 'Dr. Nimal Perera',
        organizationName: 'Lanka Hospitals',
      },
      patient,
    ),
    diagnosticReportResource(
      {
        id: '6f0c1f0e-1b2a-4c3d-8e4f-000000000020',
        serviceRequestId: '6f0c1f0e-1b2a-4c3d-8e4f-000000000050',
        codeCode: '00000001',
        codeDisplay: 'Full Blood Count',
        status: 'final',
        notes: '',
        issuedAt: AT,
        diagnosticReportVerifiedTime: null,
        createdAt: AT,
        updatedAt: AT,
        organizationName: 'Lanka Hospitals',
      },
      PATIENT_ID,
      ['6f0c1f0e-1b2a-4c3d-8e4f-000000000010'],
      true,
    ),
    observationResource(observation({}), PATIENT_ID, false),
    observationResource(
      observation({
        id: '6f0c1f0e-1b2a-4c3d-8e4f-000000000011',
        code: null,
        codeDisplay: 'Urine culture',
        valueQuantity: null,
        valueString: '',
        referenceRange: { comparator: '<', value: 5 },
        critical: false,
        interpretation: 'h',
        microbiology: [
          { category: 'organism', name: 'Escherichia coli' },
          { category: 'antibiotic', name: 'Ciprofloxacin', result: 'S' },
          { category: 'antibiotic', name: 'Ampicillin', result: null, comment: 'repeat' },
          { category: 'antibiotic', name: ' ' },
        ],
      }),
      PATIENT_ID,
      false,
    ),
    observationResource(
      observation({ id: '6f0c1f0e-1b2a-4c3d-8e4f-000000000012', diagnosticReportId: null, status: 'weird', code: '3', codeDisplay: null, valueQuantity: null, valueString: 'Pollen allergy', referenceRange: null, critical: false, derivedFromDocumentReferenceId: '6f0c1f0e-1b2a-4c3d-8e4f-000000000040' }),
      PATIENT_ID,
      true,
    ),
    documentReferenceResource(
      {
        id: '6f0c1f0e-1b2a-4c3d-8e4f-000000000040',
        blobId: '6f0c1f0e-1b2a-4c3d-8e4f-000000000041',
        url: null,
        contentType: 'image/jpeg',
        description: 'Prescription',
        authorReference: `Patient/${PATIENT_ID}`,
        status: 'current',
        createdTime: AT,
        organizationName: null,
      },
      PATIENT_ID,
    ),
    documentReferenceResource(
      {
        id: '6f0c1f0e-1b2a-4c3d-8e4f-000000000042',
        blobId: null,
        url: null,
        contentType: null,
        description: null,
        authorReference: 'User/6f0c1f0e-1b2a-4c3d-8e4f-000000000099',
        status: 'current',
        createdTime: AT,
        organizationName: 'Lanka Hospitals',
      },
      PATIENT_ID,
    ),
    questionnaireResponseResource(
      {
        id: '6f0c1f0e-1b2a-4c3d-8e4f-000000000060',
        questionnaireId: '6f0c1f0e-1b2a-4c3d-8e4f-000000000061',
        questionnaireTitle: 'Screening',
        author: 'Patient/6f0c1f0e-1b2a-4c3d-8e4f-000000000098',
        items: [
          { linkId: '1', text: 'Do you have a fever?', answer: 'No' },
          { text: 'Allergies', answer: 'Penicillin, Pollen' },
          { linkId: '3', text: 'Anything else?', answer: '' },
        ],
        createdAt: AT,
      },
      PATIENT_ID,
    ),
    serviceRequestResource(
      {
        id: '6f0c1f0e-1b2a-4c3d-8e4f-000000000050',
        status: 'aborted',
        intent: 'reflex_order',
        category: 'Finance',
        codeCode: '5',
        identifier: 'SR-1',
        orderDetail: { coding: [{ display: 'Full Blood Count' }], text: '' },
        requester: 'Dr. Nimal Perera',
        additionalNote: 'Fasting',
        createdAt: AT,
        organizationName: 'Lanka Hospitals',
      },
      PATIENT_ID,
    ),
  ];
}

describe('FHIR R4 mappings (issue 11 part 4)', () => {
  it('gives a collection Bundle that validates against the R4 definitions', { timeout: 120_000 }, () => {
    const bundle = collectionBundle(everyResource(), AT, false);
    expect(fhirProblems(bundle)).toEqual([]);
    expect(bundle.type).toBe('collection');
    expect(bundle.entry?.map((entry) => entry.resource?.resourceType)).toEqual([
      'Patient', 'Appointment', 'DiagnosticReport', 'Observation', 'Observation', 'Observation',
      'DocumentReference', 'DocumentReference', 'QuestionnaireResponse', 'ServiceRequest',
    ]);
    // Every reference inside the Bundle resolves to one of its entries.
    const urls = new Set(bundle.entry?.map((entry) => entry.fullUrl));
    const references = [...JSON.stringify(bundle).matchAll(/"reference":"([^"]+)"/g)].map((match) => match[1]);
    expect(references.length).toBeGreaterThan(5);
    expect(references.filter((reference) => !urls.has(reference))).toEqual([]);
  });

  it('maps our statuses and values to FHIR codes', () => {
    const [p, appointment, , hb, culture, own, , , response, order] = everyResource();
    expect((p as Patient).telecom).toEqual([{ system: 'phone', use: 'mobile', value: '+94771234567' }]);
    expect((p as Patient).address).toEqual([{ line: ['12 Galle Road'], city: 'Colombo' }]);
    expect(appointment).toMatchObject({ status: 'entered-in-error', appointmentType: { text: 'Video consultation' } });
    expect((hb as Observation).interpretation?.[0]?.coding?.[0]?.code).toBe('AA');
    expect((hb as Observation).referenceRange).toEqual([{ low: { value: 11.5, unit: 'g/dL' }, high: { value: 16.5, unit: 'g/dL' }, text: '11.5–16.5' }]);
    expect((culture as Observation).referenceRange).toEqual([{ text: '< 5' }]);
    expect((culture as Observation).interpretation?.[0]?.coding?.[0]?.code).toBe('H');
    expect((culture as Observation).component).toHaveLength(3);
    expect(own).toMatchObject({ status: 'unknown', valueString: 'Pollen allergy', derivedFrom: [{ reference: fullUrl('6f0c1f0e-1b2a-4c3d-8e4f-000000000040') }] });
    expect(response).toMatchObject({ status: 'completed', item: [{ linkId: '1' }, { linkId: '2', answer: [{ valueString: 'Penicillin, Pollen' }] }] });
    expect(response).not.toHaveProperty('author');
    expect(order as ServiceRequest).toMatchObject({ status: 'revoked', intent: 'reflex-order', category: [{ text: 'Admission' }] });
  });

  it('the validator refuses what R4 does not allow, so the checks above can fail', { timeout: 120_000 }, () => {
    const bad = collectionBundle([{ ...patientResource(patient), gender: 'bogus' as Patient['gender'], name: [{ given: [''] }] }], AT, true);
    const problems = fhirProblems(bad);
    expect(problems.some((problem) => problem.includes('Patient.gender'))).toBe(true);
    expect(problems.some((problem) => problem.includes('given'))).toBe(true);
  });

  it('names the file after the profile and the day, in UTF-8 for the header', () => {
    const name = fhirExportFileName(patient, AT);
    expect(name).toBe('FHIR-records-කමලා-2026-03-01.json');
    expect(fhirExportFileName({ givenName: ' / ' }, AT)).toBe('FHIR-records-2026-03-01.json');
    // 01:30 on 1 March in Colombo is still 28 February in UTC: the file takes the hospital's day.
    expect(fhirExportFileName(patient, new Date('2026-02-28T20:00:00.000Z'))).toBe('FHIR-records-කමලා-2026-03-01.json');
    const header = fhirExportContentDisposition(name);
    expect(header).toMatch(/^attachment; filename="FHIR-records-_+-2026-03-01\.json"; filename\*=UTF-8''FHIR-records-%E0/);
  });
});
