import { DEFAULT_TIME_ZONE, formatInstant } from '@careline/domain/time';
import { offlineSavedAt } from '@careline/ui/graphql';
import { useLingui, useTranslate } from '@careline/i18n/react';

type LastUpdatedProps = {
  /** The shown result's extensions: a result read from the device carries when it was saved. */
  extensions: Record<string, unknown> | undefined;
};

/**
 * "Last updated 10:42 AM" when the screen shows what was kept on the device for lack of a connection
 * (issue 32 §4.7); nothing while the answer is fresh.
 */
export function LastUpdated({ extensions }: LastUpdatedProps) {
  const t = useTranslate();
  const { i18n } = useLingui();
  const savedAt = offlineSavedAt(extensions);
  if (!savedAt) {
    return null;
  }
  // Through the one time module, on the hospital's clock and in the user's language, as the times beside it.
  const time = formatInstant(savedAt, 'sessionTime', { locale: i18n.locale, timeZone: DEFAULT_TIME_ZONE }) ?? '';
  return (
    <p className="last-updated" role="status" data-testid="last-updated">
      <time dateTime={savedAt.toISOString()}>{t('shell.offline.lastUpdated', { time })}</time>
    </p>
  );
}
