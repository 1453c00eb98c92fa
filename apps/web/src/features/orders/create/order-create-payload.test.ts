import { describe, expect, it } from 'vitest';
import { sampleCollectionDateChoices } from '@careline/domain/orders';
import { createOrderPayload, fileSizeText, sampleCollectionRequestedTime, submitKeyFor } from './order-create-payload.ts';

const address = { addressLineOne: ' 12 Flower Road ', addressLineTwo: '', addressLineThree: 'Near the temple', addressCity: 'Colombo 7' };

describe('the creation payload (spec doc 3 §3 Creation payload contents)', () => {
  it('sends the profile, category, hospital, documents and the homecare address', () => {
    expect(
      createOrderPayload(
        {
          category: 'Medication',
          patient: { id: 'p-1', givenName: 'Nimal' },
          organizationId: 'o-1',
          initiatedFor: 'homecare',
          address,
          documentReferenceIds: ['d-1', 'd-2'],
          sampleDate: '2026-11-25',
        },
        'Asia/Colombo',
      ),
    ).toEqual({
      patientId: 'p-1',
      patientGivenName: 'Nimal',
      orderCategory: 'Medication',
      organization: 'o-1',
      documentReferenceIds: ['d-1', 'd-2'],
      serviceRequestInitiatedFor: 'homecare',
      addressLineOne: '12 Flower Road',
      addressLineTwo: '',
      addressLineThree: 'Near the temple',
      addressCity: 'Colombo 7',
    });
  });

  it('sends no address for a hospital visit, and a lab test’s sample collection date', () => {
    const payload = createOrderPayload(
      {
        category: 'Examination',
        patient: { id: 'p-1', givenName: 'Nimal' },
        organizationId: 'o-1',
        initiatedFor: 'appointment',
        address,
        documentReferenceIds: ['d-1'],
        sampleDate: '2026-11-25',
      },
      'Asia/Colombo',
    );
    expect(payload).toMatchObject({ addressLineOne: '', addressCity: '', serviceRequestInitiatedFor: 'appointment' });
    expect(payload.sampleCollectionRequestedTime).toBe('2026-11-25T09:00:00+05:30');
  });

  it('sends every one of the 7 date choices as a time on that date in the hospital’s zone', () => {
    const now = new Date('2026-11-24T20:00:00Z');
    for (const date of sampleCollectionDateChoices(now, 'Asia/Colombo')) {
      const time = new Date(sampleCollectionRequestedTime(date, 'Asia/Colombo'));
      const local = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Colombo' }).format(time);
      expect(local).toBe(date);
    }
  });

  it('reuses the submit key for the same payload and makes a new one when a choice changed', () => {
    const base = createOrderPayload(
      {
        category: 'Procedure',
        patient: { id: 'p-1', givenName: 'Nimal' },
        organizationId: 'o-1',
        initiatedFor: 'appointment',
        address,
        documentReferenceIds: ['d-1'],
        sampleDate: null,
      },
      'Asia/Colombo',
    );
    let keys = 0;
    const newKey = () => `key-${(keys += 1)}`;
    const first = submitKeyFor(null, base, newKey);
    expect(submitKeyFor(first, { ...base }, newKey)).toBe(first);
    expect(submitKeyFor(first, { ...base, organization: 'o-2' }, newKey).key).toBe('key-2');
  });

  it('shows sizes in KB and MB', () => {
    expect(fileSizeText(850 * 1024)).toBe('850 KB');
    expect(fileSizeText(3.4 * 1024 * 1024)).toBe('3.4 MB');
  });
});
