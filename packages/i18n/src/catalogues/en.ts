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
  'error.ARO-E3001': 'File is missing or empty',
  'error.ARO-E3002': 'Only images and PDF files can be uploaded',
  'error.ARO-E3003': 'File is too large',
  'error.ARO-E9000': 'The request is too complex',
  'error.ARO-E9999': 'Something went wrong. Contact {hospital} for more assistance.',

  // SMS bodies, rendered by the server in the account's language.
  'sms.verificationCode':
    'Your {hospital} verification code is {code}. It expires in {minutes, plural, one {# minute} other {# minutes}}.',
} as const;

/** A key of the catalogues. */
export type MessageId = keyof typeof en;

/** A translation: every key of the source catalogue, no other. */
export type Catalogue = Record<MessageId, string>;
