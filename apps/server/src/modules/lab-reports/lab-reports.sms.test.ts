import { describe, expect, it } from 'vitest';
import { labReportSmsFor } from './lab-reports.sms.ts';

// The report-ready SMS (issue 11): its text in the account's language, and when none is sent.

const report = {
  version: 1,
  codeDisplay: 'Full Blood Count',
  diagnosticReportSensitive: false,
  purpose: null,
  diagnosticReportOutsourcedType: null,
  serviceRequestId: null,
};
const person = { givenName: 'Kasun', familyName: 'Fernando', accountMobileNo: '94771234567', language: null };

describe('labReportSmsFor', () => {
  it("writes to the account's mobile in its language, English by default", () => {
    expect(labReportSmsFor(report, null, person, 'Careline')).toEqual({
      to: '94771234567',
      body: 'Careline: The Full Blood Count report of Kasun Fernando is ready. Open the app to see it.',
    });
    expect(labReportSmsFor(report, null, { ...person, language: 'si' }, 'Careline')?.body).toBe(
      'Careline: Kasun Fernando ගේ Full Blood Count වාර්තාව සූදානම්. එය බැලීමට යෙදුම විවෘත කරන්න.',
    );
    expect(labReportSmsFor(report, null, { ...person, language: 'ta' }, 'Careline')?.body).toContain('அறிக்கை தயாராக உள்ளது');
  });

  it('says a corrected version was corrected', () => {
    expect(labReportSmsFor({ ...report, version: 2 }, null, person, 'Careline')?.body).toBe(
      'Careline: The Full Blood Count report of Kasun Fernando was corrected. Open the app to see the latest version.',
    );
  });

  it('sends nothing for a report the app does not show, or without a profile', () => {
    expect(labReportSmsFor({ ...report, diagnosticReportSensitive: true }, null, person, 'Careline')).toBeNull();
    expect(labReportSmsFor({ ...report, purpose: 'Administration' }, null, person, 'Careline')).toBeNull();
    expect(labReportSmsFor({ ...report, diagnosticReportOutsourcedType: 'external' }, null, person, 'Careline')).toBeNull();
    expect(labReportSmsFor(report, null, undefined, 'Careline')).toBeNull();
  });

  it("leaves an order's first report to the order's own 'report ready' SMS, and says nothing for a sensitive or Administration order", () => {
    const ofOrder = { ...report, serviceRequestId: 'order-1' };
    const order = { sensitive: false, purpose: null };
    expect(labReportSmsFor(ofOrder, order, person, 'Careline')).toBeNull();
    expect(labReportSmsFor({ ...ofOrder, version: 2 }, order, person, 'Careline')?.body).toContain('was corrected');
    expect(labReportSmsFor({ ...ofOrder, version: 2 }, { sensitive: true, purpose: null }, person, 'Careline')).toBeNull();
    expect(labReportSmsFor({ ...ofOrder, version: 2 }, { sensitive: false, purpose: 'Administration' }, person, 'Careline')).toBeNull();
  });
});
