/**
 * The conversation a patient expects to see again (issue 29 §12): what of the chat's stream is kept
 * on the device and read back after a reload. Pure: the web app tags its lines and applies it.
 */

/**
 * What a line is to the kept conversation: 'sign-in' (the number and code prompts, the number and
 * code typed, their failures and the SMS delay notice), 'registration-prompt' ("I couldn't find a
 * profile for this number", and a failed read of the profile just made), 'finish' (a flow's result:
 * 'Your appointment is booked.' and its card, 'Your request send to hospital'). Others have none.
 */
export type ChatLineRole = 'sign-in' | 'registration-prompt' | 'finish';

/** The roles a kept line may carry (for reading a kept record back). */
export const CHAT_LINE_ROLES: readonly ChatLineRole[] = ['sign-in', 'registration-prompt', 'finish'];

/**
 * A line as the rule reads it: its role, its flow (each choice on the service-type menu starts the
 * next flow, and a visit that greets again does too; 0 or none is the first greeting's) and who said
 * it. A flow where the patient said nothing (once the sign-in is gone) is a welcome: the greeting,
 * the upcoming events and the menu's question.
 */
export type ChatLine = { role?: ChatLineRole; flow?: number; author?: string };

/**
 * The lines to keep, in order:
 * - sign-in lines go (the conversation is kept only for a signed-in account: they are resolved);
 * - the registration prompt goes (kept only once the account has a profile);
 * - the latest flow is kept whole (the patient may be in the middle of it), and so is the last
 *   welcome (the visit's greeting and upcoming events); earlier welcomes go;
 * - an earlier flow that finished is kept up to its last 'finish' line (the steps, the patient's
 *   answers and the result; the upcoming list and menu prompt said after it are the next visit's);
 * - an earlier flow that never finished (abandoned for another) goes;
 * - at most `max` lines, the newest.
 * @param lines - the stream, oldest first
 * @param max - the most lines kept
 */
export function chatConversationToKeep<T extends ChatLine>(lines: readonly T[], max: number): T[] {
  const kept = lines.filter((line) => line.role !== 'sign-in' && line.role !== 'registration-prompt');
  const flowOf = (line: T) => line.flow ?? 0;
  const latest = kept.reduce((highest, line) => Math.max(highest, flowOf(line)), 0);
  const lastFinish = new Map<number, number>();
  kept.forEach((line, index) => {
    if (line.role === 'finish') {
      lastFinish.set(flowOf(line), index);
    }
  });
  const spoken = new Set(kept.filter((line) => line.author === 'patient').map(flowOf));
  const welcomes = kept.map(flowOf).filter((flow) => !spoken.has(flow));
  const lastWelcome = welcomes.length > 0 ? Math.max(...welcomes) : null;
  const result = kept.filter((line, index) => {
    const flow = flowOf(line);
    if (flow === latest || flow === lastWelcome) {
      return true;
    }
    const finish = lastFinish.get(flow);
    return finish !== undefined && index <= finish;
  });
  return max <= 0 ? [] : result.slice(-max);
}

/**
 * An appointment the chat's stream shows under a line: the upcoming ones ('Here are your upcoming
 * appointments.') or the one just booked (issue 12 §2). The web app's stream and the server-written
 * /chat-home (issue 33 §1) write the same card.
 */
export type ChatAppointmentCard = {
  id: string;
  href: string;
  doctorName: string;
  patientDisplayName: string | null;
  organizationName: string | null;
  /** Already in the chat's date format 'Do MMM (ddd), hh:mm A'. */
  when: string | null;
  tokenNo: number | null;
};
