import { describe, expect, it } from 'vitest';
import {
  labImageBlobId,
  labActionSet,
  labDateTime,
  labLiveState,
  labReportStage,
  labTestsOf,
  newMicrobiologyRow,
  orderTests,
  parseLabNumber,
  parseReferenceRange,
  resultDrafts,
  resultPayload,
  type LabVersionFacts,
} from './lab-report-rules.ts';

const draft: LabVersionFacts = { status: 'preliminary', summaryStatus: 'report', supersededById: null, diagnosticReportVerifiedTime: null };
const verified: LabVersionFacts = { status: 'final', summaryStatus: 'print_ready', diagnosticReportVerifiedTime: '2026-11-24T05:00:00.000Z' };
const issued: LabVersionFacts = { ...verified, summaryStatus: 'issued' };
const technician = { work: true, settings: false };
const me = { staffUserId: 's1', requireSecondVerifier: false };

describe('the stage of a report version', () => {
  it('reads registered, draft, verified, issued and superseded from the server’s statuses', () => {
    expect(labReportStage({ status: 'registered' })).toBe('registered');
    expect(labReportStage(draft)).toBe('draft');
    expect(labReportStage(verified)).toBe('verified');
    expect(labReportStage({ status: 'amended', summaryStatus: 'print_ready' })).toBe('verified');
    expect(labReportStage(issued)).toBe('issued');
    expect(labReportStage({ ...issued, supersededById: 'r2' })).toBe('superseded');
  });
});

describe('the actions a version offers', () => {
  const facts = (report: LabVersionFacts, resultCount = 1, enteredBy: string[] = []) => ({ ...report, resultCount, enteredBy });

  it('a draft with results: save, verify and mark outsourced; no issue or correction', () => {
    expect(labActionSet(facts(draft), technician, me)).toEqual({
      save: true,
      verify: true,
      issue: false,
      outsource: true,
      correct: false,
      verifyBySomeoneElse: false,
    });
  });

  it('verify needs a result unless the report is outsourced', () => {
    expect(labActionSet(facts({ status: 'registered' }, 0), technician, me).verify).toBe(false);
    expect(labActionSet(facts({ status: 'registered', diagnosticReportOutsourcedType: 'external' }, 0), technician, me)).toMatchObject({
      verify: true,
      outsource: false,
    });
  });

  it('the second-person rule: the member who entered results does not verify, and is told so', () => {
    const second = { staffUserId: 's1', requireSecondVerifier: true };
    expect(labActionSet(facts(draft, 2, ['s1']), technician, second)).toMatchObject({ verify: false, verifyBySomeoneElse: true, save: true });
    expect(labActionSet(facts(draft, 2, ['s2']), technician, second)).toMatchObject({ verify: true, verifyBySomeoneElse: false });
    expect(labActionSet(facts(draft, 2, ['s1']), technician, me).verify).toBe(true);
  });

  it('verified: issue only; issued: correct only; a corrected version: nothing', () => {
    expect(labActionSet(facts(verified), technician, me)).toMatchObject({ save: false, verify: false, issue: true, outsource: true, correct: false });
    expect(labActionSet(facts(issued), technician, me)).toMatchObject({ save: false, issue: false, outsource: false, correct: true });
    expect(Object.values(labActionSet(facts({ ...issued, supersededById: 'r2' }), technician, me)).some(Boolean)).toBe(false);
  });

  it('a member who only reads gets no action', () => {
    for (const report of [draft, verified, issued]) {
      expect(Object.values(labActionSet(facts(report), { work: false, settings: false }, me)).some(Boolean)).toBe(false);
    }
  });
});

describe('typed numbers and reference ranges', () => {
  it('reads numbers, and nothing else', () => {
    expect(parseLabNumber('12.5')).toBe(12.5);
    expect(parseLabNumber(' 1,250 ')).toBe(1250);
    expect(parseLabNumber('-0.5')).toBe(-0.5);
    expect(parseLabNumber('Negative')).toBeNull();
    expect(parseLabNumber('1e5')).toBeNull();
    expect(parseLabNumber('')).toBeNull();
  });

  it('reads low–high, a comparator and value, or keeps the text; empty is the sub-test’s own', () => {
    expect(parseReferenceRange('11.5–16.5')).toEqual({ low: 11.5, high: 16.5 });
    expect(parseReferenceRange('4 - 11')).toEqual({ low: 4, high: 11 });
    expect(parseReferenceRange('< 200')).toEqual({ comparator: '<', value: 200 });
    expect(parseReferenceRange('>=40')).toEqual({ comparator: '>=', value: 40 });
    expect(parseReferenceRange('Negative')).toEqual({ text: 'Negative' });
    expect(parseReferenceRange('  ')).toBeNull();
  });
});

const subTests = [
  { id: 'sub-hb', name: 'Haemoglobin', unit: 'g/dL', referenceRange: { low: 11.5, high: 16.5, comparator: null, value: null, text: null } },
  { id: 'sub-culture', name: 'Culture', unit: null, referenceRange: null },
  { id: 'sub-chol', name: 'Cholesterol', unit: 'mg/dL', referenceRange: { low: null, high: null, comparator: '<', value: 200, text: null } },
];

describe('the results form', () => {
  it('fills each sub-test from its saved result, else from the sub-test’s unit and range', () => {
    const drafts = resultDrafts(subTests, [
      {
        code: 'sub-hb',
        valueString: null,
        valueQuantity: { value: 9.1, unit: 'g/dL' },
        referenceRange: { low: 11.5, high: 16.5 },
        critical: true,
        microbiology: null,
      },
    ]);
    expect(drafts.map((d) => [d.name, d.result, d.unit, d.range, d.critical, d.saved])).toEqual([
      ['Haemoglobin', '9.1', 'g/dL', '11.5–16.5', true, true],
      ['Culture', '', '', '', false, false],
      ['Cholesterol', '', 'mg/dL', '< 200', false, false],
    ]);
  });

  it('sends numbers as valueQuantity and texts as valueString, leaves empty lines out, and keeps microbiology rows', () => {
    const drafts = resultDrafts(subTests, []);
    const [hb, culture, chol] = drafts;
    if (!hb || !culture || !chol) {
      throw new Error('three sub-tests');
    }
    const organism = newMicrobiologyRow([], 'organism', 'k1');
    const antibiotic = newMicrobiologyRow([organism], 'antibiotic', 'k2');
    const payload = resultPayload([
      { ...hb, result: '13.2', critical: false },
      { ...culture, result: 'Growth', microbiology: [{ ...organism, name: 'E. coli' }, { ...antibiotic, name: 'Ampicillin', result: 'R' }] },
      chol,
    ]);
    expect(payload).toEqual([
      {
        subTestId: 'sub-hb',
        valueQuantity: 13.2,
        valueString: null,
        unit: 'g/dL',
        referenceRange: { low: 11.5, high: 16.5 },
        critical: false,
        microbiology: null,
      },
      {
        subTestId: 'sub-culture',
        valueQuantity: null,
        valueString: 'Growth',
        unit: null,
        referenceRange: null,
        critical: false,
        microbiology: [
          { category: 'organism', name: 'E. coli', result: null, definitionId: 'organism-1', organismDefinitionId: null },
          { category: 'antibiotic', name: 'Ampicillin', result: 'R', definitionId: null, organismDefinitionId: 'organism-1' },
        ],
      },
    ]);
  });

  it('gives each new organism an id of its own, and points an antibiotic to the last organism', () => {
    const first = newMicrobiologyRow([], 'organism', 'a');
    const second = newMicrobiologyRow([first], 'organism', 'b');
    expect([first.definitionId, second.definitionId]).toEqual(['organism-1', 'organism-2']);
    expect(newMicrobiologyRow([first, second], 'antibiotic', 'c').organismDefinitionId).toBe('organism-2');
    expect(newMicrobiologyRow([], 'antibiotic', 'd').organismDefinitionId).toBe('');
  });
});

describe('the tenant’s tests and a lab order’s', () => {
  const config = { diagnosticReportCodes: [{ code: '00000001', display: 'Full Blood Count' }, { code: '00000002', display: '' }, { nope: 1 }] };

  it('reads the tenant’s lab tests, leaving unknown shapes out', () => {
    expect(labTestsOf(config)).toEqual([
      { code: '00000001', display: 'Full Blood Count' },
      { code: '00000002', display: '00000002' },
    ]);
    expect(labTestsOf(null)).toEqual([]);
  });

  it('offers the order’s tests, named from the tenant’s list; an order without tests offers every test', () => {
    const tests = labTestsOf(config);
    expect(orderTests(['00000001', '00000009'], tests)).toEqual([
      { code: '00000001', display: 'Full Blood Count' },
      { code: '00000009', display: '00000009' },
    ]);
    expect(orderTests(null, tests)).toEqual(tests);
  });
});

describe('live state and times', () => {
  it('is live once the socket connected or delivered, reconnecting after an error', () => {
    expect(labLiveState(null, false)).toBe('connecting');
    expect(labLiveState('socket-data', false)).toBe('live');
    expect(labLiveState(null, true)).toBe('live');
    expect(labLiveState('socket-error', true)).toBe('reconnecting');
  });

  it('shows hospital time (Asia/Colombo)', () => {
    expect(labDateTime('2026-11-24T04:00:00.000Z')).toBe('2026-11-24 09:30');
    expect(labDateTime('not a time')).toBe('not a time');
  });
});

// The image refusals and size texts are @careline/domain/lab-reports' (result-rules.test.ts).
describe('report images (issue 11)', () => {
  it("reads each kind's blob id from the settings", () => {
    const settings = { headerImageBlobId: 'h', footerImageBlobId: null, signatureImageBlobId: 's' };
    expect([labImageBlobId(settings, 'header'), labImageBlobId(settings, 'footer'), labImageBlobId(settings, 'signature')]).toEqual(['h', null, 's']);
  });
});
