import { describe, expect, it } from 'vitest';
import {
  amendedReportVersion,
  correctionNeedsNewVersion,
  isReleasedReport,
  latestReportVersions,
  patientVisibleReports,
  releasedReportStatus,
  reportHistory,
  reportSeriesId,
  reportVersion,
} from './versioning.ts';
import type { DiagnosticReport } from './types.ts';

function report(id: string, overrides: Partial<DiagnosticReport> = {}): DiagnosticReport {
  return {
    id,
    code: { coding: [{ code: '00000001', display: 'Full Blood Count' }] },
    status: 'final',
    summaryStatus: 'issued',
    createdTime: '2026-11-20T08:00:00Z',
    ...overrides,
  };
}

describe('series and versions', () => {
  it('a first version is its own series, version 1', () => {
    expect(reportSeriesId(report('r1'))).toBe('r1');
    expect(reportVersion(report('r1'))).toBe(1);
    expect(reportSeriesId(report('r1b', { seriesId: 'r1', version: 2 }))).toBe('r1');
    expect(reportVersion(report('r1b', { seriesId: 'r1', version: 2 }))).toBe(2);
  });

  it.each([
    ['issued', true],
    ['print_ready', false],
    ['report', false],
    [null, false],
  ])('a correction with summaryStatus %s makes a new version: %s', (summaryStatus, versioned) => {
    expect(correctionNeedsNewVersion({ summaryStatus })).toBe(versioned);
  });

  it.each([
    ['final', true],
    ['amended', true],
    ['corrected', true],
    ['appended', true],
    ['preliminary', false],
    ['registered', false],
    ['partial', false],
    ['cancelled', false],
    ['entered_in_error', false],
  ])('status %s is released: %s', (status, released) => {
    expect(isReleasedReport({ status })).toBe(released);
  });
});

describe('a correction after issue (issue 11)', () => {
  const issued = report('r1', { diagnosticReportVerifiedTime: '2026-11-20T10:00:00Z' });
  const draft = amendedReportVersion(issued, 'r1-v2', '2026-11-21T09:00:00Z');

  it('starts a new version and leaves the issued one as it was', () => {
    expect(draft).toEqual({
      ...issued,
      id: 'r1-v2',
      seriesId: 'r1',
      version: 2,
      status: 'preliminary',
      summaryStatus: null,
      diagnosticReportVerifiedTime: null,
      createdTime: '2026-11-21T09:00:00Z',
    });
    expect(issued).toEqual(report('r1', { diagnosticReportVerifiedTime: '2026-11-20T10:00:00Z' }));
    expect(amendedReportVersion(draft, 'r1-v3', '2026-11-22T09:00:00Z')).toMatchObject({
      seriesId: 'r1',
      version: 3,
    });
  });

  it('is released as amended; a first release is final', () => {
    expect(releasedReportStatus(draft)).toBe('amended');
    expect(releasedReportStatus(issued)).toBe('final');
  });

  it('keeps the issued version in front of the patient until the correction is released', () => {
    expect(patientVisibleReports([issued, draft]).map((r) => r.id)).toEqual(['r1']);
    const released = { ...draft, status: releasedReportStatus(draft), summaryStatus: 'issued' };
    expect(patientVisibleReports([issued, released]).map((r) => r.id)).toEqual(['r1-v2']);
  });
});

describe('latestReportVersions (the patient sees the latest, the history is kept)', () => {
  const history = [
    report('a', { createdTime: '2026-11-01T00:00:00Z' }),
    report('b'),
    report('a3', { seriesId: 'a', version: 3, status: 'amended' }),
    report('a2', { seriesId: 'a', version: 2, status: 'amended' }),
    report('c', { status: 'preliminary', summaryStatus: null }),
  ];

  it('picks the highest version of each report, in first-seen order', () => {
    expect(latestReportVersions(history).map((r) => r.id)).toEqual(['a3', 'b', 'c']);
  });

  it('shows the patient released reports only', () => {
    expect(patientVisibleReports(history).map((r) => r.id)).toEqual(['a3', 'b']);
  });

  it('breaks a tie on version by the later created time', () => {
    const tie = [
      report('x2', { seriesId: 'x', version: 2, createdTime: '2026-11-02T00:00:00Z' }),
      report('x2b', { seriesId: 'x', version: 2, createdTime: '2026-11-03T00:00:00Z' }),
    ];
    expect(latestReportVersions(tie).map((r) => r.id)).toEqual(['x2b']);
  });

  it('lists a report history oldest first, every version kept', () => {
    expect(reportHistory(history, 'a').map((r) => r.id)).toEqual(['a', 'a2', 'a3']);
    expect(reportHistory(history, 'b').map((r) => r.id)).toEqual(['b']);
    expect(reportHistory(history, 'none')).toEqual([]);
  });

  it('gives nothing for no reports', () => {
    expect(latestReportVersions([])).toEqual([]);
  });
});
