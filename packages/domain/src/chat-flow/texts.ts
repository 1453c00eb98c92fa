/**
 * Every text the guided chat says or shows, in two tables: the spec's own words, copied character
 * for character (doc 1 §2, §4, §8; doc 2 §4; doc 3 §2, §4, §8), and ours, for the many assistant
 * messages whose words the spec does not show. Texts shared with other modules are taken from them,
 * so the chat and the screens never drift apart. Placeholders are {name}; fill them with fillChatText.
 */
import { authTexts } from '../auth/texts.ts';
import { appointmentTexts } from '../consultations/appointment-rules.ts';
import { ORDER_TEXTS } from '../orders/texts.ts';
import { chatMediaTexts } from '../shell/texts.ts';

/** Texts the spec shows, character for character. */
export const CHAT_SPEC_TEXTS = {
  // doc 1 §2 Chat step details, §4 Sign-in
  mobilePlaceholder: authTexts.mobilePlaceholder,
  sendNow: authTexts.sendNow,
  codePlaceholder: authTexts.codePlaceholder,
  verifyNow: authTexts.verifyNow,
  resendOtp: authTexts.resendOtp,
  otpResent: authTexts.otpResent,
  smsDelay: authTexts.smsDelay,
  wrongCode: authTexts.wrongCode,
  doctorNamePlaceholder: 'Type your doctor name',
  scrollToSeeMore: 'Scroll to see more ...',
  loadingImage: chatMediaTexts.loadingImage,
  imageFailed: chatMediaTexts.imageFailed,
  fileFailed: chatMediaTexts.fileFailed,
  // doc 1 §2 service-type menu
  bookADoctor: 'Book a Doctor',
  videoChannel: 'Video Channel',
  homeVisit: 'Home Visit',
  homeLabTest: 'Home Lab Test',
  onlinePharmacy: 'Online Pharmacy',
  chatWithHospital: 'Chat With Hospital',
  whatIsMyUpcoming: 'What is my upcoming',
  showMyProfile: 'Show my profile',
  showMyOnlinePaymentHistory: 'Show my online payment history',
  // doc 1 §8: "No sessions or no orders"
  noSessions: "I couldn't find any sessions",
  // doc 2 §9: 3 sessions at first, 3 more per See more
  seeMore: 'See more',
  // doc 2 §4 Booking step 5
  bookingFailed: appointmentTexts.bookingFailed,
  // doc 3 §2 Order creation screen, §4 Creation flow, §8
  requestSent: ORDER_TEXTS.requestSent,
  uploadingImage: ORDER_TEXTS.chatUploadingImage,
  creatingDigitalDocument: ORDER_TEXTS.chatCreatingDocument,
  uploadFailed: ORDER_TEXTS.uploadFailed,
  imagesUploadFailed: ORDER_TEXTS.imagesUploadFailed,
  documentsUploadFailed: ORDER_TEXTS.documentsUploadFailed,
  unableToCreateOrder: ORDER_TEXTS.unableToCreateOrder,
  unableToCreateLabTest: ORDER_TEXTS.unableToCreateLabTest,
  unableToCreateHomeVisit: ORDER_TEXTS.unableToCreateHomeVisit,
  // doc 1 §4 Chat session with staff: the statuses' words in the spec's parentheses
  connectingToHospitalStaff: 'connecting to hospital staff',
  allStaffBusy: 'all staff busy',
} as const;

/**
 * Ours: the spec names the steps but not what the assistant says in them. The first four are the
 * chat home's own (apps/web chat-flow.ts chatAssistantTexts), kept word for word. The greeting's
 * parts (morning, afternoon, evening) are the spec's (doc 1 §4 Other state codes; shell greetingText).
 */
export const CHAT_OUR_TEXTS = {
  askMobile: 'Please type your mobile number to sign in.',
  codeSentTo: 'I sent a verification code by SMS to +{mobileNo}.',
  askRegistration: "I couldn't find a profile for this number. Add your profile to continue.",
  menu: 'How can I help you today?',
  greeting: 'Good {partOfDay}',
  upcomingEvents: 'Here are your upcoming appointments.',
  searchActions: 'How would you like to find your doctor?',
  recentDoctor: 'Would you like to see one of your recent doctors again?',
  doctorByName: 'Which doctor would you like to see?',
  specialty: 'Which specialty are you looking for?',
  recentOrganization: 'Would you like to go to the hospital you chose last time?',
  organizationPicker: 'Which hospital would you like to go to?',
  sessionList: 'Here are the sessions I found.',
  consultationBooking: 'Please check the session and book your appointment.',
  appointmentBooked: 'Your appointment is booked.',
  agentChat: 'Type your message and a member of the hospital staff will answer you here.',
  prescriptionUpload: 'Please upload a photo of your prescription.',
  moreUpload: 'Do you have another prescription to upload?',
  deliveryMode: 'How would you like to get your medicine?',
  deliveryAddress: 'Please confirm the delivery address.',
  orderConfirmation: 'Please check your order and confirm it.',
  medicationDiscount: 'You get 10% off medication ordered via chat.',
  labTestSelection: 'Which tests would you like to do?',
  labTestDiscount: 'You get 10% off lab tests.',
  sampleCollectionAddress: 'Where should we collect your sample?',
  sampleCollectionTime: 'When should we come to collect your sample?',
  homeVisitTime: 'When would you like us to visit you?',
  procedureCode: 'Which service do you need?',
  procedureConfirmation: 'Please check your request and confirm it.',
  // Choice labels of our steps.
  myRecentDoctor: 'My recent doctor',
  searchAnotherDoctor: 'Search another doctor',
  searchByDoctorName: 'Search by doctor name',
  searchBySpecialty: 'Search by specialty',
  anotherHospital: 'Another hospital',
  searchAgain: 'Search again',
  bookNow: 'Book now',
  cancel: 'Cancel',
  yes: 'Yes',
  no: 'No',
  deliverToMyHome: 'Deliver to my home',
  collectAtHospital: 'Collect at the hospital',
  confirmAddress: 'Confirm address',
  confirm: 'Confirm',
  clear: 'Clear',
  changeNumber: 'Change number',
  endChat: 'End chat',
  // Issue 12 slice 1: a call the chat needed failed; the stream says so and offers a retry (never an
  // empty answer such as 'no hospitals' or 'no sessions').
  requestFailed: "I couldn't reach the hospital just now. Please check your connection and try again.",
  tryAgain: 'Try again',
  // Issue 12 slice 2: the prescription upload, the order's summary and its link.
  addPrescriptionPhoto: 'Add a photo',
  addPrescriptionPdf: 'Add a PDF',
  orderFor: 'Who is this order for?',
  chooseOrderPatient: 'Choose who the order is for.',
  orderHospital: 'Hospital: {hospital}',
  orderDocuments: 'Prescriptions: {count}',
  orderDeliverTo: 'Deliver to: {address}',
  confirmOrder: 'Confirm order',
  viewOrder: 'View order',
  enterAddress: 'Enter the address',
  // Issue 12 slice 3: Home Lab Test.
  labRequestUpload: "Please upload a photo of your doctor's request for these tests.",
  moreLabRequestUpload: 'Do you have another page to upload?',
  orderTests: 'Tests: {tests}',
  orderCollectAt: 'Sample collection at: {address}',
  orderCollectOn: 'Sample collection on: {date}',
  chooseTests: 'Choose at least one test.',
  // Issue 12 slice 3: Home Visit.
  visitRequestUpload: "Please upload a photo of your doctor's request.",
  visitAddress: 'Where should we visit you?',
  orderServices: 'Services: {services}',
  orderVisitAt: 'Visit at: {address}',
  orderVisitOn: 'Visit on: {time}',
  chooseServices: 'Choose at least one service.',
  today: 'Today',
  tomorrow: 'Tomorrow',
} as const;

/** The key of a chat text, spec or ours. */
export type ChatTextKey = keyof typeof CHAT_SPEC_TEXTS | keyof typeof CHAT_OUR_TEXTS;

/** Every chat text by key. */
export const CHAT_TEXTS: Record<ChatTextKey, string> = { ...CHAT_SPEC_TEXTS, ...CHAT_OUR_TEXTS };

/**
 * Whether a text's words are the spec's (true) or ours (false).
 * @param key - the text's key
 */
export function isSpecChatText(key: ChatTextKey): boolean {
  return Object.hasOwn(CHAT_SPEC_TEXTS, key);
}

/**
 * A chat text with its {placeholders} filled; a placeholder without a value stays as written.
 * @param key - the text's key
 * @param values - the placeholders' values, e.g. { mobileNo: '94771234567' }
 */
export function fillChatText(key: ChatTextKey, values: Readonly<Record<string, string>> = {}): string {
  return CHAT_TEXTS[key].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
