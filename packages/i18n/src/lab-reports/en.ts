/**
 * The patient app's lab report texts (spec doc 3 §2 'Lab results graph', 'Printable lab report', §8),
 * a separate catalogue loaded with the lab report screens so that /login does not carry them. Keys
 * 'labReports.text.<key>' are LAB_REPORT_TEXTS of @careline/domain/lab-reports character for
 * character (those the patient app shows); 'labReports.label.*' are LAB_REPORT_LABELS'; 'labReports.ui.*'
 * are the words around them (headings, accessible names, states). After editing run
 * `npm run i18n:compile`.
 */
export const labReportsEn = {
  // The spec's own texts (LAB_REPORT_TEXTS in @careline/domain/lab-reports).
  'labReports.text.loadingReport': 'Please wait, We are loading your Report',
  'labReports.text.download': 'Download {dateTime}',
  'labReports.text.preparingReport': 'Preparing your Report',
  'labReports.text.onlineViewNotAvailable': 'Online view facility is not available',
  'labReports.text.paymentPending': 'Payment is pending',
  'labReports.text.reportDataFailed':
    'Unable to load some data to generate your report. Please contact hospital for help',
  // spec doc 3 §2, §8 (the list's states are the order lists' texts, repeated for this catalogue).
  'labReports.text.loadFailed': 'There is a problem loading your Lab Tests',
  'labReports.text.empty': "We didn't find any Lab Tests of you",

  // Labels the spec names (LAB_REPORT_LABELS).
  'labReports.label.result': 'Result',
  'labReports.label.unit': 'Unit',
  'labReports.label.referenceRange': 'Reference Range',
  'labReports.label.testName': 'Test',

  // Ours: the words around the spec's texts.
  'labReports.ui.title': 'Lab results',
  'labReports.ui.back': 'Back to Lab Tests',
  'labReports.ui.patient': 'Patient',
  'labReports.ui.birthDate': 'Birth date',
  'labReports.ui.gender': 'Gender',
  'labReports.ui.mobile': 'Mobile',
  'labReports.ui.downloads': 'Reports',
  'labReports.ui.downloadHint': 'Each report downloads as a PDF.',
  'labReports.ui.chartTitle': 'Trend of {subTest}',
  'labReports.ui.chartLabel':
    'Line chart of {subTest} across report dates, from {min} to {max}. The values are in the table below.',
  'labReports.ui.chartHiddenQualitative':
    'The results of this test are words, not numbers, so there is no chart.',
  'labReports.ui.chartNoValues': 'There are no numbers to chart for {subTest}.',
  'labReports.ui.chartLoading': 'Loading the chart…',
  'labReports.ui.tableTitle': 'Latest results',
  'labReports.ui.tableHint': 'Choose a test to see its trend.',
  'labReports.ui.selected': 'Shown in the chart',
  'labReports.ui.unclassified': 'Unclassified',
  'labReports.ui.critical': 'Critical',
  'labReports.ui.noValue': 'No result',
  'labReports.ui.notViewable': 'Not shown online',
  'labReports.ui.tryAgain': 'Try again',
  'labReports.ui.listTitle': 'Test results',
  'labReports.ui.reportedAt': 'Reported {dateTime}',
  'labReports.ui.resultFor': 'Result of {test} for {name}',
  'labReports.ui.listLoading': 'Loading test results',
} as const;

/** A key of the lab report catalogue. */
export type LabReportsMessageId = keyof typeof labReportsEn;
