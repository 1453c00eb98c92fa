/**
 * The live channel of one appointment's video call (issue 13 Build 1 and 5): the communication's
 * changes and the signalling messages (SDP offer and answer, ICE candidates, hang-up, media state)
 * between the appointment's patient account and the staff member who placed the call. Published
 * through the app's pub/sub (in-process, or Redis across instances); the server relays messages and
 * never carries media. Every event names its recipients; subscribers keep only their own.
 */
import type { GraphQLContext } from '../../graphql/context.ts';

/** A signalling message's kind. */
export type CallSignalKind = 'offer' | 'answer' | 'candidate' | 'hangup' | 'media';

/** A signalling message as relayed. */
export type CallSignal = {
  kind: CallSignalKind;
  /** 'patient' or 'practitioner': who sent it. */
  from: 'patient' | 'practitioner';
  /** The room the call is in; a message of an older room is stale. */
  roomSid: string;
  /** The session description, for offer and answer. */
  sdp: string | null;
  /** The RTCIceCandidateInit as JSON, for candidate; null is the end of candidates. */
  candidate: string | null;
  /** The sender's camera and microphone, for media. */
  camera: boolean | null;
  microphone: boolean | null;
};

/** What is published on an appointment's call topic. */
export type CallLiveEvent = {
  appointmentId: string;
  /** The appointment's patient account: the only account a patient subscription delivers to. */
  accountId: string;
  /** The reference of the staff member who placed the current call (staff subscriptions compare theirs). */
  staffRef: string | null;
  /** Who receives it. */
  to: 'patient' | 'staff' | 'both';
  /** A changed communication (read fresh by each subscriber), or a signalling message. */
  communicationId: string | null;
  signal: CallSignal | null;
};

/**
 * The live topic of one appointment's call.
 * @param tenantId - the tenant
 * @param appointmentId - the appointment
 */
export function callTopic(tenantId: string, appointmentId: string): string {
  return `video-call:${tenantId}:${appointmentId}`;
}

/**
 * Publishes a call event after its change committed; a failed publish is logged and changes nothing.
 * @param ctx - publish and log
 * @param tenantId - the tenant
 * @param event - the event
 */
export async function publishCallEvent(
  ctx: { publish: GraphQLContext['publish']; log?: Pick<GraphQLContext['log'], 'warn'> },
  tenantId: string,
  event: CallLiveEvent,
): Promise<void> {
  try {
    await ctx.publish(callTopic(tenantId, event.appointmentId), event);
  } catch (error) {
    ctx.log?.warn({ err: error, appointmentId: event.appointmentId }, 'video call event not published');
  }
}

/**
 * Whether a published value is a call event of this module (the pub/sub carries anything).
 * @param value - what the subscription received
 */
export function isCallLiveEvent(value: unknown): value is CallLiveEvent {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const event = value as Partial<CallLiveEvent>;
  return (
    typeof event.appointmentId === 'string' &&
    typeof event.accountId === 'string' &&
    (event.to === 'patient' || event.to === 'staff' || event.to === 'both')
  );
}
