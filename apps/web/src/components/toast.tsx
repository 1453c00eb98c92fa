import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslate } from '@careline/i18n/react';
import { Button } from './button.tsx';

export type ToastKind = 'info' | 'success' | 'error';
type Toast = { id: number; text: string; kind: ToastKind };
type ToastApi = { show: (text: string, kind?: ToastKind) => void };

const ToastContext = createContext<ToastApi | null>(null);

const toastDurationMs = 4000;

/** Shows short messages at the bottom of the screen, announced to screen readers. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const t = useTranslate();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);
  const show = useCallback(
    (text: string, kind: ToastKind = 'info') => {
      const id = nextId.current++;
      setToasts((current) => [...current, { id, text, kind }]);
      window.setTimeout(() => dismiss(id), toastDurationMs);
    },
    [dismiss],
  );
  const api = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-region" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast--${toast.kind}`}>
            <span>{toast.text}</span>
            <Button variant="text" onClick={() => dismiss(toast.id)} aria-label={t('shell.dismiss')}>
              <span aria-hidden="true">×</span>
            </Button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** Shows a toast: useToast().show('OTP Resent', 'success'). */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) {
    throw new Error('useToast must be used inside ToastProvider');
  }
  return api;
}
