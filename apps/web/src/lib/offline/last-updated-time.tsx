import { DEFAULT_TIME_ZONE, formatInstant } from '@careline/domain/time';
import { useLingui, useTranslate } from '@careline/i18n/react';

type LastUpdatedTimeProps = {
  savedAt: Date;
  /** The hospital's zone; the default hospital's when the screen has none. */
  timeZone?: string;
};

/**
 * "Last updated 10:42 AM": the time through the one time module, on the hospital's clock and in the
 * user's language, as the screen's other times (STYLE.md 'Time and dates'). Loaded only when a screen
 * shows a kept answer (last-updated.tsx), so the time module does not weigh on routes without it.
 */
export function LastUpdatedTime({ savedAt, timeZone = DEFAULT_TIME_ZONE }: LastUpdatedTimeProps) {
  const t = useTranslate();
  const { i18n } = useLingui();
  const time = formatInstant(savedAt, 'sessionTime', { locale: i18n.locale, timeZone }) ?? '';
  return <time dateTime={savedAt.toISOString()}>{t('shell.offline.lastUpdated', { time })}</time>;
}
