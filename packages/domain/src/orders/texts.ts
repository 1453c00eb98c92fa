/**
 * Every visible text of the order screens, copied character for character from spec doc 3 (§2 Order
 * creation screen, Order detail screen, Order lists; §4; §7 Notes block behaviour; §8), so the web
 * and staff apps can key their i18n catalogues on them. Placeholders: {category}, {hospital}.
 */
export const ORDER_TEXTS = {
  // Order creation screen (spec doc 3 §2, §4 Creation flow, §8).
  selectProfile: 'Select the profile to order',
  requestSent: 'Your request send to hospital',
  uploadFailed: 'Upload failed',
  imagesUploadFailed: 'Failed to upload some images, please retry!',
  documentsUploadFailed: 'Failed to upload some documents, please retry!',
  fileLoadFailed: 'Unable to load file!',
  // Guided chat upload steps (spec doc 3 §4 Creation flow).
  chatUploadingImage: 'uploading image',
  chatCreatingDocument: 'creating digital document',
  // Chat failure messages (spec doc 3 §8).
  unableToCreateOrder: 'Unable to create order',
  unableToCreateLabTest: 'Unable to create lab test',
  unableToCreateHomeVisit: 'Unable to create home visit request',

  // Order detail screen (spec doc 3 §2).
  loadingOrder: 'Please wait, We are loading your order',
  admission: 'Admission',
  categoryOrder: '{category} Order',
  requestedAt: 'Requested at',
  requestedFor: 'Requested for',
  homeSampleCollection: 'Home Sample Collection',
  requestToHome: 'Request to home',
  sampleCollectionScheduled: 'Sample collection scheduled',
  willMeetYouAtHomeAt: 'will meet you at home at',
  sampleCollectionAddress: 'Sample Collection Address',
  homecareAddress: 'Homecare Address',
  sampleCollectionRequestedDate: 'Sample Collection Requested Date',
  procedureRequestedDate: 'Procedure Requested Date',
  encounterRequestedDate: 'Encounter Requested Date',
  testList: 'Test List',
  procedureList: 'Procedure List',
  payByGenie: 'Pay by Genie',
  cashOnDelivery: 'Cash on delivery',
  payByCard: 'Pay by card',
  clickToChange: 'Click to change',
  payAndBookNow: 'Pay and book now',
  payNow: 'PAY NOW',
  processingPayment: 'PROCESSING PAYMENT...',
  termsLink: 'By continuing, you agree to the Terms & Conditions',
  callHospital: 'Call {hospital}',
  completed: 'Completed',
  canceled: 'Canceled',
  requestAnother: 'Request Another {category}',
  admissionCanceled: 'Admission Canceled',
  admissionPaymentHistory: 'Admission Payment History',
  notAvailable: 'Not Available',
  paymentSuccess: 'Payment success',
  unableToProcessPayment: 'Unable to process payment!',

  // Notes block (spec doc 3 §7 Notes block behaviour).
  chatWithHospital: 'Chat with hospital',
  notePrompt: 'Type any additional notes here and send reply',
  notNow: 'Not now',
  reply: 'Reply',

  // Modals on the order view (spec doc 3 §2).
  changeAddressTitle: 'Change homecare address',
  addressLineOne: 'No, Address line 1',
  // The spec names the second field 'line 2' without quoting its label; this label follows line 1.
  addressLineTwo: 'Address line 2',
  addressLandmark: 'Address near landmark',
  addressCity: 'City',
  update: 'Update',
  changeRequestTitle: 'Are you sure want to Change request?',
  bookVisit: 'Book a visit to hospital',
  requestHomeSampleCollection: 'Request home sample collection',

  // Order lists (spec doc 3 §2, §8).
  ordersLoadFailed: 'There is a problem loading your orders',
  labTestsLoadFailed: 'There is a problem loading your Lab Tests',
  ordersEmpty: "We didn't find any orders of you",
  labTestsEmpty: "We didn't find any Lab Tests of you",
  loadMoreOrder: 'Load More Order',
  myAppointments: 'My Appointments',
  allOrders: 'All Orders',

  // The generic error screen and its button (spec doc 3 §2, §8).
  genericError:
    'Sorry, Something went wrong! We cannot find a way to display this information to you. Go to home and check, are you signed in as a different user?',
  goHome: 'Go Home',
} as const;

/** A key of ORDER_TEXTS. */
export type OrderTextKey = keyof typeof ORDER_TEXTS;

/**
 * A text with its {placeholders} filled: fillOrderText('callHospital', { hospital: 'Asiri' }) →
 * 'Call Asiri'. Unknown placeholders stay as written.
 * @param key - the text's key
 * @param vars - values for the placeholders
 */
export function fillOrderText(key: OrderTextKey, vars: Record<string, string> = {}): string {
  return ORDER_TEXTS[key].replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);
}
