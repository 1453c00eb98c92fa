export * from './accounts.ts';
export * from './hospitals.ts';
export * from './payments.ts';
export * from './orders.ts';
export * from './lab-reports.ts';
export * from './clinical.ts';
export * from './communications.ts';
export * from './staff.ts';
