export * from './money.ts';
export * from './invoice.ts';
export * from './card-rules.ts';
export * from './payer.ts';
export * from './status.ts';
export * from './payment-wait.ts';
