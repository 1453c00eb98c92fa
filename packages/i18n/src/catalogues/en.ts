/**
 * The source catalogue: every text a user may read, in English, as ICU MessageFormat. Texts that come
 * from the spec are copied character for character (catalogue.test.ts compares them with
 * packages/domain). Sinhala (si.ts) and Tamil (ta.ts) must have exactly these keys.
 * After editing a catalogue run `npm run i18n:compile`.
 */
export const en = {
  // Language switch
  'language.label': 'Language',
  'shell.homeLink': '{hospital} home',

  'auth.mobileLabel': 'Mobile number',
  'auth.mobilePlaceholder': 'Type your mobile number here',
  'auth.sendNow': 'Send now',
  'auth.changeNumber': 'Change number',
  'auth.codeLabel': 'Verification code',
  'auth.codePlaceholder': 'Type verification code',
  'auth.verifyNow': 'Verify now',
  'auth.resendOtp': 'Resend OTP',
  'auth.otpResent': 'OTP Resent',
  'auth.wrongCode': 'that is not the code I sent you',
  'auth.smsDelay': 'There may be SMS delays. Please wait and check again your SMS',
  'auth.mobile.empty': 'Type Your Mobile No.',
  'auth.mobile.invalid': 'Invalid Mobile No!',
  'auth.mobile.with94': 'Mobile No. starting with 94, should have 11 digits!',
  'auth.mobile.with0': 'Mobile No. starting with 0, should have 10 digits!',
  'auth.mobile.plain': 'Mobile No. should have 9 digits!',
  'auth.code.empty': 'Type verification code we sent you SMS',
  'auth.code.length': 'verification code should have 4 digits!',
  'shell.skipToContent': 'Skip to content',
  'shell.mainNav': 'Main',
  'shell.bottomBar.doctor': 'Doctor',
  'shell.bottomBar.home': 'Home',
  'shell.bottomBar.account': 'Account',
  'shell.network.offline': 'We can\'t connect to internet!',
  'shell.network.offlineRecheck': 'Check your connection, we will reload when you are back online',
  'shell.network.slow': 'Your device internet is slow!',
  'shell.network.slowDetail': 'Information on this page may not be real-time',
  'shell.network.refreshNow': 'Refresh now',
  'shell.error.generic': 'Something went wrong',
  'shell.error.goHome': 'Go Home',
  'shell.error.detailed': 'Sorry, Something went wrong! We cannot find a way to display this information to you. Go to home and check, are you signed in as a different user?',
  'shell.error.tryAgain': 'Try again',
  'shell.close': 'Close',
  'shell.accessDenied': 'Access denied',
  'shell.addToHome.title': 'Add link to home',
  'shell.addToHome.subtitle': 'Open it like an app',
  'shell.addToHome.add': 'Add',

  'chat.log': 'Chat',
  'chat.typing': 'typing',
  'chat.suggestions': 'Suggestions',
  'chat.loading': 'Loading',
  'chat.greeting.morning': 'Good morning',
  'chat.greeting.afternoon': 'Good afternoon',
  'chat.greeting.evening': 'Good evening',
  'chat.askMobile': 'Please type your mobile number to sign in.',
  'chat.codeSentTo': 'I sent a verification code by SMS to +{mobileNo}.',
  'chat.askRegistration': 'I couldn\'t find a profile for this number. Add your profile to continue.',
  'chat.menu': 'How can I help you today?',
  'chat.noSessions': 'I couldn\'t find any sessions',
  'chat.menu.bookDoctor': 'Book a Doctor',
  'chat.menu.videoChannel': 'Video Channel',
  'chat.menu.homeVisit': 'Home Visit',
  'chat.menu.homeLabTest': 'Home Lab Test',
  'chat.menu.onlinePharmacy': 'Online Pharmacy',
  'chat.menu.chatWithHospital': 'Chat With Hospital',
  'chat.menu.upcoming': 'What is my upcoming',
  'chat.menu.showProfile': 'Show my profile',
  'chat.menu.paymentHistory': 'Show my online payment history',
  'profiles.addNewProfile': 'Add new profile',

  // Server errors: the text after the colon of 'CODE:message' (packages/domain/src/errors.ts).
  'error.ARO-E1001': 'Failed to initiate user authentication',
  'error.ARO-E1013': 'Mobile number required, retry again',
  'error.ARO-E1014': "You don't have permission. Retry after logging in again",
  'error.ARO-E1015': 'Invalid verification code',
  'error.ARO-E1022': 'Authentication failed',
  'error.ARO-E1023': 'Please login',
  'error.ARO-E1024': 'You have been logged out, please login again',
  'error.ARO-E1100': 'Too many attempts, please wait a while and try again',
  'error.ARO-E1101': 'Please wait a minute before asking for another code',
  'error.ARO-E1102': 'This code is used up after 5 wrong tries. Tap Resend OTP to get a new code',
  'error.ARO-E1103': 'Too many wrong codes for this number. You can try again after {until}',
  'error.ARO-E1200': 'The email or password is not correct',
  'error.ARO-E1201': 'Please change your temporary password first',
  'error.ARO-E1202': 'Choose another password: {reason}',
  'error.ARO-E1203': 'A staff user with this email already exists',
  'error.ARO-E1204': 'The current password is not correct',
  'error.ARO-E1205': 'You cannot remove your own administrator role',
  'error.ARO-E1210': 'You do not have permission for this action',
  'error.ARO-E2001': 'The requested record was not found',
  'error.ARO-E2002': 'The request is not valid',
  'error.ARO-E2003':
    'Only one person in an account can be {relationship}. Choose another relationship',
  'error.ARO-E2004': 'This request key was already used for a different request. Please submit again',
  'error.ARO-E2005': 'This request is still being processed. Please wait a moment and try again',
  'error.ARO-E3001': 'File is missing or empty',
  'error.ARO-E3002': 'Only images and PDF files can be uploaded',
  'error.ARO-E3003': 'File is too large',
  'error.ARO-E9000': 'The request is too complex',
  'error.ARO-E9001': 'Too many live updates on one connection',
  'error.ARO-E9002': 'Too many connections from this address, please try again later',
  'error.ARO-E9999': 'Something went wrong. Contact {hospital} for more assistance.',

  // SMS bodies, rendered by the server in the account's language.
  'sms.verificationCode':
    'Your {hospital} verification code is {code}. It expires in {minutes, plural, one {# minute} other {# minutes}}.',
} as const;

/** A key of the catalogues. */
export type MessageId = keyof typeof en;

/** A translation: every key of the source catalogue, no other. */
export type Catalogue = Record<MessageId, string>;
