import { offlineSavedAt } from '@careline/ui/graphql';
import { useLingui, useTranslate } from '@careline/i18n/react';

type LastUpdatedProps = {
  /** The shown result's extensions: a result read from the device carries when it was saved. */
  extensions: Record<string, unknown> | undefined;
};

/**
 * "Last updated 10:42" when the screen shows what was kept on the device for lack of a connection
 * (issue 32 §4.7); nothing while the answer is fresh.
 */
export function LastUpdated({ extensions }: LastUpdatedProps) {
  const t = useTranslate();
  const { i18n } = useLingui();
  const savedAt = offlineSavedAt(extensions);
  if (!savedAt) {
    return null;
  }
  const time = new Intl.DateTimeFormat(i18n.locale, { hour: '2-digit', minute: '2-digit' }).format(savedAt);
  return (
    <p className="last-updated" role="status" data-testid="last-updated">
      <time dateTime={savedAt.toISOString()}>{t('shell.offline.lastUpdated', { time })}</time>
    </p>
  );
}
