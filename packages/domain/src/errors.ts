/**
 * The one catalogue of messages a user may see from the server, as 'CODE:message' strings.
 * spec doc 1 §8: the part before the colon is the code, the part after is shown to the user.
 */
export const errorCatalogue = {
  // spec doc 1 §8
  'ARO-E1001': 'Failed to initiate user authentication',
  'ARO-E1013': 'Mobile number required, retry again',
  'ARO-E1014': "You don't have permission. Retry after logging in again",
  'ARO-E1015': 'Invalid verification code',
  'ARO-E1022': 'Authentication failed',
  'ARO-E1023': 'Please login',
  'ARO-E1024': 'You have been logged out, please login again',
  // Ours: the spec leaves the rest of the catalogue to the server ("not shown").
  'ARO-E1100': 'Too many attempts, please wait a while and try again',
  'ARO-E1101': 'Please wait a minute before asking for another code',
  // issue 6 §4.4: say what to do when a code is used up, and until when a number is locked.
  'ARO-E1102': 'This code is used up after 5 wrong tries. Tap Resend OTP to get a new code',
  // {until} is an ISO 8601 time; the web app shows it in the user's own time (lib/sign-in).
  'ARO-E1103': 'Too many wrong codes for this number. You can try again after {until}',
  // Staff sign-in and authorization (issue 7).
  'ARO-E1200': 'The email or password is not correct',
  'ARO-E1201': 'Please change your temporary password first',
  'ARO-E1202': 'Choose another password: {reason}',
  'ARO-E1203': 'A staff user with this email already exists',
  'ARO-E1204': 'The current password is not correct',
  'ARO-E1205': 'You cannot remove your own administrator role',
  'ARO-E1210': 'You do not have permission for this action',
  'ARO-E2001': 'The requested record was not found',
  'ARO-E2002': 'The request is not valid',
  // issue 6 §4.1: Me, Father, Mother, Husband and Wife are single roles.
  'ARO-E2003': 'Only one person in an account can be {relationship}. Choose another relationship',
  // issue 6 §2: retried writes carry an idempotency key (docs/api-contract.md).
  'ARO-E2004': 'This request key was already used for a different request. Please submit again',
  'ARO-E2005': 'This request is still being processed. Please wait a moment and try again',
  // issue 6 §2 quotas (PROFILES_MAX_PER_ACCOUNT, UPLOADS_MAX_PER_DAY, UPLOAD_BYTES_MAX_PER_DAY).
  'ARO-E2006': 'An account can have at most {max} profiles. Remove one you no longer need first',
  'ARO-E3001': 'File is missing or empty',
  'ARO-E3002': 'Only images and PDF files can be uploaded',
  'ARO-E3003': 'File is too large',
  'ARO-E3004': 'Upload limit reached: at most {files} files and {size} in 24 hours. Please try again later',
  // Consultation bookings (issue 8).
  'ARO-E4001': 'This session is full. Please choose another session',
  'ARO-E4002': 'This session is no longer taking bookings',
  'ARO-E4003': 'This person already has an appointment in this session',
  // spec doc 2 §4 Cancel: 'You cannot cancel this appointment because ...' with the exact reason.
  'ARO-E4004': 'You cannot cancel this appointment because the appointment is already {status}',
  'ARO-E4005': 'You cannot cancel this appointment because the scheduled session time is within 24 hours from now.',
  'ARO-E9000': 'The request is too complex',
  // issue 6 §1: live updates and connections are capped per socket and per client address.
  'ARO-E9001': 'Too many live updates on one connection',
  'ARO-E9002': 'Too many connections from this address, please try again later',
  'ARO-E9999': 'Something went wrong. Contact {hospital} for more assistance.',
} as const;

export type ErrorCode = keyof typeof errorCatalogue;

/** The generic fallback text when nothing better is known (spec doc 1 §8). */
export const fallbackErrorText = 'Something went wrong';

/**
 * Renders a catalogue entry as the wire form 'CODE:message'.
 * @param code - catalogue code
 * @param vars - values for {placeholders} in the message, e.g. { hospital: 'Lanka Hospitals' }
 */
export function errorString(code: ErrorCode, vars: Record<string, string> = {}): string {
  const text = errorCatalogue[code].replace(/\{(\w+)\}/g, (whole, key: string) => vars[key] ?? whole);
  return `${code}:${text}`;
}

/**
 * Splits a server error into its code and the text to show (spec doc 1 §8).
 * @param raw - the error message as received, e.g. 'ARO-E1015:Invalid verification code'
 */
export function parseErrorString(raw: string): { code: string | null; text: string } {
  const match = /^([A-Z]+-[A-Z]?\d+):([\s\S]*)$/.exec(raw);
  if (!match) {
    return { code: null, text: raw };
  }
  return { code: match[1] ?? null, text: match[2] ?? '' };
}

/** An error whose message is a catalogue 'CODE:message' string, safe to show to a user. */
export class AppError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, vars: Record<string, string> = {}) {
    super(errorString(code, vars));
    this.name = 'AppError';
    this.code = code;
  }
}
