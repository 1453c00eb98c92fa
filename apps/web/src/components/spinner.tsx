import { useTranslate } from '@careline/i18n/react';

/**
 * spec doc 1 §9: the loading spinner rotates every 800 ms across 5 colours (see components.css).
 * Announced as 'Loading' in the active language unless given a label; '' hides it from screen readers.
 */
export function Spinner({ size = 'normal', label }: { size?: 'normal' | 'small'; label?: string }) {
  const t = useTranslate();
  const className = size === 'small' ? 'spinner spinner--small' : 'spinner';
  if (label === '') {
    return <span className={className} aria-hidden="true" />;
  }
  return <span className={className} role="status" aria-label={label ?? t('shell.loading')} />;
}
