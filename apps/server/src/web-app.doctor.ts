import {
  // the address's filters
  readDoctorFilters,
  hasSearchFilter,
  sessionSearchVariables,
  type DoctorFilters,
  // the cards
  groupSessionsByDoctor,
  type DoctorCard,
  initialsOf,
  avatarTint,
  // a session card
  sessionCardLabel,
  sessionLabelText,
  sessionLabelTones,
  searchSessionBlock,
  pickBlockText,
  sessionFeeText,
  sessionFillPercent,
  UNLIMITED_APPOINTMENTS,
  VIDEO_PARTICIPATION_MODE,
} from '@careline/domain/consultations';
import { DEFAULT_TIME_ZONE, formatDay, formatInstant, zonedDay } from '@careline/domain/time';
import { localeNames, locales, type Locale } from '@careline/i18n/locales';
import { renderConsultationsMessage, renderMessage } from '@careline/i18n/server';
import type { ConsultationsMessageId } from '@careline/i18n/consultations';
import { escapeHtml, jsonForScriptElement, type ServerScreen } from './web-app.render.ts';

/*
 * /doctor as the server writes it (issue 33 §1): the search box, the hospital filter, the chips and,
 * when the address carries a filter, the doctors' cards of the sessions the app would list, in the
 * app's own markup and classes (its stylesheet comes inlined with the page) and the catalogue's texts
 * in the request's language. The answers it was written from go with it, so the app's first render
 * shows the same cards without asking again (apps/web lib/server-screen).
 *
 * Nothing of the account: the access token is in the browser's storage, which a page request does not
 * carry. The recent doctors (kept on the device) are the app's to show.
 */

/**
 * The app's /doctor operations, as apps/web features/consultations/api/doctor-documents.ts writes them
 * (web-app.doctor.test.ts checks they are the same text): the answers the page carries are the answers
 * to the app's own questions.
 */
export const doctorScreenDocuments = {
  consultationOrganizations: `query consultationOrganizations {
    queryOrganization {
      id
      name
      phone
    }
  }`,
  consultationSessions: `query consultationSessions(
    $id: ID
    $actorReference: [String!]
    $practitionerRoleCodingCode: String
    $extensionParticipationMode: String
    $limit: Int
  ) {
    querySession(
      id: $id
      actorReference: $actorReference
      practitionerRoleCodingCode: $practitionerRoleCodingCode
      extensionParticipationMode: $extensionParticipationMode
      limit: $limit
    ) {
      id
      status
      startTime
      endTime
      appointmentCount
      appointmentMaxAllowed
      participationMode
      practitioner {
        id
        text
        photoUrl
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
      fee {
        amount
        currency
      }
    }
  }`,
} as const;

export type DoctorScreenOperation = keyof typeof doctorScreenDocuments;

/** An answer the page carries for the app: an operation's name, its variables and its data. */
export type ServerAnswer = { operationName: DoctorScreenOperation; variables: Record<string, unknown>; data: unknown };

/** The id of the JSON block with the answers (read by apps/web lib/server-screen). */
export const serverAnswersElementId = 'careline-server-answers';

export type ScreenSession = {
  id: string;
  status: string;
  startTime: string;
  endTime: string;
  appointmentCount: number;
  appointmentMaxAllowed: number;
  participationMode?: string | null;
  practitioner: { id: string; text: string; photoUrl?: string | null };
  practitionerRole: { code: string; display: string };
  organization: { id: string; orgName: string };
  fee?: { amount: string; currency: string } | null;
};

export type ScreenOrganization = { id: string; name: string };

/** What the screen is written from: the address's filters and the answers, null where not asked. */
export type DoctorScreenData = {
  filters: DoctorFilters;
  organizations: ScreenOrganization[];
  /** The sessions of the filters; null without a filter (the app lists none then). */
  sessions: ScreenSession[] | null;
  answers: ServerAnswer[];
};

/** Runs one of the app's operations as the app would (the request's tenant, no account). */
export type RunOperation = (operation: DoctorScreenOperation, variables: Record<string, unknown>) => Promise<unknown>;

/**
 * The answers /doctor is written from: the hospitals always, the sessions when the address has a filter.
 * @param params - the address's query
 * @param run - runs an operation for the request's tenant; rejects when it fails
 */
export async function doctorScreenData(params: URLSearchParams, run: RunOperation): Promise<DoctorScreenData> {
  const filters = readDoctorFilters(params);
  const variables = sessionSearchVariables(filters);
  const [organizationsData, sessionsData] = await Promise.all([
    run('consultationOrganizations', {}),
    hasSearchFilter(filters) ? run('consultationSessions', variables) : Promise.resolve(null),
  ]);
  const organizations = (organizationsData as { queryOrganization?: ScreenOrganization[] } | null)?.queryOrganization ?? [];
  const sessions = sessionsData === null ? null : ((sessionsData as { querySession?: ScreenSession[] }).querySession ?? []);
  const answers: ServerAnswer[] = [{ operationName: 'consultationOrganizations', variables: {}, data: organizationsData }];
  if (sessionsData !== null) {
    answers.push({ operationName: 'consultationSessions', variables, data: sessionsData });
  }
  return { filters, organizations, sessions, answers };
}

// --- The cards, in the markup of apps/web features/consultations (doctor-card.tsx, session-card.tsx,
// doctor-avatar.tsx), from the same rules (@careline/domain/consultations doctor-filters.ts, doctor-cards.ts,
// session-cards.ts).

/** The page's language, the tenant's hospital name and logo (a URL, or a data: URL), and the clock. */
export type DoctorPageContext = { locale: Locale; hospital: string; logoSrc: string; now: Date };

const tc = (context: DoctorPageContext, id: ConsultationsMessageId, values?: Record<string, string | number>): string =>
  escapeHtml(renderConsultationsMessage(context.locale, id, values));

const timeOfDay = (iso: string, locale: Locale): string =>
  formatInstant(iso, 'sessionTime', { locale, timeZone: DEFAULT_TIME_ZONE }) ?? '';

/**
 * The page allows no style attribute (its CSP): what the app sets as one (a bar's width, an avatar's
 * size and colour) is a rule of the screen's own stylesheet, by a class of its own.
 */
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

function avatar(styles: ScreenStyles, name: string, photoUrl: string | null | undefined): string {
  const size = 'width:56px;height:56px';
  if (photoUrl) {
    return (
      `<img class="session-card__avatar session-card__avatar--photo ${styles.rule(size)}" src="${escapeHtml(photoUrl)}"` +
      ' width="56" height="56" loading="lazy" decoding="async" alt="" />'
    );
  }
  return (
    `<span class="session-card__avatar ${styles.rule(`${size};background:${avatarTint(name)}`)}" aria-hidden="true">` +
    `${escapeHtml(initialsOf(name))}</span>`
  );
}

/** A session inside a doctor's card (SESSION_VIEW_SEARCH_RESULT, withinDoctor). */
function sessionCard(context: DoctorPageContext, styles: ScreenStyles, session: ScreenSession, rescheduling: string | null): string {
  const { locale } = context;
  const label = sessionCardLabel({ status: session.status, startTime: new Date(session.startTime) }, context.now);
  const block = searchSessionBlock(session);
  const blockText = pickBlockText(block);
  const unlimited = session.appointmentMaxAllowed === UNLIMITED_APPOINTMENTS;
  const fill = unlimited
    ? tc(context, 'consultations.card.fillUnlimited', { count: session.appointmentCount })
    : tc(context, 'consultations.card.fill', { count: session.appointmentCount, max: session.appointmentMaxAllowed });
  const time = escapeHtml(timeOfDay(session.startTime, locale));
  const video = session.participationMode === VIDEO_PARTICIPATION_MODE;
  const fee = sessionFeeText(session.fee);
  const percent = sessionFillPercent(session);
  const labelRef = sessionLabelText(label);
  const labelText =
    label.kind === 'startingAt' ? `${tc(context, labelRef.id)} ${time}` : tc(context, labelRef.id, labelRef.values);
  const body =
    `<span class="session-card__hospital">${escapeHtml(session.organization.orgName)}</span>` +
    '<div class="session-card__meta">' +
    `<span class="session-card__chip session-card__chip--${sessionLabelTones[label.kind]}">${labelText}</span>` +
    `<span class="session-card__time"><time datetime="${escapeHtml(session.startTime)}">${time}</time> – ` +
    `<time datetime="${escapeHtml(session.endTime)}">${escapeHtml(timeOfDay(session.endTime, locale))}</time></span>` +
    `<span class="session-card__mode">${tc(context, video ? 'consultations.card.video' : 'consultations.card.inPerson')}</span>` +
    (fee === null ? '' : `<span class="session-card__fee">${tc(context, 'consultations.card.fee', { amount: fee })}</span>`) +
    '</div>' +
    `<div class="session-card__fill"><span>${fill}</span>` +
    (unlimited
      ? ''
      : `<span class="session-card__bar" aria-hidden="true"><span class="session-card__bar-value ${styles.rule(`width:${percent}%`)}"></span></span>`) +
    '</div>' +
    (blockText === null ? '' : `<p class="session-card__blocked">${tc(context, blockText.id)}</p>`);
  const className = `session-card session-card--session-view-search-result${block ? ' session-card--blocked' : ''}`;
  if (block === null) {
    const params = new URLSearchParams({ sessionId: session.id });
    if (rescheduling) {
      params.set('appointmentRescheduledFor', rescheduling);
    }
    return `<a href="/view/session?${escapeHtml(params.toString())}" class="${className} session-card--link">${body}</a>`;
  }
  return `<article class="${className}">${body}</article>`;
}

function doctorCard(
  context: DoctorPageContext,
  styles: ScreenStyles,
  card: DoctorCard<ScreenSession>,
  index: number,
  rescheduling: string | null,
): string {
  const doctor = card.next.practitioner;
  const nameId = `server-doctor-${index}`;
  const nextDay = escapeHtml(formatDay(zonedDay(new Date(card.next.startTime), DEFAULT_TIME_ZONE), 'sessionDay', context.locale) ?? '');
  const more =
    card.rest.length > 0
      ? `<button type="button" class="doctor-card__more" aria-expanded="false" aria-controls="${nameId}-rest">` +
        `${tc(context, 'consultations.doctor.moreSessions', { count: card.rest.length })}</button>` +
        `<div id="${nameId}-rest" class="doctor-card__rest" hidden></div>`
      : '';
  return (
    `<li><article class="doctor-card" aria-labelledby="${nameId}">` +
    `<div class="doctor-card__head">${avatar(styles, doctor.text, doctor.photoUrl)}<div class="session-card__who">` +
    `<h2 id="${nameId}" class="doctor-card__name">${escapeHtml(doctor.text)}</h2>` +
    `<span class="session-card__role">${escapeHtml(card.next.practitionerRole.display)}</span></div></div>` +
    `<h3 class="session-day__heading">${card.nextPickable ? `${tc(context, 'consultations.doctor.nextAvailable')} · ${nextDay}` : nextDay}</h3>` +
    `${sessionCard(context, styles, card.next, rescheduling)}${more}</article></li>`
  );
}

function results(context: DoctorPageContext, styles: ScreenStyles, data: DoctorScreenData): string {
  if (data.sessions === null) {
    return `<p class="consultations-hint">${tc(context, 'consultations.doctor.startHint')}</p>`;
  }
  const cards = groupSessionsByDoctor(data.sessions);
  if (cards.length === 0) {
    // The call-hospital link needs the hospital's phone and the app's rules: the app writes the empty state.
    return (
      '<div class="consultations-state">' +
      `<p class="consultations-state__title" role="status">${tc(context, 'consultations.doctor.noSessions')}</p></div>`
    );
  }
  return (
    '<div class="session-results">' +
    `<p class="session-results__count" role="status">${tc(context, 'consultations.doctor.sessionsFound', { count: data.sessions.length })}</p>` +
    `<ul class="doctor-cards">${cards.map((card, index) => doctorCard(context, styles, card, index, data.filters.appointmentRescheduledFor)).join('')}</ul>` +
    '</div>'
  );
}

function chips(context: DoctorPageContext, data: DoctorScreenData): string {
  const { filters } = data;
  const sessions = data.sessions ?? [];
  const doctorName =
    filters.selectedPractitioner === null
      ? null
      : (sessions.find((s) => s.practitioner.id === filters.selectedPractitioner)?.practitioner.text ?? filters.selectedPractitioner);
  const specialtyName =
    filters.performerRole === null
      ? null
      : (sessions.find((s) => s.practitionerRole.code === filters.performerRole)?.practitionerRole.display ?? filters.performerRole);
  const hospitalName =
    filters.organization === null
      ? null
      : (data.organizations.find((o) => o.id === filters.organization)?.name ?? filters.organization);
  const names = [doctorName, specialtyName, hospitalName].filter((name) => name !== null);
  if (names.length === 0) {
    return '';
  }
  const chip = (name: string) =>
    `<button type="button" class="filter-chip" aria-label="${tc(context, 'consultations.doctor.removeFilter', { name })}">` +
    `<span>${escapeHtml(name)}</span><span aria-hidden="true">×</span></button>`;
  return (
    `<div class="filter-chips" role="group" aria-label="${tc(context, 'consultations.doctor.filters')}">` +
    `${names.map(chip).join('')}` +
    `<button type="button" class="filter-chip filter-chip--clear">${tc(context, 'consultations.doctor.clearFilters')}</button></div>`
  );
}

/**
 * The app's header (features/shell app-header.tsx): logo home, hospital name, language switch.
 * @param context - the page's language, hospital and logo
 */
export function shellHeader(context: { locale: Locale; hospital: string; logoSrc: string }): string {
  const options = locales
    .map(
      (locale) =>
        `<option value="${locale}" lang="${locale}"${locale === context.locale ? ' selected' : ''}>${escapeHtml(localeNames[locale])}</option>`,
    )
    .join('');
  const label = escapeHtml(renderMessage(context.locale, 'language.label'));
  return (
    '<header class="app-header">' +
    `<a class="app-header__home" href="/" aria-label="${escapeHtml(renderMessage(context.locale, 'shell.homeLink', { hospital: context.hospital }))}">` +
    `<img class="app-header__logo" src="${escapeHtml(context.logoSrc)}" alt="" width="36" height="36" /></a>` +
    `<p class="app-header__name">${escapeHtml(context.hospital)}</p>` +
    `<div class="language-switch"><label for="server-language" class="visually-hidden">${label}</label>` +
    `<select id="server-language" class="language-switch__select">${options}</select></div></header>`
  );
}

/**
 * /doctor as the server writes it into #root, with the answers it was written from for the app.
 * @param data - the address's filters and the answers
 * @param context - the page's language, the tenant's hospital name and logo, and the clock
 */
export function doctorScreen(data: DoctorScreenData, context: DoctorPageContext): ServerScreen {
  const { filters } = data;
  const hospitalOptions = data.organizations
    .map(
      (organization) =>
        `<option value="${escapeHtml(organization.id)}"${organization.id === filters.organization ? ' selected' : ''}>` +
        `${escapeHtml(organization.name)}</option>`,
    )
    .join('');
  const title = tc(context, 'consultations.doctor.title');
  const styles = screenStyles();
  const screen =
    '<section class="screen doctor-screen" aria-labelledby="server-doctor-title">' +
    `<h1 id="server-doctor-title">${title}</h1>` +
    (filters.appointmentRescheduledFor
      ? `<p class="consultations-banner consultations-banner--info" role="note">${tc(context, 'consultations.doctor.rescheduling')}</p>`
      : '') +
    '<div class="search-combobox">' +
    `<label for="server-doctor-search" class="search-combobox__label">${tc(context, 'consultations.doctor.searchLabel')}</label>` +
    '<input id="server-doctor-search" class="search-combobox__input" type="search" role="combobox" autocomplete="off"' +
    ` aria-autocomplete="list" aria-expanded="false" placeholder="${tc(context, 'consultations.search.placeholder')}"` +
    ' data-careline-server-input="search" /></div>' +
    '<div class="doctor-screen__hospital">' +
    `<label for="server-doctor-hospital-filter">${tc(context, 'consultations.doctor.hospitalFilter')}</label>` +
    '<select id="server-doctor-hospital-filter" class="consultations-select">' +
    `<option value=""${filters.organization === null ? ' selected' : ''}>${tc(context, 'consultations.doctor.allHospitals')}</option>` +
    `${hospitalOptions}</select></div>` +
    chips(context, data) +
    results(context, styles, data) +
    '</section>';
  return {
    html:
      `<div class="app-shell" data-careline-server-screen="doctor" data-careline-takeover="/doctor">${shellHeader(context)}` +
      `<main class="app-shell__main">${screen}</main></div>` +
      `<script id="careline-server-answers" type="application/json">${jsonForScriptElement(data.answers)}</script>`,
    lang: context.locale,
    // As the app names its screens (apps/web lib/shell/use-screen-heading.ts screenTitle).
    title: `${renderConsultationsMessage(context.locale, 'consultations.doctor.title')} – ${context.hospital}`,
    withScripts: true,
    style: styles.text(),
  };
}
