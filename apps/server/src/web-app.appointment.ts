import {
  avatarTint,
  doctorLateNotice,
  initialsOf,
  isHighlightedCancellation,
  sessionCardLabel,
  sessionCancelledByHospital,
  sessionFillPercent,
  sessionLabelText,
  sessionLabelTones,
  sessionPickBlock,
  UNLIMITED_APPOINTMENTS,
} from '@careline/domain/consultations';
import { nothingToPay } from '@careline/domain/payments';
import { bottomBarItems } from '@careline/domain/shell';
import { DEFAULT_TIME_ZONE, formatInstant } from '@careline/domain/time';
import type { Locale } from '@careline/i18n/locales';
import { renderConsultationsMessage, renderEnglishText, renderMessage } from '@careline/i18n/server';
import type { ConsultationsMessageId } from '@careline/i18n/consultations';
import { shellHeader } from './web-app.doctor.ts';
import { escapeHtml, jsonForScriptElement, type ServerScreen } from './web-app.render.ts';

/*
 * /view/appointment as the server writes it (issue 33 §1), for the account of the request's page cookie
 * (modules/auth auth.page-cookie.ts): the heading, the status banner, the session card with the token,
 * and the facts (token, status, day and time, booked for, location, refund), in the app's own markup and
 * classes and the catalogue's texts in the request's language, with the signed-in shell's bottom bar.
 * What the app adds below them (pay now, the queue, the actions) comes with the app, under what is shown,
 * so nothing shown moves. The answers go with the page for the app's first queries.
 *
 * Whose appointment: the server runs the app's own queryAppointment as the cookie's account, so the same
 * ownership rule (and its audit) applies; an appointment that is not the account's answers nothing, and
 * the page is then the plain one (web-app.ts), as an unknown id is.
 */

/**
 * The app's /view/appointment operations, as apps/web features/consultations/api/consultation-documents.ts
 * writes them (web-app.appointment.test.ts checks they are the same text).
 */
export const appointmentScreenDocuments = {
  consultationAppointment: `query consultationAppointment($id: ID) {
    queryAppointment(id: $id, limit: 1) {
      id
      sessionId
      patientId
      patientDisplayName
      patientRelationship
      tokenNo
      start
      end
      expectedCallAt
      journeyMinutes
      leaveHome {
        messageNo
        kind
        expectedCallAt
      }
      appointmentStatus
      practitionerStatus
      paymentStatus
      paymentRefundStatus
      sessionCancelRefund {
        status
        wayBack
        amount
        currency
      }
      appointmentRescheduleStatus
      appointmentRescheduledFor
      feedbackRating
      feedbackComment
      lateNoticeAt
      doctorId
      doctorName
      doctorRole
      organizationId
      organizationName
      session {
        id
        status
        startTime
        endTime
        sessionStartedTime
        delayMinutes
        appointmentCount
        appointmentMaxAllowed
        participationMode
        chargingSchemeId
        practitioner {
          id
          text
        }
        practitionerRole {
          code
          display
        }
        organization {
          id
          orgName
        }
        location {
          hospitalId
          locationName
        }
      }
    }
  }`,
  consultationSessionTokens: `query consultationSessionTokens($sessionId: ID!) {
    querySessionTokens(sessionId: $sessionId) {
      tokenNo
      appointmentStatus
      paymentStatus
    }
  }`,
} as const;

export type AppointmentScreenOperation = keyof typeof appointmentScreenDocuments;

/** An answer the page carries for the app: an operation's name, its variables and its data. */
export type AppointmentAnswer = { operationName: AppointmentScreenOperation; variables: Record<string, unknown>; data: unknown };

/** The fields of queryAppointment the first view shows. */
export type ScreenAppointment = {
  id: string;
  sessionId: string;
  patientDisplayName: string;
  patientRelationship?: string | null;
  tokenNo: number;
  appointmentStatus: string;
  practitionerStatus: string | null;
  paymentStatus: string;
  paymentRefundStatus?: string | null;
  appointmentRescheduleStatus?: string | null;
  appointmentRescheduledFor?: string | null;
  lateNoticeAt?: string | null;
  doctorName?: string | null;
  session: {
    status: string;
    startTime: string;
    endTime: string;
    sessionStartedTime?: string | null;
    delayMinutes?: number | null;
    appointmentCount: number;
    appointmentMaxAllowed: number;
    participationMode?: string | null;
    chargingSchemeId: string | null;
    practitioner: { id: string; text: string };
    practitionerRole: { display: string };
    organization: { orgName: string };
    location: { locationName?: string | null };
  };
};

export type AppointmentScreenData = { appointment: ScreenAppointment; answers: AppointmentAnswer[] };

/** Runs one of the app's operations as the page cookie's account; rejects when it fails. */
export type RunAppointmentOperation = (operation: AppointmentScreenOperation, variables: Record<string, unknown>) => Promise<unknown>;

/**
 * The answers /view/appointment is written from, or null when the address's appointment is not the
 * account's (or there is none): the plain page then.
 * @param params - the address's query
 * @param run - runs an operation as the page cookie's account
 */
export async function appointmentScreenData(params: URLSearchParams, run: RunAppointmentOperation): Promise<AppointmentScreenData | null> {
  // The app's own variables (appointment-screen.tsx): the address's appointmentId, as it is.
  const appointmentId = params.get('appointmentId') ?? '';
  if (appointmentId === '') {
    return null;
  }
  const appointmentVariables = { id: appointmentId };
  const appointmentData = (await run('consultationAppointment', appointmentVariables)) as { queryAppointment?: ScreenAppointment[] } | null;
  const appointment = appointmentData?.queryAppointment?.[0];
  if (!appointment) {
    return null;
  }
  const tokensVariables = { sessionId: appointment.sessionId };
  const tokensData = await run('consultationSessionTokens', tokensVariables);
  return {
    appointment,
    answers: [
      { operationName: 'consultationAppointment', variables: appointmentVariables, data: appointmentData },
      { operationName: 'consultationSessionTokens', variables: tokensVariables, data: tokensData },
    ],
  };
}

/** The page's language, the tenant's hospital name and logo (a URL, or a data: URL), and the clock. */
export type AppointmentPageContext = { locale: Locale; hospital: string; logoSrc: string; now: Date };

const tc = (context: AppointmentPageContext, id: ConsultationsMessageId, values?: Record<string, string | number>): string =>
  escapeHtml(renderConsultationsMessage(context.locale, id, values));

const timeOfDay = (iso: string, locale: Locale): string =>
  formatInstant(iso, 'sessionTime', { locale, timeZone: DEFAULT_TIME_ZONE }) ?? '';

// As apps/web features/consultations utils/session-card-texts.ts names them.
const statusIds: Record<string, ConsultationsMessageId> = {
  booked: 'consultations.status.booked',
  arrived: 'consultations.status.arrived',
  cancelled: 'consultations.status.cancelled',
  fulfilled: 'consultations.status.fulfilled',
  noshow: 'consultations.status.noshow',
};
const statusId = (status: string): ConsultationsMessageId =>
  Object.hasOwn(statusIds, status) ? (statusIds[status] as ConsultationsMessageId) : 'consultations.status.unhandled';

const refundIds: Record<string, ConsultationsMessageId> = {
  requested: 'consultations.refund.requested',
  approved: 'consultations.refund.approved',
  refunded: 'consultations.refund.refunded',
  rejected: 'consultations.refund.rejected',
};

/** The appointment's status banner (appointment-screen.tsx appointmentBanner), or nothing. */
function banner(context: AppointmentPageContext, appointment: ScreenAppointment): string {
  const shown = (tone: string, text: string, action = '') =>
    `<div class="consultations-banner consultations-banner--${tone}"><p role="status">${text}</p>${action}</div>`;
  if (appointment.practitionerStatus === 'declined') {
    return shown('danger', tc(context, 'consultations.appointment.doctorCancelled', { doctor: appointment.doctorName ?? '' }));
  }
  if (appointment.appointmentStatus === 'cancelled') {
    if (appointment.appointmentRescheduleStatus === 'rescheduled') {
      return shown('info', tc(context, 'consultations.appointment.rescheduledByYou'));
    }
    const highlighted = isHighlightedCancellation({
      appointmentStatus: appointment.appointmentStatus,
      paymentStatus: appointment.paymentStatus,
      appointmentRescheduleStatus: appointment.appointmentRescheduleStatus ?? null,
      paymentRefundStatus: appointment.paymentRefundStatus ?? null,
    });
    return shown(highlighted ? 'danger' : 'info', tc(context, 'consultations.appointment.cancelledByYou'));
  }
  // A free session's appointment invoices 0 ('Can not pay Rs 00.00', spec doc 2 §5): nothing to pay, so no payment banner.
  if (nothingToPay(appointment, appointment.session)) {
    return '';
  }
  if (appointment.paymentStatus === 'pending') {
    // spec doc 2 §4 'Retry Booking', where the app's screen offers it (it works once the app runs).
    const retry =
      !sessionCancelledByHospital(appointment, appointment.session) &&
      appointment.appointmentStatus === 'booked' &&
      appointment.appointmentRescheduleStatus !== 'rescheduled' &&
      !appointment.appointmentRescheduledFor;
    return shown(
      'warning',
      tc(context, 'consultations.appointment.paymentPending'),
      retry ? `<button type="button" class="button button--secondary">${tc(context, 'consultations.appointment.retryBooking')}</button>` : '',
    );
  }
  if (appointment.paymentStatus !== 'paid') {
    return shown('warning', tc(context, 'consultations.appointment.notPaid'));
  }
  return '';
}

function lateNotice(context: AppointmentPageContext, appointment: ScreenAppointment): string {
  const late = doctorLateNotice(
    { appointmentStatus: appointment.appointmentStatus, lateNoticeAt: appointment.lateNoticeAt ? new Date(appointment.lateNoticeAt) : null },
    {
      status: appointment.session.status,
      sessionStartedTime: appointment.session.sessionStartedTime ? new Date(appointment.session.sessionStartedTime) : null,
      delayMinutes: appointment.session.delayMinutes ?? null,
    },
  );
  if (!late) {
    return '';
  }
  const doctor = appointment.doctorName ?? appointment.session.practitioner.text;
  const text =
    late.kind === 'delayed'
      ? tc(context, 'consultations.appointment.doctorDelayed', { doctor, minutes: late.minutes })
      : tc(context, 'consultations.appointment.doctorLate', { doctor });
  return `<div class="consultations-banner consultations-banner--warning" data-testid="doctor-late"><p role="status">${text}</p></div>`;
}

type ScreenStyles = { rule: (css: string) => string; text: () => string };

function screenStyles(): ScreenStyles {
  const rules: string[] = [];
  return {
    rule: (css) => {
      const name = `server-style-${rules.length}`;
      rules.push(`.${name}{${css}}`);
      return name;
    },
    text: () => rules.join(''),
  };
}

/** The session card as the appointment shows it (SessionCard, SESSION_VIEW, with the token). */
function sessionCard(context: AppointmentPageContext, styles: ScreenStyles, appointment: ScreenAppointment): string {
  const { session } = appointment;
  const { locale } = context;
  const label = sessionCardLabel({ status: session.status, startTime: new Date(session.startTime) }, context.now);
  const block = sessionPickBlock({
    status: session.status,
    appointmentMaxAllowed: session.appointmentMaxAllowed,
    liveAppointments: session.appointmentCount,
  });
  const unlimited = session.appointmentMaxAllowed === UNLIMITED_APPOINTMENTS;
  const fill = unlimited
    ? tc(context, 'consultations.card.fillUnlimited', { count: session.appointmentCount })
    : tc(context, 'consultations.card.fill', { count: session.appointmentCount, max: session.appointmentMaxAllowed });
  const percent = unlimited ? 0 : sessionFillPercent(session);
  const time = escapeHtml(timeOfDay(session.startTime, locale));
  const doctor = session.practitioner.text;
  const video = session.participationMode === 'remote_presence_video_call';
  const labelRef = sessionLabelText(label);
  const labelText =
    label.kind === 'startingAt' ? `${tc(context, labelRef.id)} ${time}` : tc(context, labelRef.id, labelRef.values);
  return (
    `<article class="session-card session-card--session-view${block ? ' session-card--blocked' : ''}">` +
    '<div class="session-card__head">' +
    `<span class="session-card__avatar ${styles.rule(`width:44px;height:44px;background:${avatarTint(doctor)}`)}" aria-hidden="true">` +
    `${escapeHtml(initialsOf(doctor))}</span>` +
    '<div class="session-card__who">' +
    `<span class="session-card__doctor">${escapeHtml(doctor)}</span>` +
    `<span class="session-card__role">${escapeHtml(session.practitionerRole.display)}</span>` +
    `<span class="session-card__hospital">${escapeHtml(session.organization.orgName)}</span></div></div>` +
    '<div class="session-card__meta">' +
    `<span class="session-card__chip session-card__chip--${sessionLabelTones[label.kind]}">${labelText}</span>` +
    `<span class="session-card__time"><time datetime="${escapeHtml(session.startTime)}">${time}</time> – ` +
    `<time datetime="${escapeHtml(session.endTime)}">${escapeHtml(timeOfDay(session.endTime, locale))}</time></span>` +
    `<span class="session-card__mode">${tc(context, video ? 'consultations.card.video' : 'consultations.card.inPerson')}</span>` +
    `<span class="session-card__token">${tc(context, 'consultations.card.token', { tokenNo: appointment.tokenNo })} · ` +
    `${tc(context, statusId(appointment.appointmentStatus))}</span></div>` +
    `<div class="session-card__fill"><span>${fill}</span>` +
    (unlimited
      ? ''
      : `<span class="session-card__bar" aria-hidden="true"><span class="session-card__bar-value ${styles.rule(`width:${percent}%`)}"></span></span>`) +
    '</div></article>'
  );
}

function facts(context: AppointmentPageContext, appointment: ScreenAppointment): string {
  const { session } = appointment;
  const refundId = appointment.paymentRefundStatus ? refundIds[appointment.paymentRefundStatus] : undefined;
  const refund = appointment.paymentRefundStatus
    ? refundId
      ? tc(context, refundId)
      : escapeHtml(appointment.paymentRefundStatus)
    : null;
  const relationship = appointment.patientRelationship ? ` · ${escapeHtml(renderEnglishText(context.locale, appointment.patientRelationship))}` : '';
  const dayAndTime = formatInstant(session.startTime, 'sessionDayAndTime', { locale: context.locale, timeZone: DEFAULT_TIME_ZONE }) ?? '';
  return (
    '<dl class="appointment-facts">' +
    `<div class="appointment-facts__token"><dt>${tc(context, 'consultations.appointment.tokenNumber')}</dt>` +
    `<dd class="appointment-facts__token-number">${appointment.tokenNo}</dd></div>` +
    `<div><dt>${tc(context, 'consultations.appointment.status')}</dt><dd>${tc(context, statusId(appointment.appointmentStatus))}</dd></div>` +
    `<div><dt>${tc(context, 'consultations.appointment.time')}</dt>` +
    `<dd><time datetime="${escapeHtml(session.startTime)}">${escapeHtml(dayAndTime)}</time></dd></div>` +
    `<div><dt>${tc(context, 'consultations.appointment.bookedFor')}</dt><dd>${escapeHtml(appointment.patientDisplayName)}${relationship}</dd></div>` +
    `<div><dt>${tc(context, 'consultations.appointment.location')}</dt>` +
    `<dd>${escapeHtml(session.location.locationName ?? session.organization.orgName)}</dd></div>` +
    (refund === null
      ? ''
      : `<div><dt>${tc(context, 'consultations.appointment.refund')}</dt><dd class="appointment-facts__refund">${refund}</dd></div>`) +
    '</dl>'
  );
}

// The bottom bar's icons, as apps/web features/shell main-bottom-bar.tsx draws them.
const barIcons: Record<(typeof bottomBarItems)[number]['key'], string> = {
  doctor: 'M6 3v6a4 4 0 0 0 8 0V3 M10 13v3a4 4 0 0 0 8 0v-2 M18 14a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  home: 'M3 11l9-8 9 8 M5 10v10h5v-6h4v6h5V10',
  account: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z M4 21c0-4 4-6 8-6s8 2 8 6',
};

/**
 * The signed-in shell's bottom bar (spec doc 1 §2: Doctor, Home, Account).
 * @param locale - the page's language
 */
export function bottomBar(locale: Locale): string {
  const items = bottomBarItems
    .map(
      (item) =>
        `<li class="bottom-bar__item"><a href="${item.route}" class="bottom-bar__link">` +
        '<svg class="bottom-bar__icon" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"' +
        ` stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="${barIcons[item.key]}"></path></svg>` +
        `${escapeHtml(renderEnglishText(locale, item.label))}</a></li>`,
    )
    .join('');
  return `<nav class="bottom-bar" aria-label="${escapeHtml(renderMessage(locale, 'shell.mainNav'))}"><ul class="bottom-bar__list">${items}</ul></nav>`;
}

/**
 * /view/appointment's first view as the server writes it into #root, with its answers for the app.
 * @param data - the account's appointment and the answers
 * @param context - the page's language, the tenant's hospital name and logo, and the clock
 * @param owner - the digest of the access token it was written for (apps/web lib/offline/owner.ts): the
 *   app takes it over only with that token
 */
export function appointmentScreen(data: AppointmentScreenData, context: AppointmentPageContext, owner: string): ServerScreen {
  const { appointment } = data;
  const styles = screenStyles();
  const screen =
    '<section class="screen appointment-screen" aria-labelledby="appointment-screen-title">' +
    `<h1 id="appointment-screen-title">${tc(context, 'consultations.appointment.title')}</h1>` +
    banner(context, appointment) +
    lateNotice(context, appointment) +
    sessionCard(context, styles, appointment) +
    facts(context, appointment) +
    '</section>';
  return {
    html:
      `<div class="app-shell app-shell--with-bottom-bar" data-careline-server-screen="appointment" data-careline-takeover="/view/appointment"` +
      ` data-careline-owner="${escapeHtml(owner)}">` +
      `${shellHeader(context)}<main id="main" class="app-shell__main" tabindex="-1">${screen}</main>${bottomBar(context.locale)}</div>` +
      `<script id="careline-server-answers" type="application/json">${jsonForScriptElement(data.answers)}</script>`,
    lang: context.locale,
    // As the app names its screens (apps/web lib/shell/use-screen-heading.ts screenTitle).
    title: `${renderConsultationsMessage(context.locale, 'consultations.appointment.title')} – ${context.hospital}`,
    withScripts: true,
    style: styles.text(),
  };
}

