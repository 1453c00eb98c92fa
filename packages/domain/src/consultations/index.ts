export * from './session-rules.ts';
export * from './appointment-rules.ts';
export * from './queue-estimate.ts';
export * from './appointment-notices.ts';
export * from './leave-home.ts';
export * from './waiting-room-board.ts';
export * from './doctor-cards.ts';
