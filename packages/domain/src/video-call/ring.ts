/**
 * How long the incoming call card lives (issue 29 §2.7): exactly as long as the call rings. The
 * server answers it from the communication and its history (the source of truth, also after a
 * reload); the patient's app only shows it and asks again when the ring runs out.
 */
import { participantKind } from './history.ts';

/** A ring that nobody answers ends after this long (our choice: the spec gives no ring length). */
export const CALL_RING_TIMEOUT_MS = 60_000;

/** One line of the call history as the ring reads it (at: epoch ms). */
export type RingHistoryLine = { participantReference: string; participantStatus: string; at: number };

/** Whether the call rings now and, when it does, the instant (epoch ms) its ring runs out. */
export type CallRing = { ringing: boolean; endsAt: number | null };

const SILENT: CallRing = { ringing: false, endsAt: null };

/**
 * Whether the patient's phone rings for the appointment's call now. It rings from the practitioner's
 * Call until the practitioner hangs up (participantStatus no longer connected), a device of the
 * patient answers (a patient 'connected' after the Call: answered elsewhere), or
 * CALL_RING_TIMEOUT_MS pass without an answer. A patient who leaves the call (a patient
 * 'disconnected') makes it ring again for a rejoin, for the same time, while the practitioner is
 * still calling.
 * @param participantStatus - the communication's participantStatus (the calling side)
 * @param history - the communication's history, oldest first
 * @param now - the current time (epoch ms)
 */
export function callRing(
  participantStatus: string | null,
  history: readonly RingHistoryLine[],
  now: number,
): CallRing {
  if (participantStatus !== 'connected') {
    return SILENT;
  }
  let callAt = -1;
  for (let i = history.length - 1; i >= 0; i--) {
    const line = history[i];
    if (line && participantKind(line.participantReference) !== 'patient') {
      callAt = line.participantStatus === 'connected' ? i : -1;
      break;
    }
  }
  const call = history[callAt];
  if (!call) {
    return SILENT;
  }
  let ringSince = call.at;
  let answered = false;
  for (const line of history.slice(callAt + 1)) {
    if (participantKind(line.participantReference) !== 'patient') {
      continue;
    }
    if (line.participantStatus === 'connected') {
      answered = true;
    } else if (line.participantStatus === 'disconnected') {
      answered = false;
      ringSince = line.at;
    }
  }
  const endsAt = ringSince + CALL_RING_TIMEOUT_MS;
  return answered || now >= endsAt ? SILENT : { ringing: true, endsAt };
}
