// The sms module's face: the store of SMS messages sent.
// Other modules import this file only, never the files beside it (.dependency-cruiser.json).
export { createSmsMessageStore } from './sms.repo.ts';
