/**
 * What the guided chat's mechanism (../chat-guide.tsx) hands to the parts that answer the steps'
 * widgets, one part per service (booking, pharmacy, lab test, home visit) and the shared one. The
 * step graph of packages/domain decides where the conversation is; a part only says what its steps
 * show and what their taps change.
 */
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import type { ChatChoice, ChatOrderService, ChatStepId } from '@careline/domain/chat-flow';
import type { ClientPatient } from '@careline/domain/profiles';
import type { TenantPublicConfig } from '@careline/domain/tenant';
import type { useTranslate, useTranslateText } from '@careline/i18n/react';
import type { ChatAction, ChatAppointmentCard, ChatMessageDraft, ChatMessageFile } from '../../utils/chat-flow.ts';
import type { ChatConsultations, ChatOrganization } from '../../utils/chat-consultations.ts';
import type { GuideData } from '../../utils/chat-guide-data.ts';
import type { ChatOrderUploads, ChatOrders } from '../../utils/chat-orders.ts';

/** What an answer adds to the stream besides the landing's own messages. */
export type GuideExtra = {
  booked?: ChatAppointmentCard;
  events?: ChatMessageDraft[];
  orderLink?: { href: string; text: string };
  /** The files the patient's words are about (the prescription just uploaded). */
  files?: ChatMessageFile[];
  /** Runs once the step has landed (and the conversation kept on the phone holds it), on a retry too. */
  onLanded?: () => void;
};

export type GuideKit = {
  data: GuideData;
  setData: Dispatch<SetStateAction<GuideData>>;
  /** Whether a call is under way (the spinner shows, the buttons are off). */
  busy: boolean;
  /** The same, read now: one render cannot start two calls (a double tap on Book now or Confirm). */
  isBusy: () => boolean;
  /** Runs a call with the spinner on. */
  during: <T>(work: () => Promise<T>) => Promise<T>;
  /** Takes a choice at a step: the patient's words (or null), what it changes, what else is said. */
  go: (from: ChatStepId, on: string, said: string | null, patch?: Partial<GuideData>, extra?: GuideExtra) => Promise<void>;
  /** The step's labelled choices whose show conditions and flags hold. */
  labelled: (step: ChatStepId) => ChatChoice[];
  /** The choices as buttons, each going on along the graph. */
  choiceButtons: (step: ChatStepId, choices: ChatChoice[]) => ReactNode[];
  consultations: ChatConsultations | undefined;
  orders: ChatOrders | undefined;
  uploads: ChatOrderUploads | undefined;
  tenant: TenantPublicConfig;
  /** The account's profiles. */
  patients: readonly ClientPatient[];
  accountId: string | null;
  /** The profile chosen at a booking or an order's confirmation, and whether Book or Confirm found none. */
  patientId: string | null;
  setPatientId: (id: string | null) => void;
  missingPatient: boolean;
  setMissingPatient: (missing: boolean) => void;
  /** The idempotency key of a call: the same fingerprint keeps its key until forgotten. */
  keyFor: (scope: string, fingerprint: string) => string;
  forgetKey: (scope: string) => void;
  /** The hospital chosen last time for the conversation's order service, if the tenant still has it. */
  recentOrganization: (of: GuideData) => ChatOrganization | null;
  /** Keeps the hospital chosen for an order service on the device, for next time. */
  rememberOrganization: (service: ChatOrderService, organization: ChatOrganization) => void;
  /** An appointment's screen. */
  appointmentHref: (sessionId: string, appointmentId: string) => string;
  /** A date of the 7 choices (doc 3 §5): Today, Tomorrow, then the day's own name and date. */
  dateLabel: (date: string, index: number) => string;
  /** The order confirmation's summary of the conversation's service (its part's). */
  orderSummary: () => ReactNode;
  dispatch: Dispatch<ChatAction>;
  t: ReturnType<typeof useTranslate>;
  tx: ReturnType<typeof useTranslateText>;
};

/** The widget a part shows at one of its steps. */
export type GuideWidget = (kit: GuideKit, step: ChatStepId) => ReactNode;

/** A part of the guided chat: the steps it answers. */
export type GuidePart = {
  /** The widget of each step this part answers. */
  steps: Partial<Record<ChatStepId, GuideWidget>>;
  /** What a labelled choice of this part changes in what the conversation has gathered. */
  patches?: Readonly<Record<string, (data: GuideData) => Partial<GuideData>>>;
  /** The order confirmation's summary for this part's service. */
  orderSummary?: Partial<Record<ChatOrderService, (kit: GuideKit) => ReactNode>>;
};
