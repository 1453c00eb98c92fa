export * from './loyalty-rules.ts';
