/** spec doc 1 §9: the loading spinner rotates every 800 ms across 5 colours (see components.css). */
export function Spinner({ size = 'normal', label = 'Loading' }: { size?: 'normal' | 'small'; label?: string }) {
  const className = size === 'small' ? 'spinner spinner--small' : 'spinner';
  if (!label) {
    return <span className={className} aria-hidden="true" />;
  }
  return <span className={className} role="status" aria-label={label} />;
}
