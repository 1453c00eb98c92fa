import { toMinor } from '@careline/domain/payments';
import type { FastifyInstance } from 'fastify';
import { AMOUNT, invalid, newTransactionId, signedDateTime, unauthorised } from './cybersource-sandbox.protocol.ts';
import { restProfile } from './cybersource-sandbox.rest-auth.ts';
import type { CyberSourceSandbox } from './cybersource-sandbox.state.ts';

/**
 * The REST API's refund of (part of) a captured payment: POST /pts/v2/payments/:id/refunds.
 * @param scope - the sandbox's route scope
 * @param sandbox - the sandbox
 */
export function registerSandboxRefundRoutes(scope: FastifyInstance, sandbox: CyberSourceSandbox): void {
  // REST: refund (part of) a captured payment, never more than was captured.
  scope.post<{ Params: { id: string } }>(
    '/pts/v2/payments/:id/refunds',
    async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const profile = restProfile(sandbox, request, raw);
      if (!profile) {
        return unauthorised(reply);
      }
      let sent: {
        clientReferenceInformation?: { code?: unknown };
        orderInformation?: { amountDetails?: { totalAmount?: unknown; currency?: unknown } };
      };
      try {
        sent = JSON.parse(raw) as typeof sent;
      } catch {
        return invalid(reply, 'INVALID_DATA', 'Declined - The request is not valid JSON');
      }
      const payment = sandbox.state.captured.get(request.params.id);
      if (!payment || payment.merchantId !== profile.merchantId) {
        return invalid(
          reply,
          'INVALID_DATA',
          'Declined - The original transaction was not found',
        );
      }
      const amount = sent?.orderInformation?.amountDetails?.totalAmount;
      const currency = sent?.orderInformation?.amountDetails?.currency;
      if (
        typeof amount !== 'string' ||
        !AMOUNT.test(amount) ||
        toMinor(amount) <= 0 ||
        currency !== payment.currency
      ) {
        return invalid(
          reply,
          'INVALID_DATA',
          'Declined - One or more fields in the request contains invalid data',
        );
      }
      const minor = toMinor(amount);
      if (payment.refundedMinor + minor > payment.capturedMinor) {
        return invalid(
          reply,
          'INVALID_AMOUNT',
          'Declined - The refund amount exceeds the amount captured',
        );
      }
      payment.refundedMinor += minor;
      const code = sent?.clientReferenceInformation?.code;
      return reply.code(201).send({
        id: newTransactionId(),
        submitTimeUtc: signedDateTime(new Date()),
        status: 'PENDING',
        clientReferenceInformation: { code: typeof code === 'string' ? code : '' },
        refundAmountDetails: { refundAmount: amount, currency },
      });
    },
  );
}
