// The consultations module's test face: reads other tests use to check a booking from outside.
export { readBookingChecks } from './appointments.repo.ts';
export { consultationSessionTopic } from './consultations.schema.ts';
