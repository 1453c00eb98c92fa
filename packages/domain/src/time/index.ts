/**
 * The one time module (STYLE.md 'Time and dates'): instants in the hospital's time zone, days and
 * their arithmetic, and the spec's date patterns as data, written in en, si and ta.
 */
export * from './patterns.ts';
export * from './zone.ts';
export * from './format.ts';
