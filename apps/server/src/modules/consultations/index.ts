// The consultations module's face: sessions, appointments and their live events.
// Other modules import this file only, never the files beside it (.dependency-cruiser.json).
export { readOwnAppointment } from './appointment-read.service.ts';
export { bookAppointment } from './appointments.service.ts';
export { publishSessionChanged } from './session-events.ts';
export { listUpcomingAppointments } from './upcoming-appointments.service.ts';
export { currentStaffStanding } from './staff-queue-live.repo.ts';
export { pauseBookingsAfterRestore, type RestoreMark } from './session-token-checks.service.ts';
