export * from './doctor-search.ts';
