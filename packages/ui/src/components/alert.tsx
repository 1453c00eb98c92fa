import type { ReactNode } from 'react';

export type AlertTone = 'error' | 'success' | 'info';

/**
 * A message box. Errors are announced at once (role=alert); others politely (role=status).
 * @param props - tone and content
 */
export function Alert({ tone = 'info', children }: { tone?: AlertTone; children: ReactNode }) {
  return (
    <div className={`ui-alert ui-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
