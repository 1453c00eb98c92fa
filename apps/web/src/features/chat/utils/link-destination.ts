import { signInLinkDestination } from '@careline/domain/auth';
import type { LinkTarget } from '../../../lib/sign-in/sign-in-documents.ts';

/**
 * Where a verified sign-in link goes (spec doc 1 §4): /view/appointment?sessionId=…&appointmentId=…
 * or /order/view?orderId=…; null when the server's target names neither.
 * @param target - the target the server verified
 */
export function linkDestination(target: LinkTarget): string | null {
  if (target.kind === 'order' && target.orderId) {
    return signInLinkDestination({ kind: 'order', mobileNo: target.mobileNo, orderId: target.orderId });
  }
  if (target.kind === 'appointment' && target.sessionId && target.appointmentId) {
    return signInLinkDestination({
      kind: 'appointment',
      mobileNo: target.mobileNo,
      patientIndex: target.patientIndex ?? 0,
      sessionId: target.sessionId,
      appointmentId: target.appointmentId,
    });
  }
  return null;
}
