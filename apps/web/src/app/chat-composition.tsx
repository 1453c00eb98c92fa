import { lazy, useMemo } from 'react';
import { useClient, type Client } from 'urql';
import { graphql } from '../lib/graphql/lazy-graphql.ts';
import { CHAT_STEPS } from '@careline/domain/chat-flow';
import { sessionPickBlock, VIDEO_PARTICIPATION_MODE } from '@careline/domain/consultations';
import { fallbackErrorText } from '@careline/domain/error-wire';
import { errorCodes, errorText } from '../lib/graphql';
import { useLingui } from '@careline/i18n/react';
import { useSession } from '../lib/session';
import { chatOrders, useChatOrderUploads } from './chat-composition-orders.tsx';
import type { OrderUploadDeps } from '../features/orders/shared/use-order-uploads.ts';

/** Stand-ins for tests: the prescription upload's steps (compression, the blob store, the document call). */
export type ChatCompositionServices = { uploads?: Partial<OrderUploadDeps> };
import { ChatHomeScreen as ChatHome } from '../features/chat/components/chat-home-screen.tsx';
import type { ChatConsultations } from '../features/chat/utils/chat-consultations.ts';
import {
  createAppointmentMutation,
  myAppointmentInSessionQuery,
  organizationsQuery,
  searchDoctorsQuery,
  searchSpecialtiesQuery,
  sessionsQuery,
} from '../features/consultations/api/consultation-documents.ts';
import {
  readRecentDoctors,
  rememberRecentDoctor,
} from '../features/consultations/utils/recent-doctors.ts';

// issue 12 §2: the registration form inline in the chat, the profiles feature's form in a lazy chunk
// (it reaches zod, which stays off /chat-home's first load; build/first-screen-imports.test.ts).
const ChatRegistration = lazy(() =>
  import('./chat-registration.tsx').then((module) => ({ default: module.ChatRegistration })),
);

// Issue 12 Build 1: the chat and the consultations feature never import each other; their meeting
// point is here. The chat asks for a ChatConsultations port; the consultations' operations fill it.

/** spec doc 2 §7 queryUpcomingAppointments: the account's upcoming appointments, soonest first. */
export const chatUpcomingAppointmentsQuery = graphql(`
  query chatUpcomingAppointments($limit: Int) {
    queryUpcomingAppointments(limit: $limit) {
      id
      sessionId
      patientDisplayName
      tokenNo
      start
      doctorName
      organizationName
    }
  }
`);

// The chat lists a handful; the rest are on /history/appointments.
const UPCOMING_IN_CHAT = 10;
// The sessions the chat's list pages through, 3 at a time (spec doc 2 §9).
const SESSIONS_IN_CHAT = 30;

const openAppointment = CHAT_STEPS['upcoming-events'].next.find(
  (choice) => choice.on === 'open-appointment',
);
// The step graph's link to an appointment (the consultations' /view/appointment?sessionId&appointmentId).
const appointmentRoute =
  openAppointment !== undefined && 'route' in openAppointment.to
    ? openAppointment.to.route
    : '/view/appointment?sessionId={sessionId}&appointmentId={appointmentId}';

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The consultations' operations as the chat's port (features/chat/utils/chat-consultations.ts).
 * @param client - the GraphQL client
 */
export function chatConsultations(client: Client): ChatConsultations {
  return {
    recentDoctors: () => {
      const storage = localStorageOrNull();
      return storage ? readRecentDoctors(storage) : [];
    },
    rememberDoctor: (doctor) => {
      const storage = localStorageOrNull();
      if (storage) {
        rememberRecentDoctor(storage, doctor);
      }
    },
    searchDoctors: async (text) => {
      const result = await client
        .query(searchDoctorsQuery, { text, limit: 20 }, { requestPolicy: 'network-only' })
        .toPromise();
      if (result.error || !result.data) {
        return null;
      }
      return result.data.searchDoctors.map((doctor) => ({
        id: doctor.id,
        name: doctor.name.text ?? '',
        role: doctor.roles
          .map((role) => role.display)
          .filter(Boolean)
          .join(', '),
      }));
    },
    searchSpecialties: async (text) => {
      const result = await client.query(searchSpecialtiesQuery, { text, limit: 50 }).toPromise();
      if (result.error || !result.data) {
        return null;
      }
      return result.data.searchSpecialties;
    },
    organizations: async () => {
      const result = await client.query(organizationsQuery, {}).toPromise();
      if (result.error || !result.data) {
        return null;
      }
      return result.data.queryOrganization.map((organization) => ({
        id: organization.id,
        name: organization.name,
      }));
    },
    sessions: async ({ doctorId, specialtyCode, organizationId, videoOnly = false }) => {
      const actorReference = [
        ...(doctorId !== null ? [`Practitioner/${doctorId}`] : []),
        ...(organizationId !== null ? [`Organization/${organizationId}`] : []),
      ];
      const result = await client
        .query(
          sessionsQuery,
          {
            actorReference: actorReference.length > 0 ? actorReference : null,
            practitionerRoleCodingCode: specialtyCode,
            // issue 29 §2.8: the Video Channel lists video sessions only (the server filters).
            extensionParticipationMode: videoOnly ? VIDEO_PARTICIPATION_MODE : null,
            limit: SESSIONS_IN_CHAT,
          },
          { requestPolicy: 'network-only' },
        )
        .toPromise();
      if (result.error || !result.data) {
        return null;
      }
      // Only sessions the patient can still pick (spec doc 2 §4 Session status).
      return result.data.querySession
        .filter(
          (session) =>
            sessionPickBlock({
              status: session.status,
              appointmentMaxAllowed: session.appointmentMaxAllowed,
              liveAppointments: session.appointmentCount,
            }) === null,
        )
        .map((session) => ({
          id: session.id,
          doctorName: session.practitioner.text ?? '',
          specialty: session.practitionerRole.display ?? '',
          organizationName: session.organization.orgName ?? '',
          startTime: String(session.startTime),
        }));
    },
    book: async ({ patientId, sessionId, idempotencyKey }) => {
      const result = await client
        .mutation(createAppointmentMutation, { patientId, sessionId, idempotencyKey })
        .toPromise();
      const appointment = result.data?.createAppointment;
      if (result.error || !appointment) {
        const error = result.error ? errorText(result.error) : fallbackErrorText;
        if (!errorCodes(result.error).includes('ARO-E4003')) {
          return { ok: false, error };
        }
        // issue 29 §1.1: the profile holds a place there already; lead to that appointment.
        const held = await client
          .query(myAppointmentInSessionQuery, { sessionId, patientId }, { requestPolicy: 'network-only' })
          .toPromise();
        const found = held.data?.myAppointmentInSession ?? null;
        return found
          ? { ok: false, error, held: { id: found.id, sessionId: found.sessionId, tokenNo: found.tokenNo ?? null } }
          : { ok: false, error };
      }
      return {
        ok: true,
        appointment: {
          id: appointment.id,
          sessionId: appointment.sessionId,
          tokenNo: appointment.tokenNo ?? null,
        },
      };
    },
    upcoming: async () => {
      const result = await client
        .query(
          chatUpcomingAppointmentsQuery,
          { limit: UPCOMING_IN_CHAT },
          { requestPolicy: 'network-only' },
        )
        .toPromise();
      if (result.error || !result.data) {
        return null;
      }
      return result.data.queryUpcomingAppointments.map((appointment) => ({
        id: appointment.id,
        sessionId: appointment.sessionId,
        doctorName: appointment.doctorName ?? '',
        patientDisplayName: appointment.patientDisplayName ?? null,
        organizationName: appointment.organizationName ?? null,
        start:
          appointment.start === null || appointment.start === undefined
            ? null
            : String(appointment.start),
        tokenNo: appointment.tokenNo ?? null,
      }));
    },
    appointmentHref: (sessionId, appointmentId) =>
      appointmentRoute
        .replace('{sessionId}', encodeURIComponent(sessionId))
        .replace('{appointmentId}', encodeURIComponent(appointmentId)),
    sessionHref: (sessionId) => `/view/session?sessionId=${encodeURIComponent(sessionId)}`,
  };
}

/**
 * The chat home with the consultations' steps (Book a Doctor, What is my upcoming), the orders'
 * steps (Online Pharmacy: the prescription upload and the order) and the profiles' registration form
 * composed in.
 */
export function ChatHomeScreen({ services }: { services?: ChatCompositionServices } = {}) {
  const client = useClient();
  const session = useSession();
  const consultations = useMemo(() => chatConsultations(client), [client]);
  const { i18n } = useLingui();
  const orders = useMemo(() => chatOrders(client, i18n), [client, i18n]);
  const orderUploads = useChatOrderUploads(client, session.accessToken, services?.uploads);
  return (
    <ChatHome
      consultations={consultations}
      orders={orders}
      orderUploads={orderUploads}
      registration={(slot) => <ChatRegistration onCreated={slot.onCreated} onShown={slot.onShown} />}
    />
  );
}
