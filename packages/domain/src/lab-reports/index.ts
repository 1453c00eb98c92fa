/**
 * Lab reports and questionnaires, as pure rules and texts (issue 11; spec doc 3 §2 'Lab results
 * graph', 'Printable lab report', 'Questionnaire', §3 'Diagnostic report and related records',
 * 'Questionnaire response', §4, §5, §7, §9; doc 2 §2 and §7). Import from
 * '@careline/domain/lab-reports'.
 *
 * The records (./types.ts)
 * ------------------------
 * DiagnosticReport (code.coding.0, status, outsourced type, patientCreditStatus, summaryStatus
 * print_ready | report | issued, verified time, and our version fields seriesId and version),
 * DiagnosticReportCode with its SubDiagnosticReportCodes and result value type, Observation (one
 * sub-test's result: status, createdTime, valueString, valueQuantity with unit, reference range,
 * critical flag, parameterOrder, subTestClassification, microbiology category), PrintReport with
 * its results, Questionnaire (meta.display, questions of type text or checkBox) and
 * QuestionnaireResponse (basedOn, subject, author, items of question text and a string answer).
 *
 * The lab results graph (/resultsGraph/?patientId=…&code=…; ./trend.ts, ./report-access.ts)
 * ----------------------------------------------------------------------------------------
 *   observations ──final only──▶ one per report and sub-test ──┬─▶ trendChart: hidden when the
 *                                                            │   code is qualitative; points by
 *                                                            │   report date; y from min to max
 *                                                            └─▶ trendTable: the latest three
 *                                                                report dates, newest first; rows
 *                                                                by sub-test with units, grouped by
 *                                                                subTestClassification (UNCLASSIFIED)
 *                                                                in parameterOrder (./grouping.ts)
 * defaultSubTest picks the first plottable row; selectSubTest follows a row click. The reference
 * range reads 'low–high' or '<comparator> <value>' (./reference-range.ts). reportAccess holds the
 * outsourced rule ('Online view facility is not available') and the pending rule (Result disabled,
 * 'Payment is pending' in red); downloadButtons gives one 'Download <date time>' per viewable
 * report ('Do,(ddd) MMM YYYY hh:mm A'), all disabled while printing, 'Preparing your Report' on the
 * one generating.
 *
 * The printable report (./printable.ts)
 * -------------------------------------
 * printableReport lays out the data the PDF prints: the patient block, 'Self Request' when nobody
 * referred, the times, the test table (entered_in_error left out, critical values bold), the
 * antibiogram (antibiotics with an empty result skipped), the notes as plain text, the signature
 * or dash line with 'Medical Laboratory Technologist', 'End of Report', the RP mark when
 * summaryStatus is issued, the header and footer images, the file name '<report name>-<invoice id
 * or NOT-PAID>.pdf', the A4 page and the Sinhala and Tamil scripts whose fonts to embed.
 *
 * Questionnaires (./questionnaire.ts)
 * -----------------------------------
 * The title is meta.display; answers are kept by questionNumber (text, or the ticked options of a
 * checkBox question); Submit is disabled with no answer; buildQuestionnaireResponse makes the
 * createQuestionnaireResponse payload; showsQuestionnaireBanner is the appointment view's gate (the
 * questionnaireResponse flag, a questionnaire, no response yet, an open appointment).
 *
 * Versions (./versioning.ts)
 * --------------------------
 * A correction after issue creates an amended version (amendedReportVersion); every version is
 * kept; latestReportVersions picks the latest of each report and patientVisibleReports the latest
 * released one.
 *
 * Entering results (./result-rules.ts)
 * -------------------------------------
 * The limits of every field of a result, the notes, a correction's reason, the report images and
 * the results CSV file, and the checks the server refuses with (checkLabResults, checkLabNotes,
 * checkLabCorrectionReason, …; ARO-E7002 to ARO-E7005, E7018 to E7020) and the console uses before
 * sending (labImageRefusal): one place for both.
 *
 * Every text is in LAB_REPORT_TEXTS (quoted by the spec) and LAB_REPORT_LABELS (named, not quoted)
 * in ./texts.ts.
 */
export * from './types.ts';
export * from './texts.ts';
export * from './grouping.ts';
export * from './reference-range.ts';
export * from './trend.ts';
export * from './report-access.ts';
export * from './printable.ts';
export * from './result-flag.ts';
export * from './questionnaire.ts';
export * from './versioning.ts';
export * from './result-rules.ts';
export * from './trend-axes.ts';
