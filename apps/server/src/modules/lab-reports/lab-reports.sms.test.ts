import { describe, expect, it } from 'vitest';
import { labReportSmsFor } from './lab-reports.sms.ts';

// The report-ready SMS (issue 11): its text in the account's language, and when none is sent.

const report = {
  version: 1,
  codeDisplay: 'Full Blood Count',
  diagnosticReportSensitive: false,
  purpose: null,
  diagnosticReportOutsourcedType: null,
};
const person = { givenName: 'Kasun', familyName: 'Fernando', accountMobileNo: '94771234567', language: null };

describe('labReportSmsFor', () => {
  it("writes to the account's mobile in its language, English by default", () => {
    expect(labReportSmsFor(report, person, 'Careline')).toEqual({
      to: '94771234567',
      body: 'Careline: The Full Blood Count report of Kasun Fernando is ready. Open the app to see it.',
    });
    expect(labReportSmsFor(report, { ...person, language: 'si' }, 'Careline')?.body).toBe(
      'Careline: Kasun Fernando ගේ Full Blood Count වාර්තාව සූදානම්. එය බැලීමට යෙදුම විවෘත කරන්න.',
    );
    expect(labReportSmsFor(report, { ...person, language: 'ta' }, 'Careline')?.body).toContain('அறிக்கை தயாராக உள்ளது');
  });

  it('says a corrected version was corrected', () => {
    expect(labReportSmsFor({ ...report, version: 2 }, person, 'Careline')?.body).toBe(
      'Careline: The Full Blood Count report of Kasun Fernando was corrected. Open the app to see the latest version.',
    );
  });

  it('sends nothing for a report the app does not show, or without a profile', () => {
    expect(labReportSmsFor({ ...report, diagnosticReportSensitive: true }, person, 'Careline')).toBeNull();
    expect(labReportSmsFor({ ...report, purpose: 'Administration' }, person, 'Careline')).toBeNull();
    expect(labReportSmsFor({ ...report, diagnosticReportOutsourcedType: 'external' }, person, 'Careline')).toBeNull();
    expect(labReportSmsFor(report, undefined, 'Careline')).toBeNull();
  });
});
