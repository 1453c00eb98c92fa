/**
 * Pure helpers of the guided chat (issue 12 §2): what the flow knows for the step graph's show
 * conditions, and the stream's messages for a landing, with the appointments shown under their text.
 */
import {
  CHAT_TEXTS,
  chatSessionsShown,
  emptyChatFlowContext,
  formatChatDate,
  type ChatFlowContext,
  type ChatMessageToSay,
  type ChatService,
} from '@careline/domain/chat-flow';
import type { ChatAppointmentCard, ChatMessageDraft } from './chat-flow.ts';
import type { ChatOrganization, ChatSession, ChatUpcomingAppointment } from './chat-consultations.ts';

/** What the guided booking has gathered so far. */
export type ChatGuideFacts = {
  signedIn: boolean;
  hasProfiles: boolean;
  service: ChatService | null;
  hasRecentDoctor: boolean;
  /**
   * A hospital was chosen before for this order service (spec doc 1 §4 suggest-recent-organization
   * for lab, medication and procedure); never for a consultation.
   */
  hasRecentOrganization?: boolean;
  /**
   * The hospitals to choose from, once asked for: the tenant's, or for a doctor or specialty only
   * those where it has sessions to pick (issue 29 §11).
   */
  organizationCount: number | null;
  upcomingCount: number;
  sessionCount: number;
  seeMoreTaps: number;
};

/**
 * The step graph's context from what the chat knows. Only the order services have a recent
 * organization (kept on the device); a consultation asks with the organization picker (or skips it
 * for a single-organization tenant, spec doc 1 §2).
 * @param facts - what the chat has gathered
 */
export function guideContext(facts: ChatGuideFacts): ChatFlowContext {
  return {
    ...emptyChatFlowContext,
    signedIn: facts.signedIn,
    hasProfiles: facts.hasProfiles,
    service: facts.service,
    hasRecentDoctor: facts.hasRecentDoctor,
    hasRecentOrganization: facts.hasRecentOrganization === true,
    // At most one hospital to offer: nothing to choose (with none, the session list says so).
    singleOrganization: facts.organizationCount !== null && facts.organizationCount <= 1,
    hasUpcomingEvents: facts.upcomingCount > 0,
    hasSessions: facts.sessionCount > 0,
    hasMoreSessions: chatSessionsShown(facts.seeMoreTaps, facts.sessionCount) < facts.sessionCount,
  };
}

/**
 * An appointment as the stream shows it, its time in the chat's format 'Do MMM (ddd), hh:mm A'.
 * @param appointment - the appointment
 * @param href - its screen's address
 */
export function appointmentCard(
  appointment: ChatUpcomingAppointment,
  href: string,
): ChatAppointmentCard {
  return {
    id: appointment.id,
    href,
    doctorName: appointment.doctorName,
    patientDisplayName: appointment.patientDisplayName,
    organizationName: appointment.organizationName,
    when: appointment.start === null ? null : formatChatDate(new Date(appointment.start)),
    tokenNo: appointment.tokenNo,
  };
}

/**
 * The messages of a landing, in order; the upcoming appointments follow 'Here are your upcoming
 * appointments.', the booked one follows 'Your appointment is booked.', and the order just created
 * is linked from 'Your request send to hospital'.
 * @param say - what the landing says
 * @param cards - the upcoming and the booked appointments to show
 */
export function guideMessages(
  say: readonly ChatMessageToSay[],
  cards: { upcoming?: ChatAppointmentCard[]; booked?: ChatAppointmentCard; orderLink?: { href: string; text: string } } = {},
): ChatMessageDraft[] {
  const drafts: ChatMessageDraft[] = [];
  for (const line of say) {
    // A flow's result is kept with the conversation (issue 29 §12: chatConversationToKeep).
    const finish = line.text === 'appointmentBooked' || line.text === 'requestSent';
    drafts.push({
      author: line.kind === 'event' ? 'event' : 'assistant',
      text: CHAT_TEXTS[line.text],
      tone: 'normal',
      // 'Your request send to hospital', with the link to the order just created.
      ...(line.text === 'requestSent' && cards.orderLink ? { link: cards.orderLink } : {}),
      ...(finish ? { role: 'finish' as const } : {}),
    });
    if (line.text === 'upcomingEvents' && cards.upcoming && cards.upcoming.length > 0) {
      drafts.push({ author: 'assistant', text: '', tone: 'normal', appointments: cards.upcoming });
    }
    if (line.text === 'appointmentBooked' && cards.booked) {
      drafts.push({ author: 'assistant', text: '', tone: 'normal', appointments: [cards.booked], role: 'finish' });
    }
  }
  return drafts;
}

/** A new idempotency key for a booking or an order. */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}

/**
 * The hospitals where a doctor or specialty has sessions the patient can pick (issue 29 §11): the
 * picker offers only these, so no hospital leads to 'I couldn't find any sessions'. Asks each
 * hospital's sessions as the session list would; null when any answer failed (the chat offers a
 * retry, never a shorter list).
 * @param organizations - the tenant's hospitals, in their order
 * @param sessionsAt - the bookable sessions at one hospital, or null when the query failed
 */
export async function hospitalsWithSessions(
  organizations: readonly ChatOrganization[],
  sessionsAt: (organizationId: string) => Promise<readonly ChatSession[] | null>,
): Promise<ChatOrganization[] | null> {
  const answers = await Promise.all(organizations.map((organization) => sessionsAt(organization.id).catch(() => null)));
  if (answers.some((answer) => answer === null)) {
    return null;
  }
  return organizations.filter((_organization, index) => (answers[index]?.length ?? 0) > 0);
}

/**
 * The hospitals the organization picker offers: for a consultation whose doctor or specialty was
 * looked up, those where it has sessions; otherwise the tenant's (null until asked).
 * @param data - what the chat gathered: the service, the tenant's hospitals and those with sessions
 */
export function offeredHospitals(data: {
  service: ChatService | null;
  organizations: ChatOrganization[] | null;
  sessionHospitals: ChatOrganization[] | null;
}): ChatOrganization[] | null {
  return data.service === 'consultation' && data.sessionHospitals !== null ? data.sessionHospitals : data.organizations;
}
