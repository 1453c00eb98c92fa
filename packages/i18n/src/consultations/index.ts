/// <reference types="../po-modules.d.ts" />
import { lazyCatalogue } from '../lazy-catalogue.ts';
import type { ConsultationsMessageId } from './message-ids.ts';

export type { ConsultationsMessageId } from './message-ids.ts';

// The consultation screens' texts, in their own chunks (English included): /login never fetches them.
const consultations = lazyCatalogue<ConsultationsMessageId>({
  en: () => import('./en.po').then((module) => module.messages),
  si: () => import('./si.po').then((module) => module.messages),
  ta: () => import('./ta.po').then((module) => module.messages),
});

/** Merges the consultation texts of a language into the app's Lingui instance, once. */
export const loadConsultationsMessages = consultations.load;

/** True once the consultation texts of a language are in the instance. */
export const hasConsultationsMessages = consultations.has;

/**
 * A typed translate function over the consultation and shared keys; re-renders on a language switch.
 * It suspends (nearest Suspense boundary) while the active language's consultation texts load.
 */
export const useConsultationsTranslate = consultations.useTranslate;
