import type { CyberSourceSettings, HttpRequester } from './gateway.ts';
import { restKeysMissing, restPost } from './cybersource-rest.ts';

/*
 * CyberSource's Transaction Search (REST POST {restBaseUrl}/tss/v2/searches, HTTP Signature): what
 * the gateway holds for one of our references, asked when a payment's answer never came back
 * (issue 29 §2: a patient who left the bank's page without an answer).
 */

/** One application of a transaction summary: ics_auth (authorise), ics_bill (capture), ics_pa_* (3-D Secure). */
type SearchApplication = { name?: string; rCode?: string; rFlag?: string; reasonCode?: string };

/** A transaction summary as the search answers it (the fields read here). */
type TransactionSummary = {
  id?: string;
  submitTimeUtc?: string;
  applicationInformation?: {
    rCode?: string;
    reasonCode?: string;
    applications?: SearchApplication[];
  };
  clientReferenceInformation?: { code?: string };
};

type SearchAnswer = {
  searchId?: string;
  totalCount?: number;
  _embedded?: { transactionSummaries?: TransactionSummary[] };
};

/**
 * What the gateway holds for a reference: nothing that moved money (no transaction, or only declined,
 * failed or 3-D Secure ones), an authorisation not captured (held for review), a capture, or
 * unknown when the gateway could not be asked or answered something else.
 */
export type TransactionSearch =
  | { found: 'nothing' }
  | { found: 'authorised' | 'captured'; transactionIds: string[] }
  | { found: 'unknown'; reason: string };

/** The applications that move money; Payer Authentication's (ics_pa_enroll, ics_pa_validate) do not. */
const AUTHORISE = 'ics_auth';
const CAPTURE = 'ics_bill';
/** rCode of an application that succeeded. */
const SUCCEEDED = '1';

/** What one summary did: captured, authorised only, or nothing that moved money. */
function summaryFound(summary: TransactionSummary): 'captured' | 'authorised' | 'nothing' {
  const applications = summary.applicationInformation?.applications ?? [];
  const moneyApplications = applications.filter(
    (app) => app.name === AUTHORISE || app.name === CAPTURE,
  );
  if (applications.length === 0) {
    // A summary that names no application is read by its overall result, cautiously.
    return summary.applicationInformation?.rCode === SUCCEEDED ? 'authorised' : 'nothing';
  }
  if (moneyApplications.some((app) => app.name === CAPTURE && app.rCode === SUCCEEDED)) {
    return 'captured';
  }
  return moneyApplications.some((app) => app.rCode === SUCCEEDED) ? 'authorised' : 'nothing';
}

/**
 * Asks the gateway for every transaction of a reference (Transaction Search, query
 * clientReferenceInformation.code:{reference}). Never throws: a network failure, missing REST keys
 * or an unexpected answer is 'unknown', and the caller must then assume money may have moved.
 * @param http - the gateway HTTP requester (providers.gatewayHttp)
 * @param settings - the CyberSource settings of the merchant that took the payment
 * @param referenceNumber - our reference (reference_number, clientReferenceInformation.code)
 */
export async function searchTransactions(
  http: HttpRequester,
  settings: CyberSourceSettings,
  referenceNumber: string,
): Promise<TransactionSearch> {
  if (restKeysMissing(settings)) {
    return { found: 'unknown', reason: 'The gateway REST keys are not configured' };
  }
  if (!/^[A-Za-z0-9_.:-]{1,100}$/.test(referenceNumber)) {
    return { found: 'unknown', reason: 'The reference cannot be searched for' };
  }
  let result: { status: number; answer: Partial<SearchAnswer> };
  try {
    result = await restPost<SearchAnswer>(http, settings, '/tss/v2/searches', {
      save: false,
      name: `reference ${referenceNumber}`,
      timezone: 'UTC',
      query: `clientReferenceInformation.code:${referenceNumber}`,
      offset: 0,
      limit: 100,
      sort: 'id:asc,submitTimeUtc:asc',
    });
  } catch (error) {
    return {
      found: 'unknown',
      reason: error instanceof Error ? error.message : 'No answer from the gateway',
    };
  }
  const summaries = result.answer._embedded?.transactionSummaries;
  if (
    (result.status !== 201 && result.status !== 200) ||
    (summaries === undefined && result.answer.totalCount !== 0)
  ) {
    return { found: 'unknown', reason: `Gateway answered HTTP ${result.status}` };
  }
  const ours = (summaries ?? []).filter(
    (summary) => (summary.clientReferenceInformation?.code ?? referenceNumber) === referenceNumber,
  );
  const found = ours.map((summary) => ({ id: summary.id ?? '', found: summaryFound(summary) }));
  for (const kind of ['captured', 'authorised'] as const) {
    if (found.some((entry) => entry.found === kind)) {
      return {
        found: kind,
        transactionIds: found.filter((entry) => entry.found !== 'nothing').map((entry) => entry.id),
      };
    }
  }
  return { found: 'nothing' };
}
