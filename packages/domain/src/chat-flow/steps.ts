/**
 * The chat flow of spec doc 1 §4 as data: every step of doc 1 §2 'Chat steps', what the assistant
 * says there, the suggestion widget it shows, when it shows, the feature flags that hide it, and
 * where each choice goes. ./flow.ts walks it; nothing here runs.
 */
import type { ChatFeature } from './features.ts';
import type { ChatStepDefinition, ChatStepId, ChatTarget } from './step-model.ts';

// The steps' words, with the steps that use them.
export * from './step-model.ts';

const CONSULTATION: readonly ChatFeature[] = ['channelling', 'videoChannelling'];
const ORDERS: readonly ChatFeature[] = ['medicationOrder', 'examinationOrder', 'procedureOrder'];

/** Builds a step with the defaults: no messages, widget, conditions, flags or profile. */
function step(id: ChatStepId, rest: Partial<Omit<ChatStepDefinition, 'id'>> & Pick<ChatStepDefinition, 'next'>): ChatStepDefinition {
  return {
    id,
    kind: 'screen',
    say: [],
    widget: null,
    showWhen: [],
    otherwise: null,
    features: [],
    needsProfile: false,
    ...rest,
  };
}

const to = (stepId: ChatStepId): ChatTarget => ({ step: stepId });

/** The recent organization step of a service (doc 1 §2 "recent organization"; §4 suggest-recent-organization). */
function recentOrganization(id: ChatStepId, features: readonly ChatFeature[]): ChatStepDefinition {
  return step(id, {
    say: [{ text: 'recentOrganization' }],
    widget: 'recent-organization',
    showWhen: ['has-recent-organization'],
    otherwise: 'organization-picker',
    features,
    next: [
      { on: 'pick-organization', by: 'user', to: to('organization-chosen') },
      // spec doc 1 §2: a multi-organization option is hidden when the context is single-organization
      { on: 'another-organization', by: 'user', label: 'anotherHospital', when: ['multi-organization'], to: to('organization-picker') },
    ],
  });
}

const steps: readonly ChatStepDefinition[] = [
  // --- Entries (spec doc 1 §4 Chat flow) ---
  step('normal', { kind: 'entry', next: [{ on: 'auto', by: 'auto', to: to('greeting') }] }),
  // A restart keeps the conversation so far: no second greeting.
  step('restart', { kind: 'entry', next: [{ on: 'auto', by: 'auto', to: to('check-user-loggedin') }] }),
  step('link-follow', { kind: 'entry', next: [{ on: 'auto', by: 'auto', to: to('init-link-follow') }] }),
  // spec doc 1 §4 Link sign-in: straight to the page when already signed in as the link's number,
  // else the code is sent first (not for 'INVALID'); a failed link goes to /accessDenied.
  step('init-link-follow', {
    kind: 'decision',
    say: [{ text: 'greeting' }],
    next: [
      { on: 'link-signed-in', by: 'outcome', to: { route: '{linkDestination}' } },
      { on: 'link-code-sent', by: 'outcome', to: to('otp') },
      { on: 'link-invalid-number', by: 'outcome', to: to('mobile-number') },
      { on: 'link-failed', by: 'outcome', to: { route: '/accessDenied' } },
    ],
  }),
  step('greeting', { say: [{ text: 'greeting' }], next: [{ on: 'auto', by: 'auto', to: to('check-user-loggedin') }] }),
  step('check-user-loggedin', {
    kind: 'decision',
    next: [
      { on: 'auto', by: 'auto', when: ['signed-out'], to: to('mobile-number') },
      { on: 'auto', by: 'auto', when: ['no-profiles'], to: to('registration') },
      // doc 3 §2: /chat-home/Medication, /Examination, /Procedure start the matching flow
      { on: 'auto', by: 'auto', when: ['service-medication'], features: ['medicationOrder'], to: to('suggest-recent-organization-medication') },
      { on: 'auto', by: 'auto', when: ['service-examination'], features: ['examinationOrder'], to: to('suggest-recent-organization-lab') },
      { on: 'auto', by: 'auto', when: ['service-procedure'], features: ['procedureOrder'], to: to('suggest-recent-organization-procedure') },
      { on: 'auto', by: 'auto', to: to('upcoming-check') },
    ],
  }),

  // --- Sign-in (spec doc 1 §2 Chat step details, §4 Sign-in, §8) ---
  step('mobile-number', {
    say: [{ text: 'askMobile' }],
    widget: 'mobile-number',
    showWhen: ['signed-out'],
    otherwise: 'check-user-loggedin',
    next: [
      { on: 'code-sent', by: 'outcome', to: to('otp') },
      // The failure event is the server's text, said by the host.
      { on: 'code-send-failed', by: 'outcome', to: to('mobile-number') },
    ],
  }),
  step('otp', {
    say: [{ text: 'codeSentTo' }, { text: 'smsDelay', kind: 'event' }],
    widget: 'otp',
    showWhen: ['signed-out'],
    otherwise: 'check-user-loggedin',
    next: [
      { on: 'code-verified', by: 'outcome', when: ['following-link'], to: { route: '{linkDestination}' } },
      { on: 'code-verified', by: 'outcome', to: to('check-user-loggedin') },
      // spec doc 1 §4: a wrong code shows 'that is not the code I sent you' and restarts verification
      { on: 'code-wrong', by: 'outcome', to: to('otp'), say: [{ text: 'wrongCode' }] },
      // spec doc 1 §8: a verification failure shows a failure event and returns to the OTP-error state
      { on: 'verify-failed', by: 'outcome', to: to('otp') },
      { on: 'code-resent', by: 'outcome', to: to('otp'), say: [{ text: 'otpResent', kind: 'event' }] },
      { on: 'resend-failed', by: 'outcome', to: to('otp') },
      { on: 'change-number', by: 'user', label: 'changeNumber', to: to('mobile-number') },
    ],
  }),
  // spec doc 1 §4 step 4: an unknown number gets the registration form, inline in the chat
  step('registration', {
    say: [{ text: 'askRegistration' }],
    widget: 'registration',
    showWhen: ['signed-in', 'no-profiles'],
    otherwise: 'check-user-loggedin',
    next: [
      { on: 'registered', by: 'outcome', to: to('check-user-loggedin') },
      { on: 'registration-failed', by: 'outcome', to: to('registration') },
    ],
  }),

  // --- Upcoming events and the service-type menu (spec doc 1 §2, §4) ---
  step('upcoming-check', {
    kind: 'decision',
    next: [
      { on: 'auto', by: 'auto', when: ['has-upcoming-events'], to: to('upcoming-events') },
      { on: 'auto', by: 'auto', to: to('service-type-menu') },
    ],
  }),
  step('upcoming-events', {
    say: [
      { text: 'upcomingEvents', when: ['has-upcoming-events'] },
      { text: 'noSessions', when: ['no-upcoming-events'] },
    ],
    widget: 'upcoming-events',
    showWhen: ['signed-in'],
    otherwise: 'service-type-menu',
    next: [
      { on: 'open-appointment', by: 'user', to: { route: '/view/appointment?sessionId={sessionId}&appointmentId={appointmentId}' } },
      { on: 'auto', by: 'auto', to: to('service-type-menu') },
    ],
  }),
  step('service-type-menu', {
    say: [{ text: 'menu' }],
    widget: 'startup',
    next: [
      { on: 'book-a-doctor', by: 'user', label: 'bookADoctor', features: ['channelling'], service: 'consultation', to: to('search-actions') },
      { on: 'video-channel', by: 'user', label: 'videoChannel', features: ['videoChannelling'], service: 'video-consultation', to: to('search-actions') },
      { on: 'home-visit', by: 'user', label: 'homeVisit', features: ['procedureOrder'], service: 'procedure', to: to('suggest-recent-organization-procedure') },
      { on: 'home-lab-test', by: 'user', label: 'homeLabTest', features: ['examinationOrder'], service: 'examination', to: to('suggest-recent-organization-lab') },
      { on: 'online-pharmacy', by: 'user', label: 'onlinePharmacy', features: ['medicationOrder'], service: 'medication', to: to('suggest-recent-organization-medication') },
      { on: 'chat-with-hospital', by: 'user', label: 'chatWithHospital', features: ['agentChat'], service: 'agent-chat', to: to('agent-chat') },
      { on: 'what-is-my-upcoming', by: 'user', label: 'whatIsMyUpcoming', when: ['signed-in'], to: to('upcoming-events') },
      { on: 'show-my-profile', by: 'user', label: 'showMyProfile', when: ['signed-in'], to: { route: '/profiles' } },
      {
        on: 'show-my-online-payment-history',
        by: 'user',
        label: 'showMyOnlinePaymentHistory',
        when: ['signed-in'],
        to: { route: '/profiles/my-payment-history' },
      },
    ],
  }),

  // --- Book a doctor (spec doc 1 §2; doc 2 §2, §4 Booking, §9) ---
  // Book a Doctor and Video Channel open the search actions, 'My recent doctor' among them when there
  // is one: the same buttons on the first visit as after 'Search again' (issue 29 §12).
  step('recent-doctor', {
    say: [{ text: 'recentDoctor' }],
    widget: 'recent-doctor',
    showWhen: ['has-recent-doctor'],
    otherwise: 'search-actions',
    features: CONSULTATION,
    next: [
      { on: 'pick-doctor', by: 'user', to: to('recent-organization') },
      { on: 'search-another-doctor', by: 'user', label: 'searchAnotherDoctor', to: to('search-actions') },
    ],
  }),
  step('search-actions', {
    say: [{ text: 'searchActions' }],
    widget: 'startup-search',
    features: CONSULTATION,
    next: [
      { on: 'search-by-name', by: 'user', label: 'searchByDoctorName', to: to('doctor-by-name') },
      { on: 'search-by-specialty', by: 'user', label: 'searchBySpecialty', to: to('specialty') },
      { on: 'my-recent-doctor', by: 'user', label: 'myRecentDoctor', when: ['has-recent-doctor'], to: to('recent-doctor') },
    ],
  }),
  step('doctor-by-name', {
    say: [{ text: 'doctorByName' }],
    widget: 'doctor-search',
    features: CONSULTATION,
    next: [
      { on: 'pick-doctor', by: 'user', to: to('recent-organization') },
      { on: 'search-by-specialty', by: 'user', label: 'searchBySpecialty', to: to('specialty') },
    ],
  }),
  step('specialty', {
    say: [{ text: 'specialty' }],
    widget: 'specialty',
    features: CONSULTATION,
    next: [
      { on: 'pick-specialty', by: 'user', to: to('recent-organization') },
      { on: 'search-by-name', by: 'user', label: 'searchByDoctorName', to: to('doctor-by-name') },
    ],
  }),
  recentOrganization('recent-organization', CONSULTATION),
  step('organization-picker', {
    say: [{ text: 'organizationPicker' }],
    widget: 'organization-picker',
    // spec doc 1 §2: hidden when the context marks the chat as single-organization
    showWhen: ['multi-organization'],
    otherwise: 'organization-chosen',
    features: [...CONSULTATION, ...ORDERS],
    next: [{ on: 'pick-organization', by: 'user', to: to('organization-chosen') }],
  }),
  // Ours: where a service goes once its hospital is known.
  step('organization-chosen', {
    kind: 'decision',
    features: [...CONSULTATION, ...ORDERS],
    next: [
      { on: 'auto', by: 'auto', when: ['service-consultation'], features: CONSULTATION, to: to('session-list') },
      { on: 'auto', by: 'auto', when: ['service-medication'], features: ['medicationOrder'], to: to('prescription-upload') },
      { on: 'auto', by: 'auto', when: ['service-examination'], features: ['examinationOrder'], to: to('lab-test-selection') },
      { on: 'auto', by: 'auto', when: ['service-procedure'], features: ['procedureOrder'], to: to('home-visit-time') },
      { on: 'auto', by: 'auto', to: to('service-type-menu') },
    ],
  }),
  step('session-list', {
    say: [
      { text: 'sessionList', when: ['has-sessions'] },
      // spec doc 1 §8: no sessions
      { text: 'noSessions', when: ['no-sessions'] },
    ],
    widget: 'session-list',
    features: CONSULTATION,
    next: [
      // doc 2 §9: 3 sessions at first, 3 more per See more
      { on: 'see-more', by: 'user', label: 'seeMore', when: ['has-more-sessions'], to: to('session-list') },
      { on: 'pick-session', by: 'user', to: to('consultation-booking') },
      { on: 'search-again', by: 'user', label: 'searchAgain', to: to('search-actions') },
    ],
  }),
  step('consultation-booking', {
    say: [{ text: 'consultationBooking' }],
    widget: 'consultation-booking',
    features: CONSULTATION,
    needsProfile: true,
    next: [
      // spec doc 1 §4: after booking, the flow returns to the upcoming check
      { on: 'booked', by: 'outcome', to: to('upcoming-check'), say: [{ text: 'appointmentBooked' }] },
      { on: 'booking-failed', by: 'outcome', to: to('consultation-booking'), say: [{ text: 'bookingFailed', kind: 'event' }] },
      { on: 'cancel', by: 'user', label: 'cancel', to: to('service-type-menu') },
    ],
  }),

  // --- Chat with hospital staff (spec doc 1 §4 Chat session with staff) ---
  step('agent-chat', {
    say: [{ text: 'agentChat' }],
    widget: 'agent-chat',
    features: ['agentChat'],
    needsProfile: true,
    next: [{ on: 'chat-closed', by: 'outcome', to: to('service-type-menu') }],
  }),

  // --- Online pharmacy (spec doc 1 §2; doc 3 §1, §4 Creation flow) ---
  recentOrganization('suggest-recent-organization-medication', ['medicationOrder']),
  // The server takes no order without a document (doc 3 §5: no submit "when no image is attached"),
  // so a lab test uploads the doctor's request through the same steps, after its tests are chosen.
  step('prescription-upload', {
    say: [
      { text: 'prescriptionUpload', when: ['service-medication'] },
      { text: 'labRequestUpload', when: ['service-examination'] },
      { text: 'visitRequestUpload', when: ['service-procedure'] },
    ],
    widget: 'document-upload',
    features: ['medicationOrder', 'examinationOrder', 'procedureOrder'],
    next: [
      { on: 'uploaded', by: 'outcome', to: to('more-upload-prompt') },
      { on: 'upload-failed', by: 'outcome', to: to('prescription-upload'), say: [{ text: 'imagesUploadFailed', kind: 'event' }] },
    ],
  }),
  step('more-upload-prompt', {
    say: [
      { text: 'moreUpload', when: ['service-medication'] },
      { text: 'moreLabRequestUpload', when: ['service-examination'] },
      { text: 'moreLabRequestUpload', when: ['service-procedure'] },
    ],
    widget: 'context',
    features: ['medicationOrder', 'examinationOrder', 'procedureOrder'],
    next: [
      { on: 'yes', by: 'user', label: 'yes', to: to('prescription-upload') },
      { on: 'no', by: 'user', label: 'no', when: ['service-medication'], features: ['medicationOrder'], to: to('delivery-mode') },
      { on: 'no', by: 'user', label: 'no', when: ['service-examination'], features: ['examinationOrder'], to: to('sample-collection-address') },
      { on: 'no', by: 'user', label: 'no', when: ['service-procedure'], features: ['procedureOrder'], to: to('delivery-address') },
    ],
  }),
  // doc 3 §1: medicine is delivered to the home or collected at the hospital
  step('delivery-mode', {
    say: [{ text: 'deliveryMode' }],
    widget: 'delivery-mode',
    features: ['medicationOrder'],
    next: [
      { on: 'home-delivery', by: 'user', label: 'deliverToMyHome', to: to('delivery-address') },
      { on: 'hospital-pickup', by: 'user', label: 'collectAtHospital', to: to('order-confirmation') },
    ],
  }),
  // Also where a home visit goes (its address; the server takes no homecare order without one).
  step('delivery-address', {
    say: [
      { text: 'deliveryAddress', when: ['service-medication'] },
      { text: 'visitAddress', when: ['service-procedure'] },
    ],
    widget: 'delivery-address',
    features: ['medicationOrder', 'procedureOrder'],
    next: [
      {
        on: 'confirm-address',
        by: 'user',
        label: 'confirmAddress',
        when: ['service-medication'],
        features: ['medicationOrder'],
        to: to('order-confirmation'),
      },
      {
        on: 'confirm-address',
        by: 'user',
        label: 'confirmAddress',
        when: ['service-procedure'],
        features: ['procedureOrder'],
        to: to('procedure-confirmation'),
      },
    ],
  }),
  step('order-confirmation', {
    say: [
      { text: 'orderConfirmation' },
      // spec doc 1 §9, doc 3 §9: 10% on lab tests and on medication ordered via chat
      { text: 'medicationDiscount', when: ['service-medication'] },
      { text: 'labTestDiscount', when: ['service-examination'] },
    ],
    widget: 'confirm-order',
    features: ['medicationOrder', 'examinationOrder'],
    needsProfile: true,
    next: [
      // spec doc 1 §4: after ordering, the flow returns to the upcoming check
      { on: 'order-created', by: 'outcome', to: to('upcoming-check'), say: [{ text: 'requestSent' }] },
      {
        on: 'order-failed',
        by: 'outcome',
        to: to('order-confirmation'),
        say: [
          { text: 'unableToCreateOrder', kind: 'event', when: ['service-medication'] },
          { text: 'unableToCreateLabTest', kind: 'event', when: ['service-examination'] },
        ],
      },
      { on: 'cancel', by: 'user', label: 'cancel', to: to('service-type-menu') },
    ],
  }),

  // --- Home lab test (spec doc 1 §2; doc 3 §1) ---
  recentOrganization('suggest-recent-organization-lab', ['examinationOrder']),
  step('lab-test-selection', {
    say: [{ text: 'labTestSelection' }],
    widget: 'examination-test',
    features: ['examinationOrder'],
    next: [{ on: 'pick-tests', by: 'user', label: 'confirm', to: to('prescription-upload') }],
  }),
  step('sample-collection-address', {
    say: [{ text: 'sampleCollectionAddress' }],
    widget: 'delivery-address',
    features: ['examinationOrder'],
    next: [{ on: 'confirm-address', by: 'user', label: 'confirmAddress', to: to('sample-collection-time') }],
  }),
  step('sample-collection-time', {
    say: [{ text: 'sampleCollectionTime' }],
    widget: 'time-picker',
    features: ['examinationOrder'],
    next: [{ on: 'pick-time', by: 'user', to: to('order-confirmation') }],
  }),

  // --- Home visit and procedures (spec doc 1 §2; doc 3 §1) ---
  recentOrganization('suggest-recent-organization-procedure', ['procedureOrder']),
  step('home-visit-time', {
    say: [{ text: 'homeVisitTime' }],
    widget: 'time-picker',
    features: ['procedureOrder'],
    next: [{ on: 'pick-time', by: 'user', to: to('procedure-code') }],
  }),
  step('procedure-code', {
    say: [{ text: 'procedureCode' }],
    widget: 'procedure-code',
    features: ['procedureOrder'],
    // The doctor's request, then the visit's address, before the confirmation.
    next: [{ on: 'pick-procedures', by: 'user', label: 'confirm', to: to('prescription-upload') }],
  }),
  step('procedure-confirmation', {
    say: [{ text: 'procedureConfirmation' }],
    widget: 'confirm-order',
    features: ['procedureOrder'],
    needsProfile: true,
    next: [
      { on: 'order-created', by: 'outcome', to: to('upcoming-check'), say: [{ text: 'requestSent' }] },
      { on: 'order-failed', by: 'outcome', to: to('procedure-confirmation'), say: [{ text: 'unableToCreateHomeVisit', kind: 'event' }] },
      { on: 'cancel', by: 'user', label: 'cancel', to: to('service-type-menu') },
    ],
  }),
];

/** Every step by id. */
export const CHAT_STEPS: Readonly<Record<ChatStepId, ChatStepDefinition>> = Object.fromEntries(
  steps.map((definition) => [definition.id, definition]),
) as Record<ChatStepId, ChatStepDefinition>;
