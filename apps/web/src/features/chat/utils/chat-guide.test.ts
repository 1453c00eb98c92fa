import { describe, expect, it } from 'vitest';
import {
  CHAT_TEXTS,
  chatButtons,
  chooseInChat,
  type ChatTextKey,
} from '@careline/domain/chat-flow';
import { baseTenantConfig } from '@careline/domain/tenant';
import { activateLocale, createI18n } from '@careline/i18n/core';
import { translateText } from '@careline/i18n/errors';
import { chatReducer, initialChatState } from './chat-flow.ts';
import {
  appointmentCard,
  guideContext,
  guideMessages,
  hospitalsWithSessions,
  offeredHospitals,
  type ChatGuideFacts,
} from './chat-guide.ts';

const facts: ChatGuideFacts = {
  signedIn: true,
  hasProfiles: true,
  service: 'consultation',
  hasRecentDoctor: false,
  organizationCount: 2,
  upcomingCount: 0,
  sessionCount: 7,
  seeMoreTaps: 0,
};
const features = baseTenantConfig.features;

describe('the guided chat context (issue 12 §2)', () => {
  it('hides the organization picker for a single organization (spec doc 1 §2)', () => {
    expect(guideContext({ ...facts, organizationCount: 2 }).singleOrganization).toBe(false);
    expect(guideContext({ ...facts, organizationCount: 1 }).singleOrganization).toBe(true);
    const single = chooseInChat(
      'doctor-by-name',
      'pick-doctor',
      guideContext({ ...facts, organizationCount: 1 }),
      features,
    );
    expect(single?.kind === 'step' ? single.step : null).toBe('session-list');
    const many = chooseInChat('doctor-by-name', 'pick-doctor', guideContext(facts), features);
    expect(many?.kind === 'step' ? many.step : null).toBe('organization-picker');
  });

  it('with no hospital to offer, goes to the session list, which says there are none (issue 29 §11)', () => {
    expect(guideContext({ ...facts, organizationCount: 0 }).singleOrganization).toBe(true);
    const none = chooseInChat(
      'doctor-by-name',
      'pick-doctor',
      guideContext({ ...facts, organizationCount: 0, sessionCount: 0 }),
      features,
    );
    expect(none?.kind === 'step' ? [none.step, none.say.map((line) => line.text)] : null).toEqual([
      'session-list',
      ['noSessions'],
    ]);
    expect(guideContext({ ...facts, organizationCount: null }).singleOrganization).toBe(false);
  });

  it("offers 'See more' while fewer than all sessions show: 3, then 3 more per tap (spec doc 2 §9)", () => {
    const seeMore = (seeMoreTaps: number, sessionCount = 7) =>
      chatButtons(
        'session-list',
        guideContext({ ...facts, seeMoreTaps, sessionCount }),
        features,
      ).some((choice) => choice.on === 'see-more');
    expect([0, 1, 2].map((taps) => seeMore(taps))).toEqual([true, true, false]);
    expect(seeMore(0, 3)).toBe(false);
  });

  it('goes back to the upcoming check after booking, and lists the upcoming events when there are some (spec doc 1 §4)', () => {
    const booked = chooseInChat(
      'consultation-booking',
      'booked',
      guideContext({ ...facts, upcomingCount: 1 }),
      features,
    );
    expect(booked?.kind === 'step' ? booked.passed : []).toEqual([
      'upcoming-check',
      'upcoming-events',
      'service-type-menu',
    ]);
    const none = chooseInChat(
      'service-type-menu',
      'what-is-my-upcoming',
      guideContext(facts),
      features,
    );
    expect(none?.kind === 'step' ? none.say.map((line) => line.text) : []).toEqual([
      'noSessions',
      'menu',
    ]);
  });
});

describe('the guided chat messages', () => {
  const card = appointmentCard(
    {
      id: 'a-1',
      sessionId: 's-1',
      doctorName: 'Dr. Nimal Perera',
      patientDisplayName: 'Mrs Sita Perera',
      organizationName: 'Lanka Hospitals Colombo',
      start: new Date(2026, 10, 24, 16, 51).toISOString(),
      tokenNo: 4,
    },
    '/view/appointment?sessionId=s-1&appointmentId=a-1',
  );

  it("shows an appointment's time in the chat's format 'Do MMM (ddd), hh:mm A'", () => {
    expect(card.when).toBe('24th Nov (Tue), 04:51 PM');
  });

  it('puts the booked appointment after its line and the upcoming ones after theirs', () => {
    const drafts = guideMessages(
      [
        { text: 'appointmentBooked', kind: 'assistant' },
        { text: 'upcomingEvents', kind: 'assistant' },
        { text: 'menu', kind: 'assistant' },
      ],
      { booked: card, upcoming: [card] },
    );
    expect(
      drafts.map((draft) => (draft.appointments ? `[${draft.appointments.length}]` : draft.text)),
    ).toEqual([
      'Your appointment is booked.',
      '[1]',
      'Here are your upcoming appointments.',
      '[1]',
      'How can I help you today?',
    ]);
    expect(guideMessages([{ text: 'bookingFailed', kind: 'event' }])).toEqual([
      { author: 'event', text: 'Sorry, Unable to book at the moment', tone: 'normal' },
    ]);
  });

  it('enters guided steps, and the service-type menu as the chat home menu', () => {
    const guided = chatReducer(initialChatState, {
      type: 'flowed',
      patient: 'Book a Doctor',
      messages: [],
      flowStep: 'search-actions',
    });
    expect(guided).toMatchObject({ step: 'guided', flowStep: 'search-actions' });
    expect(guided.messages.map((message) => message.text)).toEqual(['Book a Doctor']);
    const menu = chatReducer(guided, {
      type: 'flowed',
      patient: null,
      messages: [],
      flowStep: 'service-type-menu',
    });
    expect(menu).toMatchObject({ step: 'menu', flowStep: null });
  });

  // Every text the guided booking says or labels is in the catalogues, so it shows in Sinhala and Tamil.
  it.each(['si', 'ta'] as const)('has every guided booking text in %s', async (locale) => {
    const i18n = createI18n();
    await activateLocale(i18n, locale);
    const keys: ChatTextKey[] = [
      'upcomingEvents',
      'searchActions',
      'recentDoctor',
      'doctorByName',
      'specialty',
      'organizationPicker',
      'sessionList',
      'consultationBooking',
      'appointmentBooked',
      'noSessions',
      'menu',
      'myRecentDoctor',
      'searchAnotherDoctor',
      'searchByDoctorName',
      'searchBySpecialty',
      'searchAgain',
      'bookNow',
      'cancel',
      'clear',
      'doctorNamePlaceholder',
      'scrollToSeeMore',
      'seeMore',
      'bookingFailed',
      'bookADoctor',
      'whatIsMyUpcoming',
    ];
    const untranslated = keys.filter(
      (key) => translateText(i18n, CHAT_TEXTS[key]) === CHAT_TEXTS[key],
    );
    expect(untranslated).toEqual([]);
  });
});

describe('the hospitals offered after a doctor or specialty (issue 29 §11)', () => {
  const colombo = { id: 'org-1', name: 'Colombo' };
  const kandy = { id: 'org-2', name: 'Kandy' };
  const galle = { id: 'org-3', name: 'Galle' };
  const session = {
    id: 's-1',
    doctorName: 'Dr. Nimal Perera',
    specialty: 'Cardiologist',
    organizationName: 'Galle',
    startTime: '2030-03-03T11:00:00.000Z',
  };

  it('keeps the hospitals with sessions to pick, in the tenant’s order', async () => {
    const asked: string[] = [];
    const offered = await hospitalsWithSessions([colombo, kandy, galle], async (organizationId) => {
      asked.push(organizationId);
      return organizationId === 'org-1' ? [] : [session];
    });
    expect(offered).toEqual([kandy, galle]);
    expect(asked.sort()).toEqual(['org-1', 'org-2', 'org-3']);
    expect(await hospitalsWithSessions([colombo, kandy], async () => [])).toEqual([]);
  });

  it('answers null when any hospital could not be asked, never a shorter list', async () => {
    expect(await hospitalsWithSessions([colombo, kandy], async (id) => (id === 'org-2' ? null : [session]))).toBeNull();
    expect(
      await hospitalsWithSessions([colombo], async () => {
        throw new Error('offline');
      }),
    ).toBeNull();
  });

  it('offers those for a consultation once asked, and the tenant’s hospitals otherwise', () => {
    const organizations = [colombo, kandy, galle];
    expect(offeredHospitals({ service: 'consultation', organizations, sessionHospitals: [galle] })).toEqual([galle]);
    expect(offeredHospitals({ service: 'consultation', organizations, sessionHospitals: null })).toEqual(organizations);
    expect(offeredHospitals({ service: 'medication', organizations, sessionHospitals: [galle] })).toEqual(organizations);
    expect(offeredHospitals({ service: 'consultation', organizations: null, sessionHospitals: null })).toBeNull();
  });
});
