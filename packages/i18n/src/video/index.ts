/// <reference types="../po-modules.d.ts" />
import { lazyCatalogue } from '../lazy-catalogue.ts';
import type { VideoMessageId } from './message-ids.ts';

export type { VideoMessageId } from './message-ids.ts';

// The video call screens' texts, in their own chunks (English included): /login never fetches them.
const video = lazyCatalogue<VideoMessageId>({
  en: () => import('./en.po').then((module) => module.messages),
  si: () => import('./si.po').then((module) => module.messages),
  ta: () => import('./ta.po').then((module) => module.messages),
});

/** Merges the video call texts of a language into the app's Lingui instance, once. */
export const loadVideoMessages = video.load;

/** True once the video call texts of a language are in the instance. */
export const hasVideoMessages = video.has;

/**
 * A typed translate function over the video call and shared keys; re-renders on a language switch.
 * It suspends (nearest Suspense boundary) while the active language's video call texts load.
 */
export const useVideoTranslate = video.useTranslate;
