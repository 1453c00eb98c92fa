import { OUTSOURCED_TYPE } from '@careline/domain/lab-reports';
import { renderMessage } from '@careline/i18n/server';
import type { OrderPatientRow } from '../orders/index.ts';
import type { DiagnosticReportRow } from './lab-reports.repo.ts';

/** One report-ready SMS to send: the account's mobile and the rendered body. */
export type LabReportSms = { to: string; body: string };

/**
 * The SMS telling the patient's account that a report was issued (issue 11: "an SMS says the report
 * is ready, where the patient opted in"), tenant-branded, in the account's language (the catalogues'
 * sms.labReport.* texts): 'ready' for a first version, 'amended' for a correction.
 *
 * There is no per-account SMS preference yet, so the rule is the orders' (staff-orders.service
 * orderSmsFor): the account's mobile gets the notice the patient would want. None is sent for a
 * report the patient's app does not list (sensitive, purpose Administration, the report's own or its
 * order's) or cannot show online (outsourced, spec doc 3 §2 'Online view facility is not available').
 * The first version of an order's report is announced by the order's own 'report ready' SMS when staff
 * move the order (staff-orders.service orderSmsFor): one SMS per event, so none here; a correction of
 * it has no order step, so it is sent here.
 * @param row - the issued version
 * @param order - the report's order (sensitive, purpose), or null for a report entered at the desk
 * @param person - the report's profile with its account's mobile and language
 * @param brand - the tenant's hospital name
 * @returns the SMS, or null when none is sent
 */
export function labReportSmsFor(
  row: Pick<
    DiagnosticReportRow,
    | 'version'
    | 'codeDisplay'
    | 'diagnosticReportSensitive'
    | 'purpose'
    | 'diagnosticReportOutsourcedType'
    | 'serviceRequestId'
  >,
  order: { sensitive: boolean; purpose: string | null } | null,
  person: Pick<OrderPatientRow, 'givenName' | 'familyName' | 'accountMobileNo' | 'language'> | undefined,
  brand: string,
): LabReportSms | null {
  if (
    !person ||
    row.diagnosticReportSensitive ||
    row.purpose === 'Administration' ||
    row.diagnosticReportOutsourcedType === OUTSOURCED_TYPE ||
    order?.sensitive === true ||
    order?.purpose === 'Administration' ||
    (row.serviceRequestId !== null && row.version <= 1)
  ) {
    return null;
  }
  const patient = [person.givenName, person.familyName]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
  const body = renderMessage(
    person.language,
    row.version > 1 ? 'sms.labReport.amended' : 'sms.labReport.ready',
    { hospital: brand, test: row.codeDisplay, patient },
  );
  return { to: person.accountMobileNo, body };
}
