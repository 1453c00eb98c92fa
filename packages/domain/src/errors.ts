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
  // issue 10 Uploads: a polyglot (an image or PDF hiding another file) is refused.
  'ARO-E3005': 'This file has another kind of file hidden inside it, so it cannot be uploaded. Take a new photo or save the document again as a PDF',
  // issue 31 §6.17: an image's header is read before it is stored (BLOB_MAX_IMAGE_PIXELS).
  'ARO-E3006': 'This image has too many pixels: at most {max} megapixels can be uploaded. Take a new photo or make the image smaller',
  'ARO-E3007': 'This image could not be read, so it cannot be uploaded. Take a new photo or save the image again',
  // issue 29 §4.14: a doctor's photo is resized on the server, which reads JPEG and PNG.
  'ARO-E3008': "A doctor's photo must be a JPEG or PNG image",
  // Consultation bookings (issue 8).
  'ARO-E4001': 'This session is full. Please choose another session',
  'ARO-E4002': 'This session is no longer taking bookings',
  'ARO-E4003': 'This person already has an appointment in this session',
  // spec doc 2 §4 Cancel: 'You cannot cancel this appointment because ...' with the exact reason.
  'ARO-E4004': 'You cannot cancel this appointment because the appointment is already {status}',
  'ARO-E4005': 'You cannot cancel this appointment because the scheduled session time is within 24 hours from now.',
  // Patient appointments: reschedule, feedback, refund (issue 8; spec doc 2 §4).
  'ARO-E4006': 'You cannot reschedule this appointment because the appointment is already {status}',
  'ARO-E4007': 'You cannot reschedule this appointment because it has already been rescheduled',
  'ARO-E4008': 'Choose a different session to reschedule to',
  'ARO-E4009': 'Feedback can be given only after the visit is completed',
  'ARO-E4010': 'Feedback is closed 30 days after the appointment',
  'ARO-E4011': 'Please choose a rating from 1 to 10',
  'ARO-E4012': 'The comment can have at most 1000 characters and no control characters',
  'ARO-E4013': 'You cannot request a refund because, the appointment is not paid',
  'ARO-E4014': 'You cannot request a refund because, the doctor has already been paid for it',
  'ARO-E4015': 'You cannot request a refund because, a refund is already {status}',
  'ARO-E4016': 'You cannot request a refund because, the appointment was rescheduled',
  'ARO-E4017': 'Please choose a refund reason from the list',
  'ARO-E4018': 'This feedback link is not valid',
  'ARO-E4019': 'A rescheduled appointment stays with the same person',
  // After a restore from a backup, tokens given since the backup are not in the data (issue 31 §4.13):
  // a session that could have taken bookings meanwhile takes none until staff confirm its highest token.
  'ARO-E4020': 'Bookings for this session are paused while the hospital checks its token numbers. Please try again later or call the hospital',
  'ARO-E4021': 'Enter the highest token already given: a whole number from {min} to {max}',
  'ARO-E4022': 'The tokens of this session are already confirmed',
  // Staff sessions and the queue (issue 8, staff console).
  'ARO-E4030': 'The session must end after it starts',
  'ARO-E4031': 'Choose a doctor from the list',
  'ARO-E4032': 'The number of appointments must be at least 1, or -1 for no limit',
  'ARO-E4033': 'The number of appointments cannot be lower than the {count} already booked',
  'ARO-E4034': 'This doctor does not have the specialty {code}',
  'ARO-E4035': 'Choose a charging scheme of this hospital',
  'ARO-E4036': 'This session is already {status} and cannot be changed',
  'ARO-E4037': 'Start the session first',
  'ARO-E4038': 'This appointment is {status} and cannot be marked {target}',
  'ARO-E4039': 'The room name can have at most 100 characters',
  // A doctor's delay marked in the console (issue 32 §1.4).
  'ARO-E4044': 'Enter the delay in minutes: a whole number from {min} to {max}',
  // The reserve path and temporary appointments (issue 8 §3, spec doc 2 §4 Booking step 4).
  'ARO-E4045': 'Reserving is not available at this hospital',
  'ARO-E4046': 'This session has nothing to pay later, so it cannot be reserved',
  'ARO-E4047': 'This session already has paid appointments, so it cannot be reserved',
  'ARO-E4048': 'The reserved number was released because it was not confirmed in time',
  'ARO-E4049': 'The reserved number is already confirmed for another person',
  'ARO-E4050': 'You already have a profile: reserve the number for it',
  // 'Leave home now' (issue 32 §1.3): the journey time to the hospital.
  'ARO-E4060': 'The journey time must be a whole number of minutes from {min} to {max}',
  // The waiting-room board's displays (issue 32 §3.6).
  'ARO-E4061': 'Name the display: 1 to {max} characters, such as Ground floor TV',
  'ARO-E4062': 'This display is not allowed to show the board. Ask the hospital for a new display link',
  'ARO-E4063': 'This hospital already has {max} displays. Revoke one it no longer uses first',
  // issue 32 §2.5: a session the hospital cancelled refunds its paid appointments by itself, and offers another session.
  // One answer to a cancel, reschedule or refund request of such an appointment.
  'ARO-E4070': 'The hospital cancelled this session: a paid appointment is refunded without a request. Book another session of this doctor',
  // Payments: invoices, booking requests and the card gateway's answers (issue 9; spec doc 2 §4, §7).
  'ARO-E5001': 'This appointment is already paid',
  'ARO-E5002': 'Choose an appointment or a session to pay for',
  'ARO-E5003': 'There is no charging scheme to pay for this booking',
  'ARO-E5004': 'This charging scheme has an amount that is not valid',
  'ARO-E5005': "We don't accept online payments yet.",
  'ARO-E5006': 'Choose a card payment gateway: {gateway} does not take online payments',
  'ARO-E5007': 'This invoice is already paid or closed',
  'ARO-E5008': 'There is nothing to pay on this invoice',
  'ARO-E5009': 'The return address must be a page of this site, starting with a single /',
  'ARO-E5010': 'This appointment is cancelled and cannot be paid',
  'ARO-E5011': 'The payment answer could not be verified',
  'ARO-E5012': 'The payment answer does not match a payment of this site',
  'ARO-E5013': 'The payment answer does not match the amount or currency of the invoice',
  'ARO-E5014': 'Choose a saved card to pay with',
  'ARO-E5015': 'A payment for this invoice is still being processed. Please wait for its result',
  'ARO-E5016': 'This booking is not confirmed yet, so it cannot be paid online',
  'ARO-E5017': 'This charging scheme does not apply to this session',
  // 3-D Secure of a saved-card payment and the other gateways (issue 9 §3, spec doc 2 §7).
  'ARO-E5018': 'This payment does not need a check by your bank',
  'ARO-E5019': 'The check by your bank has expired. Please pay again',
  'ARO-E5020': 'Payment by {gateway} is not available',
  'ARO-E5021': 'Genie could not start this payment. Please try again',
  'ARO-E5022': 'Your mobile carrier could not start this payment. Please try again',
  // Order payment (spec doc 3 §4 Order payment, §5; issue 9 'Order payment uses the same module').
  'ARO-E5023': 'This order is already paid',
  'ARO-E5024': 'The hospital has not set a charge for this order yet',
  'ARO-E5025': 'This order is {status} and cannot be paid',
  'ARO-E5026': 'The charge of this order has changed. Please check the new amount and pay again',
  'ARO-E5027': 'This order is paid by cash on delivery. Choose another payment method to pay online',
  'ARO-E5028': 'This order was paid already: receipt {receipt}',
  // issue 9 §2: a saved card's token is valid only at the merchant (hospital) it was saved through.
  'ARO-E5029': 'This saved card cannot be used at this hospital. Pay with a new card',
  // issue 29 §2: a payment left at the bank's 3-D Secure page or a wallet page blocks until {until}
  // (an ISO 8601 time the app shows in the hospital's time zone), unless the gateway says nothing was captured.
  'ARO-E5030': 'A payment for this invoice is still being processed. You can pay again after {until}',
  // The hospital's side of payments: cash desk, refunds, reconciliation (issue 9 §8, §9).
  'ARO-E5040': 'This appointment is already paid',
  'ARO-E5041': 'This appointment was paid in cash already: receipt {receipt}',
  'ARO-E5042': 'This appointment is {status} and cannot be paid at the desk',
  'ARO-E5043': 'This refund request is already {status}',
  'ARO-E5044': 'This appointment was not paid by card: approve the refund for collection at the hospital',
  'ARO-E5045': 'There is nothing left to refund on this payment',
  'ARO-E5046': 'Remarks can have at most 1000 characters',
  'ARO-E5047': 'Choose a day as YYYY-MM-DD',
  'ARO-E5048': 'This gateway notification is already reconciled',
  'ARO-E5049': 'A refund to the card is already being sent for this request',
  'ARO-E5050': 'The outcome of this refund is not known: check it with the gateway before refunding again',
  // issue 29 §1.6: a refund approved (collected at the hospital) or made to the card is never paid again at the desk.
  'ARO-E5051': 'This appointment was refunded and cannot be paid at the desk',
  // Orders (issue 10).
  'ARO-E6001': 'This order is already {status} and cannot be changed',
  // Optimistic locking: two staff moving the same order at once (issue 10 Tests, Concurrency).
  'ARO-E6002': 'This order was changed by someone else. Please reload and try again',
  'ARO-E6003': 'This order cannot move from {from} to {to}',
  'ARO-E6004': 'This order was replaced by another order. Please open the new order',
  'ARO-E6005': 'The charging amount must be above 0 with at most 2 decimals',
  'ARO-E6006': 'This order is already paid',
  'ARO-E6007': 'Set the charging amount first',
  'ARO-E6008': 'This order is not paid yet',
  'ARO-E6009': 'Choose a cancel reason from the list',
  'ARO-E6010': 'The estimated time is only for medication orders',
  'ARO-E6011': 'Enter a valid date and time',
  'ARO-E6012': "Enter the sample collector's name",
  'ARO-E6013': 'Schedule the sample collection first: the collector and the time',
  'ARO-E6014': 'This order has no home sample collection',
  'ARO-E6015': 'Only a home request has a homecare address',
  'ARO-E6016': 'This request can no longer be changed: the hospital has already started on it',
  'ARO-E6017': 'Nothing to change: the request is already like this',
  'ARO-E6018': 'Enter the address',
  'ARO-E6019': 'An admission cannot be changed between a hospital visit and a home visit',
  'ARO-E6020': 'Type a note of at most {max} characters',
  'ARO-E6021': 'Notes are closed on a completed order',
  'ARO-E6022': 'Choose a hospital',
  'ARO-E6023': 'Attach at least one image or document',
  'ARO-E6024': 'Choose the profile to order for',
  'ARO-E6025': 'Please wait until the uploads finish',
  'ARO-E6026': 'Choose a payment method: cash, genie or card',
  'ARO-E6027': 'Choose a sample collection date from the list',
  'ARO-E6028': 'This order type is not available',
  'ARO-E6029': 'Choose a document to attach',
  // Orders on the server: documents and order calls (issue 10, apps/server modules/orders).
  'ARO-E6050': 'The description can have at most {max} characters and no control characters',
  'ARO-E6051': 'A document from the hospital cannot be changed or attached here',
  // Lab reports on the server: results, verification, issue and corrections (issue 11, apps/server modules/lab-reports).
  'ARO-E7001': 'Choose a lab test from the list',
  'ARO-E7002': 'Choose a sub-test of this lab test',
  'ARO-E7003': 'Enter one result for each sub-test: a number or a text',
  'ARO-E7004': 'The {field} can have at most {max} characters and no control characters',
  'ARO-E7005': 'Enter a valid reference range: a low and a high value, or a comparator (>, >=, <, <=) and a value',
  'ARO-E7006': 'This report was changed by someone else. Please reload and try again',
  'ARO-E7007': 'This report is already {status}: its results can no longer be changed',
  'ARO-E7008': 'Enter at least one result before verifying the report',
  'ARO-E7009': 'Another person must verify the results you entered',
  'ARO-E7010': 'Verify the report before issuing it',
  'ARO-E7011': 'This report is already issued: start a correction to change it',
  'ARO-E7012': 'Only an issued report can be corrected',
  'ARO-E7013': 'A correction of this report has already been started',
  'ARO-E7014': 'This order already has a report for this test',
  'ARO-E7015': 'Only a lab test order can have a lab report',
  'ARO-E7016': 'This order is {status}: a report cannot be added to it',
  'ARO-E7017': 'Choose either the lab order or the patient the report is for',
  'ARO-E7018': 'Enter the reason for the correction, at most {max} characters',
  'ARO-E7019': 'Each organism and antibiotic row needs a name, and a result of at most {max} characters',
  'ARO-E7020': 'A report can have at most {max} results, and each sub-test only once in a save',
  'ARO-E7021': 'This report is already verified',
  'ARO-E7022': 'This report is already outsourced',
  // The hospital's header, footer and signature images of the printable report (issue 11).
  'ARO-E7023': 'Upload the image as a PNG or JPEG file',
  'ARO-E7024': 'The image can be at most {size}',
  'ARO-E7025': 'This image could not be read. Please upload another PNG or JPEG file',
  // Lab results imported from an analyser's CSV export, with a preview (issue 11).
  'ARO-E7026': 'The CSV file can have at most {rows} result rows and {size} of text',
  'ARO-E7027': 'The CSV file needs a header row with the columns {columns}',
  'ARO-E7028': 'The CSV file could not be read: the quoted field that starts on line {line} is not closed',
  'ARO-E7029': 'No lab report of this hospital has the sample ID {sample}',
  'ARO-E7030': 'The lab test of this report has no sub-test {test}',
  'ARO-E7031': 'The unit {unit} is not the unit of this sub-test ({expected})',
  'ARO-E7032': 'The result {value} is not a number',
  'ARO-E7033': 'The flag {flag} is not one of H, L, HH, LL, A or N',
  'ARO-E7034': 'This sample already has a result of this test on line {line}',
  'ARO-E7035': 'This row has {count} fields, but the header has {expected}',
  'ARO-E7036': 'No row of the file can be imported: correct the rows with errors and preview again',
  // Questionnaires on the server (issue 11 §3, staff console; apps/server modules/questionnaires).
  'ARO-E7050': 'Answer at least one question before submitting',
  'ARO-E7051': 'An answer can have at most {max} characters and no control characters',
  'ARO-E7052': 'Choose the answers from the options of the question',
  'ARO-E7053': 'This questionnaire has already been answered for this appointment',
  'ARO-E7054': 'This questionnaire is not asked for this appointment',
  'ARO-E7055': 'This appointment is {status}: its questionnaire can no longer be answered',
  'ARO-E7056': 'Enter the questionnaire title, at most {max} characters and no control characters',
  'ARO-E7057': 'A questionnaire has 1 to {max} questions, each with its own number',
  'ARO-E7058': 'Each question needs a number and a text of at most {max} characters, and the type text or checkBox',
  'ARO-E7059': 'A checkBox question needs 1 to {max} different options of at most {length} characters',
  'ARO-E7060': 'This hospital already has a questionnaire with this title',
  'ARO-E7061': 'Choose the status active or retired',
  // FHIR R4 export of a profile's records (issue 11 part 4; apps/server modules/fhir).
  'ARO-E7080': 'This profile was not found, so its records cannot be exported',
  // Chat with hospital staff on the server (issue 12 §3, §4; apps/server modules/chat).
  'ARO-E8001': 'The chat message is not valid: {problem}',
  'ARO-E8002': 'You already have an open chat with the hospital. Please continue it or end it first',
  'ARO-E8003': 'This chat has ended. Please start a new chat',
  'ARO-E8004': 'Another staff member has already taken this chat',
  'ARO-E8005': 'A chat can be rated only after it is completed',
  'ARO-E8006': 'This chat is already rated',
  'ARO-E8007': 'Choose a rating: 1 happy or 0 unhappy',
  'ARO-E8008': 'A chat can only be ended here: set the status to completed',
  'ARO-E8009': 'Choose the hospital to chat with',
  'ARO-E8010': 'Only an image can be sent in the chat',
  'ARO-E8011': 'Choose the profile to chat for',
  'ARO-E8012': 'Chat with hospital staff is not available',
  // Video calls on the server: calls, call tokens, signalling (issue 13, apps/server modules/video).
  'ARO-E8050': 'This appointment is not a video consultation',
  'ARO-E8051': 'This appointment is {status}: only an appointment in progress can be called',
  'ARO-E8052': 'There is no call on this appointment now',
  'ARO-E8053': 'This call has ended or moved to another room. Please join again',
  'ARO-E8054': 'The call token is not valid for this call',
  'ARO-E8055': 'The call token has expired. Please join again',
  'ARO-E8056': 'The call report is not valid: {problem}',
  'ARO-E8057': 'The call message is not valid: {problem}',
  'ARO-E8058': 'Video calls are not set up at this hospital',
  'ARO-E8059': 'Only the practitioner who placed this call can do this',
  'ARO-E9000': 'The request is too complex',
  // issue 6 §1: live updates and connections are capped per socket and per client address.
  'ARO-E9001': 'Too many live updates on one connection',
  'ARO-E9002': 'Too many connections from this address, please try again later',
  'ARO-E9999': 'Something went wrong. Contact {hospital} for more assistance.',
} as const;

export type ErrorCode = keyof typeof errorCatalogue;

// The wire form's reader and the fallback text live apart, so a bundle needing only them skips the catalogue.
export { fallbackErrorText, parseErrorString } from './error-wire.ts';

/**
 * Renders a catalogue entry as the wire form 'CODE:message'.
 * @param code - catalogue code
 * @param vars - values for {placeholders} in the message, e.g. { hospital: 'Lanka Hospitals' }
 */
export function errorString(code: ErrorCode, vars: Record<string, string> = {}): string {
  const text = errorCatalogue[code].replace(/\{(\w+)\}/g, (whole, key: string) => vars[key] ?? whole);
  return `${code}:${text}`;
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
