import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { invalid, signedDateTime, unauthorised } from './cybersource-sandbox.protocol.ts';
import { restProfile } from './cybersource-sandbox.rest-auth.ts';
import type { CyberSourceSandbox, SandboxTransaction } from './cybersource-sandbox.state.ts';

/** The one query the sandbox's search understands: every transaction of a merchant reference. */
const REFERENCE_QUERY = /^clientReferenceInformation\.code:"?([A-Za-z0-9_.:-]{1,100})"?$/;

/** The most summaries one search answers (the real API's limit is larger; ours is never reached). */
const SEARCH_LIMIT = 100;

const summaryOf = (transaction: SandboxTransaction) => ({
  id: transaction.id,
  submitTimeUtc: transaction.submitTimeUtc,
  merchantId: transaction.merchantId,
  applicationInformation: {
    reasonCode: transaction.reasonCode,
    rCode: transaction.applications[0]?.rCode ?? '-1',
    applications: transaction.applications.map((application) => ({
      name: application.name,
      reasonCode: application.reasonCode,
      rCode: application.rCode,
      rFlag: application.rCode === '1' ? 'SOK' : application.rCode === '0' ? 'DECLINE' : 'ESYSTEM',
    })),
  },
  clientReferenceInformation: { code: transaction.reference },
  orderInformation: {
    amountDetails: { totalAmount: transaction.amount, currency: transaction.currency },
  },
});

/**
 * Transaction Search (issue 29 §2), as CyberSource's REST API answers it: POST /tss/v2/searches with
 * the query clientReferenceInformation.code:{reference}, HTTP Signature auth, answers 201 with the
 * merchant's transactions of that reference (_embedded.transactionSummaries), oldest first.
 * @param scope - the sandbox's route scope
 * @param sandbox - the sandbox
 */
export function registerSandboxSearchRoutes(
  scope: FastifyInstance,
  sandbox: CyberSourceSandbox,
): void {
  scope.post('/tss/v2/searches', async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const profile = restProfile(sandbox, request, raw);
    if (!profile) {
      return unauthorised(reply);
    }
    let sent: { query?: unknown; name?: unknown; timezone?: unknown; save?: unknown };
    try {
      sent = JSON.parse(raw) as typeof sent;
    } catch {
      return invalid(reply, 'INVALID_DATA', 'Declined - The request is not valid JSON');
    }
    const query = typeof sent?.query === 'string' ? sent.query.trim() : '';
    const reference = REFERENCE_QUERY.exec(query)?.[1];
    if (!reference) {
      return invalid(
        reply,
        'INVALID_DATA',
        'Declined - The sandbox searches by clientReferenceInformation.code only',
      );
    }
    const found = [...sandbox.state.transactions.values()]
      .filter(
        (transaction) =>
          transaction.merchantId === profile.merchantId && transaction.reference === reference,
      )
      .slice(0, SEARCH_LIMIT);
    return reply.code(201).send({
      searchId: randomUUID(),
      save: sent.save === true,
      name: typeof sent.name === 'string' ? sent.name : '',
      timezone: typeof sent.timezone === 'string' ? sent.timezone : 'UTC',
      query,
      offset: 0,
      limit: SEARCH_LIMIT,
      sort: 'id:asc,submitTimeUtc:asc',
      count: found.length,
      totalCount: found.length,
      submitTimeUtc: signedDateTime(new Date()),
      _embedded: { transactionSummaries: found.map(summaryOf) },
    });
  });
}
