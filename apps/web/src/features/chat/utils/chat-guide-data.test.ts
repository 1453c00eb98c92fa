import { describe, expect, it } from 'vitest';
import { emptyGuide, parseGuideData, type GuideData } from './chat-guide-data.ts';
import { finishedUploads, type ChatUploadItem } from './chat-orders.ts';

const gathered: GuideData = {
  ...emptyGuide,
  service: 'medication',
  organizations: [{ id: 'org-1', name: 'Colombo' }],
  organization: { id: 'org-1', name: 'Colombo' },
  order: {
    documents: [{ id: 'id-1', documentId: 'doc-1', name: 'rx.jpg' }],
    deliveryMode: 'home-delivery',
    address: { addressLineOne: '12 Galle Road', addressLineTwo: '', addressLineThree: '', addressCity: 'Colombo' },
    tests: ['00000001'],
    sampleTime: { at: '2030-01-02T11:00:00+05:30', said: 'Tomorrow, 11:00' },
    procedures: [],
    visitTime: { at: '2030-01-02T14:00:00+05:30', said: 'Tomorrow, 14:00' },
    submit: { key: 'k-1', fingerprint: '{}' },
  },
};

describe('what the guide gathered, read back from the device (issue 12 §2)', () => {
  it('reads back what it wrote', () => {
    expect(parseGuideData(JSON.parse(JSON.stringify(gathered)))).toEqual(gathered);
    expect(parseGuideData(emptyGuide)).toEqual(emptyGuide);
  });

  it('reads back a conversation kept before the hospitals with sessions were kept (issue 29 §11)', () => {
    const older: Record<string, unknown> = { ...gathered };
    delete older.sessionHospitals;
    expect(parseGuideData(JSON.parse(JSON.stringify(older)))).toEqual({ ...gathered, sessionHospitals: null });
    const kept = { ...gathered, service: 'consultation', sessionHospitals: [{ id: 'org-1', name: 'Colombo' }] };
    expect(parseGuideData(JSON.parse(JSON.stringify(kept)))).toEqual(kept);
  });

  it('reads back a lab test kept before its time was picked with its day (issue 30 §11): no time yet', () => {
    const { sampleTime: _time, ...order } = gathered.order;
    const older = { ...gathered, order: { ...order, sampleDate: '2030-01-02' } };
    expect(parseGuideData(JSON.parse(JSON.stringify(older)))).toEqual({ ...gathered, order: { ...gathered.order, sampleTime: null } });
  });

  it.each([
    ['nothing', null],
    ['broken hospitals with sessions', { ...gathered, sessionHospitals: [{ id: 1 }] }],
    ['an unknown service', { ...gathered, service: 'teleport' }],
    ['a broken doctor', { ...gathered, doctor: { id: 1 } }],
    ['a broken order', { ...gathered, order: { documents: 'x' } }],
    ['an unknown delivery mode', { ...gathered, order: { ...gathered.order, deliveryMode: 'drone' } }],
    ['negative See more taps', { ...gathered, seeMoreTaps: -1 }],
    ['an older shape without the order', { ...gathered, order: undefined }],
    ['an order without its lab tests', { ...gathered, order: { ...gathered.order, tests: undefined } }],
  ])('refuses %s', (_name, value) => {
    expect(parseGuideData(value)).toBeNull();
  });
});

describe('the prescription upload goes on once every file is a document (doc 3 §5)', () => {
  const item = (id: string, state: ChatUploadItem['state']): ChatUploadItem => ({
    id,
    name: `${id}.jpg`,
    state,
    documentId: state === 'done' ? `doc-${id}` : null,
  });

  it('waits while a file is on its way or failed, and for at least one document', () => {
    expect(finishedUploads([])).toBeNull();
    expect(finishedUploads([item('a', 'done'), item('b', 'working')])).toBeNull();
    expect(finishedUploads([item('a', 'done'), item('b', 'failed')])).toBeNull();
    expect(finishedUploads([item('a', 'refused')])).toBeNull();
  });

  it('answers the documents, a refused file left aside', () => {
    expect(finishedUploads([item('a', 'done'), item('b', 'refused'), item('c', 'done')])?.map((done) => done.id)).toEqual(['a', 'c']);
  });
});
