/**
 * The guided chat assistant as data (issue 12, first slice; spec doc 1 §2 Chat assistant, §3 Chat
 * communication, §4 Chat flow and Chat session with staff, §7 Chat, §9; doc 3 §2 chat paths).
 * Import from '@careline/domain/chat-flow'. Pure: no React, no I/O; the web app renders it.
 *
 * The step graph (./steps.ts)
 * ---------------------------
 * Every step of doc 1 §2 'Chat steps' and every flow state of doc 1 §4 is one entry of CHAT_STEPS:
 * what the assistant says (text keys of ./texts.ts, with conditions), its suggestion widget
 * (./widgets.ts), its show conditions (./conditions.ts) and where the flow goes instead when they
 * fail, the feature flags that hide it (./features.ts; any one listed flag on shows it, and
 * chat.enabled gates the whole chat), whether it acts for a profile (the relationship modal opens
 * first), and its choices: user buttons, outcomes the host reports after a call, and 'auto'.
 *
 *   normal ──> greeting ──> check-user-loggedin
 *   restart ─────────────> check-user-loggedin
 *   link-follow ──> init-link-follow ──> otp (the code is sent first) | mobile-number ('INVALID')
 *                                      | the link's page (already signed in) | /accessDenied
 *   check-user-loggedin ──> mobile-number (signed out) | registration (no profiles)
 *                         | suggest-recent-organization-medication|lab|procedure (/chat-home/{category})
 *                         | upcoming-check
 *   mobile-number ──> otp ──> check-user-loggedin (or the link's page); a wrong code says
 *                             'that is not the code I sent you' and loops back to otp
 *   upcoming-check ──> upcoming-events (has upcoming events) ──> service-type-menu
 *   service-type-menu: Book a Doctor, Video Channel ──> search-actions (──> recent-doctor: 'My recent doctor')
 *                        ──> doctor-by-name | specialty ──> recent-organization ──> organization-picker
 *                        ──> organization-chosen ──> session-list ('See more') ──> consultation-booking
 *                      Online Pharmacy ──> suggest-recent-organization-medication ──> … ──>
 *                        prescription-upload ⇄ more-upload-prompt ──> delivery-mode ──>
 *                        [delivery-address ──>] order-confirmation
 *                      Home Lab Test ──> suggest-recent-organization-lab ──> … ──> lab-test-selection
 *                        ──> prescription-upload ⇄ more-upload-prompt (the doctor's request: the server
 *                        takes no order without a document) ──> sample-collection-address
 *                        ──> sample-collection-time ──> order-confirmation
 *                      Home Visit ──> suggest-recent-organization-procedure ──> … ──> home-visit-time
 *                        ──> procedure-code ──> prescription-upload ⇄ more-upload-prompt
 *                        ──> delivery-address (the visit's) ──> procedure-confirmation
 *                      Chat With Hospital ──> agent-chat
 *                      What is my upcoming ──> upcoming-events; Show my profile, Show my online
 *                        payment history ──> their routes (signed in only)
 *   booked, order-created ──> upcoming-check (doc 1 §4: after booking or ordering)
 *
 * A step one of whose flags is on but whose show condition fails goes to its 'otherwise' (no
 * recent doctor: search-actions; single organization: no picker). A step no flag shows (a
 * /chat-home/Medication path where medicationOrder is off) goes back to check-user-loggedin.
 *
 * Walking it (./flow.ts): enterChat(entry, context, features) and chooseInChat(step, choice,
 * context, features) answer where the chat lands, which steps it passed and what to say on the
 * way; chatButtons lists a step's open buttons; reachableChatSteps what a tenant's flags allow;
 * chatEntryFor and chatServiceForPath read the address.
 *
 * The order services (./chat-orders.ts): which category each creates, lab/medication/procedure
 * being the services with a recent hospital (suggest-recent-organization), how a delivery choice is
 * sent (homecare or appointment), when an order may be confirmed, and a home visit's requested time.
 *
 * The service-type menu's buttons (./chat-menu.ts: chatMenuButtons, for the app and the server's /chat-home).
 *
 * Also here: the chat with hospital staff as a state machine (./staff-chat.ts: preparation
 * 'connecting to hospital staff', in_progress, suspended 'all staff busy', completed,
 * entered_in_error when completed from preparation or suspended; rating 1 happy, 0 unhappy) and
 * the chat's date format 'Do MMM (ddd), hh:mm A' (./chat-date.ts).
 *
 * Texts: CHAT_SPEC_TEXTS are the spec's words, character for character; CHAT_OUR_TEXTS are ours,
 * where the spec names a step but shows no words for it.
 */
export * from './conditions.ts';
export * from './features.ts';
export * from './texts.ts';
export * from './widgets.ts';
export * from './steps.ts';
export * from './flow.ts';
export * from './staff-chat.ts';
export * from './chat-date.ts';
export * from './chat-orders.ts';
export * from './conversation.ts';
export * from './chat-menu.ts';
