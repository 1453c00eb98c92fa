export * from './accounts.ts';
export * from './hospitals.ts';
