// Moved to graphql/live-events.ts (issue 28): subscription plumbing, not consultations' business.
// Kept for orders/ and lab-reports/ schema files until the lead points them there at the merge.
export { filterEvents } from '../../graphql/live-events.ts';
