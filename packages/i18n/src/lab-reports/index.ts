/// <reference types="../po-modules.d.ts" />
import { lazyCatalogue } from '../lazy-catalogue.ts';
import type { LabReportsMessageId } from './message-ids.ts';

export type { LabReportsMessageId } from './message-ids.ts';

// The lab report screens' texts, in their own chunks (English included): /login never fetches them.
const labReports = lazyCatalogue<LabReportsMessageId>({
  en: () => import('./en.po').then((module) => module.messages),
  si: () => import('./si.po').then((module) => module.messages),
  ta: () => import('./ta.po').then((module) => module.messages),
});

/** Merges the lab report texts of a language into the app's Lingui instance, once. */
export const loadLabReportsMessages = labReports.load;

/** True once the lab report texts of a language are in the instance. */
export const hasLabReportsMessages = labReports.has;

/**
 * A typed translate function over the lab report and shared keys; re-renders on a language switch.
 * It suspends (nearest Suspense boundary) while the active language's lab report texts load.
 */
export const useLabReportsTranslate = labReports.useTranslate;
