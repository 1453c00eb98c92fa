import { describe, expect, it } from 'vitest';
import { LAB_REPORT_LABELS, LAB_REPORT_TEXTS, fillLabReportText } from './texts.ts';

describe('lab report and questionnaire texts (spec doc 3 §2, §8; doc 2 §8), character for character', () => {
  it.each([
    ['loadingReport', 'Please wait, We are loading your Report'],
    ['download', 'Download {dateTime}'],
    ['preparingReport', 'Preparing your Report'],
    ['onlineViewNotAvailable', 'Online view facility is not available'],
    ['paymentPending', 'Payment is pending'],
    ['selfRequest', 'Self Request'],
    ['medicalLaboratoryTechnologist', 'Medical Laboratory Technologist'],
    ['endOfReport', 'End of Report'],
    ['rpMark', 'RP'],
    [
      'reportImagesFailed',
      'Unable to generate your report with footer/header/signature. Please contact hospital for help',
    ],
    [
      'reportDataFailed',
      'Unable to load some data to generate your report. Please contact hospital for help',
    ],
    ['questionnaireSubmitted', 'Questionnaire Successfully Submitted'],
  ] as const)('%s is %j', (key, text) => {
    expect(LAB_REPORT_TEXTS[key]).toBe(text);
  });

  it('holds exactly those texts', () => {
    expect(Object.keys(LAB_REPORT_TEXTS)).toHaveLength(12);
  });

  it('fills the download placeholder', () => {
    expect(fillLabReportText('download', { dateTime: '24th,(Tue) Nov 2026 04:45 PM' })).toBe(
      'Download 24th,(Tue) Nov 2026 04:45 PM',
    );
    expect(fillLabReportText('download')).toBe('Download {dateTime}');
    expect(fillLabReportText('endOfReport', { dateTime: 'x' })).toBe('End of Report');
  });

  it('labels the spec names but does not quote: the Result button and Submit', () => {
    expect(LAB_REPORT_LABELS.result).toBe('Result');
    expect(LAB_REPORT_LABELS.submit).toBe('Submit');
    expect(LAB_REPORT_LABELS.nicPassport).toBe('NIC/Passport');
  });
});
