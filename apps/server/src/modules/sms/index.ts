// The sms module's face: the store of SMS messages sent, and the SMS outbox (every SMS but the
// sign-in code, sent by the job queue with retries; issue 31 §4.12).
// Other modules import this file only, never the files beside it (.dependency-cruiser.json).
export { createSmsMessageStore } from './sms.repo.ts';
export {
  createSmsOutbox,
  smsRetryOf,
  type OutboxSms,
  type QueuedSms,
  type SmsKind,
  type SmsOutbox,
  type SmsRetry,
} from './sms-outbox.service.ts';
