import {
  CHAT_STEPS,
  CHAT_TEXTS,
  chatMenuButtons,
  emptyChatFlowContext,
  enterChat,
  type ChatAppointmentCard,
  type ChatMenuButton,
} from '@careline/domain/chat-flow';
import { greetingText } from '@careline/domain/shell';
import { DEFAULT_TIME_ZONE, formatInstant } from '@careline/domain/time';
import type { FeatureFlags } from '@careline/domain/tenant';
import type { Locale } from '@careline/i18n/locales';
import { renderEnglishText, renderMessage } from '@careline/i18n/server';
import { bottomBar } from './web-app.appointment.ts';
import { shellHeader } from './web-app.doctor.ts';
import { escapeHtml, jsonForScriptElement, type ServerScreen } from './web-app.render.ts';

/*
 * /chat-home as the server writes it (issue 33 §1) for the account of the request's page cookie: the
 * welcome the app's chat says on a signed-in start (spec doc 1 §2 Chat steps: greeting, upcoming
 * events, service-type menu) in the app's own markup and classes, the catalogue's texts in the
 * request's language, the greeting by the hospital's clock, the menu's buttons by the domain's rule
 * (chatMenuButtons) and what is said by the step graph (enterChat). The account's profile answer goes
 * with the page for the app's first query; the conversation shown goes too, so the app takes it over
 * as already shown (not typed again) with its buttons at once.
 *
 * Pacing (spec doc 1 §9: typing indicator at 300 ms, replies after about 1 s, buttons about 1 s later)
 * is kept with CSS animation delays, no script: the lines take their place at once (hidden), so
 * nothing moves when they show. The delays are shorter than the app's line-by-line 1 s, so the
 * greeting and its buttons are there within the goal (issue 33: ≤ 3 s on a slow link).
 *
 * Buttons before the JavaScript: each is a submit button of a GET form to the route the button stands
 * for without the chat (Book a Doctor: /doctor, Online Pharmacy: /chat-home/Medication, What is my
 * upcoming: /history/appointments), so a press works with no script at all; once the takeover code
 * has run (apps/web lib/server-screen), a press is held and made on the app's button of the same text
 * when the app takes over.
 *
 * Whose: the account's queries run as the page cookie's account; an account with no profile (the
 * registration step is the app's), a tenant whose chat is off or whose home is the dashboard, get the
 * plain page (web-app.ts).
 */

/** The app's first query on a signed-in start, as apps/web lib/session/account-query.ts writes it (web-app.chat.test.ts checks). */
export const chatScreenDocuments = {
  queryOneProfile: `query queryOneProfile {
    queryOneProfile {
      id
      identifier
      status
      mobileNo
      patients {
        id
        name {
          prefix
          given
          family
        }
        telecom {
          use
          system
          value
        }
        birthDate
        gender
        address {
          use
          line
          city
        }
        extension {
          valueId
          value
        }
        link
        hospitalId
        medicalRecordNumber
      }
      paymentMethods {
        id
        type
        status
        cardExpiry
        cardType
        cardNumber
        defaultMethod
      }
      defaultPaymentMethod
      hasPaymentMethod
      bookingReqId
      preferredLanguage
      loyaltyAccounts {
        id
        patientId
        patientRelationship
        name
        activePoints
        rate
      }
    }
  }`,
  // As apps/web app/chat-composition.tsx asks (the chat lists at most 10).
  chatUpcomingAppointments: `query chatUpcomingAppointments($limit: Int) {
    queryUpcomingAppointments(limit: $limit) {
      id
      sessionId
      patientDisplayName
      tokenNo
      start
      doctorName
      organizationName
    }
  }`,
} as const;

export type ChatScreenOperation = keyof typeof chatScreenDocuments;

/** Runs one of the chat's operations as the page cookie's account; rejects when it fails. */
export type RunChatOperation = (operation: ChatScreenOperation, variables: Record<string, unknown>) => Promise<unknown>;

/** An upcoming appointment as queryUpcomingAppointments answers it. */
export type ScreenUpcoming = {
  id: string;
  sessionId: string;
  patientDisplayName?: string | null;
  tokenNo?: number | null;
  start?: string | null;
  doctorName?: string | null;
  organizationName?: string | null;
};

export type ChatScreenData = {
  upcoming: ScreenUpcoming[];
  /** The answers the app's first queries take (the account's profile). */
  answers: { operationName: ChatScreenOperation; variables: Record<string, unknown>; data: unknown }[];
};

// The chat lists a handful (apps/web app/chat-composition.tsx UPCOMING_IN_CHAT).
const UPCOMING_IN_CHAT = 10;

/**
 * The answers /chat-home's welcome is written from, or null when the account has no profile yet (the
 * app's registration step): the plain page then.
 * @param run - runs an operation as the page cookie's account
 */
export async function chatScreenData(run: RunChatOperation): Promise<ChatScreenData | null> {
  const profile = (await run('queryOneProfile', {})) as { queryOneProfile?: { patients?: unknown[] | null } | null } | null;
  if ((profile?.queryOneProfile?.patients?.length ?? 0) === 0) {
    return null;
  }
  const upcomingVariables = { limit: UPCOMING_IN_CHAT };
  const upcoming = (await run('chatUpcomingAppointments', upcomingVariables)) as { queryUpcomingAppointments?: ScreenUpcoming[] } | null;
  return {
    upcoming: upcoming?.queryUpcomingAppointments ?? [],
    answers: [{ operationName: 'queryOneProfile', variables: {}, data: profile }],
  };
}

/** The page's language, the tenant's hospital name, logo, version and feature flags, and the clock. */
export type ChatPageContext = {
  locale: Locale;
  hospital: string;
  logoSrc: string;
  now: Date;
  features: FeatureFlags;
  /** The tenant's app version, as the chat's footer shows it. */
  appVersion: string;
};

/** An appointment under 'Here are your upcoming appointments.': the card the app's stream has (the domain's ChatAppointmentCard). */
export type ServerChatCard = ChatAppointmentCard;

/** A line the server showed, for the app to take over as already shown (apps/web features/chat utils/server-chat.ts). */
export type ServerChatLine = { author: 'assistant' | 'event'; text: string; tone: 'normal'; appointments?: ServerChatCard[] };

/** The id of the JSON block of the lines shown (read by apps/web features/chat utils/server-chat.ts). */
export const serverChatElementId = 'careline-server-chat';

// spec doc 1 §9 in the server's page (seconds after the page shows): the typing dots at 300 ms, the
// greeting at 700 ms, the rest of the welcome close behind, the buttons 400 ms after them: the app's
// 1 s per line and 1 s for the buttons would put a four-line welcome's buttons 5 s after the page shows.
export const serverChatPacing = { typingS: 0.3, firstLineS: 0.7, nextLineS: 0.15, buttonsAfterS: 0.4 } as const;

const openAppointment = CHAT_STEPS['upcoming-events'].next.find((choice) => choice.on === 'open-appointment');
const appointmentRoute =
  openAppointment !== undefined && 'route' in openAppointment.to
    ? openAppointment.to.route
    : '/view/appointment?sessionId={sessionId}&appointmentId={appointmentId}';

function card(appointment: ScreenUpcoming): ServerChatCard {
  return {
    id: appointment.id,
    href: appointmentRoute
      .replace('{sessionId}', encodeURIComponent(appointment.sessionId))
      .replace('{appointmentId}', encodeURIComponent(appointment.id)),
    doctorName: appointment.doctorName ?? '',
    patientDisplayName: appointment.patientDisplayName ?? null,
    organizationName: appointment.organizationName ?? null,
    // The chat's format 'Do MMM (ddd), hh:mm A' at the hospital's clock (the app's formatChatDate reads the phone's).
    when: appointment.start ? formatInstant(appointment.start, 'chat', { timeZone: DEFAULT_TIME_ZONE }) : null,
    tokenNo: appointment.tokenNo ?? null,
  };
}

/**
 * The welcome's lines as the app's chat says them on a signed-in start (chat-home-screen.tsx 'started',
 * then the upcoming check's landing, chat-guide.ts guideMessages): the greeting, then what the step
 * graph says from check-user-loggedin on, with the upcoming appointments under their line.
 * @param data - the account's upcoming appointments
 * @param context - the clock and the tenant's flags
 */
export function chatWelcomeLines(data: Pick<ChatScreenData, 'upcoming'>, context: Pick<ChatPageContext, 'now' | 'features'>): ServerChatLine[] {
  const landing = enterChat(
    'restart',
    { ...emptyChatFlowContext, signedIn: true, hasProfiles: true, hasUpcomingEvents: data.upcoming.length > 0 },
    context.features,
  );
  const lines: ServerChatLine[] = [{ author: 'assistant', text: greetingText(context.now), tone: 'normal' }];
  if (landing.kind !== 'step') {
    return lines;
  }
  for (const said of landing.say) {
    lines.push({ author: said.kind === 'event' ? 'event' : 'assistant', text: CHAT_TEXTS[said.text], tone: 'normal' });
    if (said.text === 'upcomingEvents' && data.upcoming.length > 0) {
      lines.push({ author: 'assistant', text: '', tone: 'normal', appointments: data.upcoming.map(card) });
    }
  }
  return lines;
}

// Where a menu button goes with no script: the route it stands for outside the chat.
function buttonTarget(button: ChatMenuButton, features: FeatureFlags): string {
  if (button.kind === 'route') {
    return button.to;
  }
  if (button.kind === 'reply') {
    return '/history/appointments';
  }
  const route = chatMenuButtons(features, true).find((plain) => plain.label === button.label);
  return route?.kind === 'route' ? route.to : '/history/appointments';
}

type Styles = { rule: (css: string) => string; text: () => string };

function screenStyles(): Styles {
  const rules: string[] = [];
  return {
    rule: (css) => {
      const name = `server-chat-${rules.length}`;
      rules.push(`.${name}{${css}}`);
      return name;
    },
    text: () => rules.join(''),
  };
}

const tm = (context: ChatPageContext, id: Parameters<typeof renderMessage>[1], values?: Record<string, string | number>): string =>
  escapeHtml(renderMessage(context.locale, id, values));
const tx = (context: ChatPageContext, text: string): string => escapeHtml(renderEnglishText(context.locale, text));

function lineHtml(context: ChatPageContext, line: ServerChatLine, paced: string): string {
  if (line.appointments !== undefined) {
    const items = line.appointments
      .map(
        (appointment) =>
          '<li class="chat-appointment">' +
          `<span class="chat-appointment__doctor">${escapeHtml(appointment.doctorName)}</span>` +
          (appointment.when !== null ? `<span class="chat-appointment__when">${escapeHtml(appointment.when)}</span>` : '') +
          (appointment.patientDisplayName !== null ? `<span>${escapeHtml(appointment.patientDisplayName)}</span>` : '') +
          (appointment.organizationName !== null ? `<span>${escapeHtml(appointment.organizationName)}</span>` : '') +
          (appointment.tokenNo !== null
            ? `<span class="chat-appointment__token">${tm(context, 'chat.guide.token', { tokenNo: appointment.tokenNo })}</span>`
            : '') +
          `<a class="chat-appointment__link" href="${escapeHtml(appointment.href)}">${tm(context, 'chat.guide.viewAppointment')}` +
          `<span class="visually-hidden"> ${escapeHtml(appointment.doctorName)}${appointment.when !== null ? `, ${escapeHtml(appointment.when)}` : ''}</span></a></li>`,
      )
      .join('');
    return `<ul class="chat-message chat-message-assistant chat-appointments ${paced}">${items}</ul>`;
  }
  return `<p class="chat-message chat-message-${line.author} chat-tone-${line.tone} ${paced}">${tx(context, line.text)}</p>`;
}

/**
 * /chat-home's welcome as the server writes it into #root, with the account's answer and the lines shown for the app.
 * @param data - the account's upcoming appointments and the answers
 * @param context - the page's language, the tenant's hospital name, logo and flags, and the clock
 * @param owner - the digest of the access token it was written for (apps/web lib/offline/owner.ts): the
 *   app takes it over only with that token
 */
export function chatScreen(data: ChatScreenData, context: ChatPageContext, owner: string): ServerScreen {
  const styles = screenStyles();
  const lines = chatWelcomeLines(data, context);
  const { typingS, firstLineS, nextLineS, buttonsAfterS } = serverChatPacing;
  // Hidden until its time, in its place from the first paint: showing it moves nothing.
  const shownAt = (seconds: number) => styles.rule(`animation:server-chat-show 0s ${Math.round(seconds * 1000) / 1000}s both`);
  const lastLineS = firstLineS + nextLineS * (lines.length - 1);
  const messages = lines.map((line, index) => lineHtml(context, line, shownAt(firstLineS + nextLineS * index))).join('');
  // The dots over the greeting's place (out of the flow), from 300 ms until the greeting shows.
  const typing =
    `<p class="chat-message chat-message-assistant chat-typing ${styles.rule(
      `position:absolute;top:0;left:0;animation:server-chat-typing ${firstLineS}s forwards`,
    )}">` +
    `<span class="visually-hidden">${tm(context, 'chat.typing')}</span>` +
    '<span class="chat-typing-dot" aria-hidden="true"></span><span class="chat-typing-dot" aria-hidden="true"></span>' +
    '<span class="chat-typing-dot" aria-hidden="true"></span></p>';
  const contents = styles.rule('display:contents');
  const buttons = chatMenuButtons(context.features, true, true, true)
    .map((button) => {
      const [action, query = ''] = buttonTarget(button, context.features).split('?');
      const hidden = [...new URLSearchParams(query)]
        .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}" />`)
        .join('');
      return (
        `<form class="${contents}" method="get" action="${escapeHtml(action ?? '/')}">${hidden}` +
        `<button class="chat-button chat-button-secondary" type="submit" data-careline-carry="">${tx(context, button.label)}</button></form>`
      );
    })
    .join('');
  const screen =
    '<div class="chat-screen">' +
    `<h1 class="visually-hidden">${tm(context, 'chat.heading')}</h1>` +
    `<div class="chat-messages ${styles.rule('position:relative')}" role="log" aria-live="polite" aria-label="${tm(context, 'chat.log')}">${typing}${messages}</div>` +
    `<section class="chat-suggestions" aria-label="${tm(context, 'chat.suggestions')}">` +
    `<div class="chat-buttons ${shownAt(lastLineS + buttonsAfterS)}">${buttons}</div></section>` +
    `<footer class="chat-footer">${escapeHtml(context.hospital)} · v${escapeHtml(context.appVersion)}</footer>` +
    '</div>';
  const keyframes =
    '@keyframes server-chat-show{from{visibility:hidden}to{visibility:visible}}' +
    // Hidden for the first 300 ms, then the dots, gone when the greeting shows.
    `@keyframes server-chat-typing{0%,${Math.floor((typingS / firstLineS) * 100)}%{visibility:hidden}` +
    `${Math.ceil((typingS / firstLineS) * 100)}%,99.9%{visibility:visible}100%{visibility:hidden}}`;
  return {
    html:
      `<div class="app-shell app-shell--with-bottom-bar" data-careline-server-screen="chat" data-careline-takeover="/chat-home"` +
      ` data-careline-owner="${escapeHtml(owner)}" data-careline-settled=".chat-suggestions button">` +
      `${shellHeader(context)}<main id="main" class="app-shell__main" tabindex="-1">${screen}</main>${bottomBar(context.locale)}` +
      `<script id="${serverChatElementId}" type="application/json">${jsonForScriptElement(lines)}</script></div>` +
      `<script id="careline-server-answers" type="application/json">${jsonForScriptElement(data.answers)}</script>`,
    lang: context.locale,
    // As the app names its screens (apps/web lib/shell/use-screen-heading.ts screenTitle).
    title: `${renderMessage(context.locale, 'chat.heading')} – ${context.hospital}`,
    withScripts: true,
    style: keyframes + styles.text(),
  };
}
