import { describe, expect, it } from 'vitest';
import { REQUEST_STATE } from '../shell/request-state.ts';
import {
  LAB_REPORT_DOWNLOAD_DATE_FORMAT,
  downloadButtonLabel,
  downloadButtons,
  formatReportDateTime,
  headerGender,
  isCreditPending,
  isOutsourcedReport,
  reportAccess,
  reportDate,
} from './report-access.ts';
import type { DiagnosticReport } from './types.ts';

function report(overrides: Partial<DiagnosticReport> = {}): DiagnosticReport {
  return {
    id: 'r1',
    code: { coding: [{ code: '00000001', display: 'Full Blood Count' }] },
    status: 'final',
    summaryStatus: 'issued',
    diagnosticReportVerifiedTime: '2026-11-24T11:15:00Z',
    ...overrides,
  };
}

describe('the outsourced and pending rules (spec doc 3 §2, §8)', () => {
  it.each([
    ['external', true],
    [null, false],
    ['internal', false],
    ['External', false],
  ])('diagnosticReportOutsourcedType %s → outsourced %s', (type, outsourced) => {
    expect(isOutsourcedReport({ diagnosticReportOutsourcedType: type })).toBe(outsourced);
  });

  it.each([
    ['pending', true],
    ['paid', false],
    [null, false],
  ])('patientCreditStatus %s → pending %s', (status, pending) => {
    expect(isCreditPending({ patientCreditStatus: status })).toBe(pending);
  });

  it.each([
    [
      {},
      {
        resultEnabled: true,
        viewable: true,
        outsourcedMessage: null,
        paymentPendingMessage: null,
        paymentPendingTone: null,
      },
    ],
    [
      { diagnosticReportOutsourcedType: 'external' },
      {
        resultEnabled: true,
        viewable: false,
        outsourcedMessage: 'Online view facility is not available',
        paymentPendingMessage: null,
        paymentPendingTone: null,
      },
    ],
    [
      { patientCreditStatus: 'pending' },
      {
        resultEnabled: false,
        viewable: false,
        outsourcedMessage: null,
        paymentPendingMessage: 'Payment is pending',
        paymentPendingTone: 'red',
      },
    ],
    [
      { diagnosticReportOutsourcedType: 'external', patientCreditStatus: 'pending' },
      {
        resultEnabled: false,
        viewable: false,
        outsourcedMessage: 'Online view facility is not available',
        paymentPendingMessage: 'Payment is pending',
        paymentPendingTone: 'red',
      },
    ],
  ])('%j → %j', (fields, access) => {
    expect(reportAccess(fields)).toEqual(access);
  });
});

describe("'Download <date time>' (spec doc 3 §2)", () => {
  it('uses the spec date-time format Do,(ddd) MMM YYYY hh:mm A', () => {
    expect(LAB_REPORT_DOWNLOAD_DATE_FORMAT).toBe('Do,(ddd) MMM YYYY hh:mm A');
  });

  it.each([
    ['2026-11-24T11:15:00Z', 'Asia/Colombo', '24th,(Tue) Nov 2026 04:45 PM'],
    ['2026-11-01T02:05:00+05:30', 'Asia/Colombo', '1st,(Sun) Nov 2026 02:05 AM'],
    ['2026-11-22T18:30:00Z', 'Asia/Colombo', '23rd,(Mon) Nov 2026 12:00 AM'],
    ['2026-11-12T06:30:00Z', 'Asia/Colombo', '12th,(Thu) Nov 2026 12:00 PM'],
    ['2026-11-02T12:00:00Z', 'UTC', '2nd,(Mon) Nov 2026 12:00 PM'],
    ['2026-11-21T00:00:00Z', 'UTC', '21st,(Sat) Nov 2026 12:00 AM'],
  ])('%s in %s reads %s', (iso, zone, text) => {
    expect(formatReportDateTime(iso, zone)).toBe(text);
  });

  it('defaults to the hospital zone, Asia/Colombo', () => {
    expect(formatReportDateTime('2026-11-24T11:15:00Z')).toBe('24th,(Tue) Nov 2026 04:45 PM');
  });

  it.each([null, undefined, '', 'not a date'])('gives null for %j', (iso) => {
    expect(formatReportDateTime(iso)).toBeNull();
  });

  it('labels the button', () => {
    expect(downloadButtonLabel('2026-11-24T11:15:00Z')).toBe(
      'Download 24th,(Tue) Nov 2026 04:45 PM',
    );
    expect(downloadButtonLabel(null)).toBe('Download');
  });

  it('dates a report by its verified time, else its created time', () => {
    expect(reportDate({ diagnosticReportVerifiedTime: 'v', createdTime: 'c' })).toBe('v');
    expect(reportDate({ createdTime: 'c' })).toBe('c');
    expect(reportDate({})).toBeNull();
  });
});

describe('the download buttons (spec doc 3 §2, §4, §5)', () => {
  const reports = [
    report({ id: 'old', diagnosticReportVerifiedTime: '2026-10-05T03:00:00Z' }),
    report({ id: 'new', diagnosticReportVerifiedTime: '2026-11-24T11:15:00Z' }),
    report({ id: 'outsourced', diagnosticReportOutsourcedType: 'external' }),
    report({ id: 'unpaid', patientCreditStatus: 'pending' }),
    report({ id: 'undated', diagnosticReportVerifiedTime: null }),
  ];

  it('gives one button per viewable report, newest first, enabled when idle', () => {
    expect(downloadButtons(reports, { reportId: null, state: REQUEST_STATE.IDLE })).toEqual([
      { reportId: 'new', label: 'Download 24th,(Tue) Nov 2026 04:45 PM', disabled: false },
      { reportId: 'old', label: 'Download 5th,(Mon) Oct 2026 08:30 AM', disabled: false },
      { reportId: 'undated', label: 'Download', disabled: false },
    ]);
  });

  it("disables every button while printing, and shows 'Preparing your Report' on the one generating", () => {
    expect(downloadButtons(reports, { reportId: 'old', state: REQUEST_STATE.PENDING })).toEqual([
      { reportId: 'new', label: 'Download 24th,(Tue) Nov 2026 04:45 PM', disabled: true },
      { reportId: 'old', label: 'Preparing your Report', disabled: true },
      { reportId: 'undated', label: 'Download', disabled: true },
    ]);
  });

  it.each([REQUEST_STATE.DONE, REQUEST_STATE.FAILED])(
    'enables them again after state %s',
    (state) => {
      const buttons = downloadButtons(reports, { reportId: 'old', state });
      expect(buttons.every((button) => !button.disabled)).toBe(true);
      expect(buttons.map((button) => button.label)).not.toContain('Preparing your Report');
    },
  );
});

describe('the patient header gender (spec doc 3 §2: M or F)', () => {
  it.each([
    ['male', 'M'],
    ['female', 'F'],
    ['Male', 'M'],
    ['F', 'F'],
    ['other', null],
    [null, null],
  ])('%s → %s', (gender, shown) => {
    expect(headerGender(gender)).toBe(shown);
  });
});
