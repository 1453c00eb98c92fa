import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslate } from '@careline/i18n/react';
import { useTenant } from '../../../lib/tenant';
import './payment-history.css';

/** The address of the terms page as a hash route (spec doc 2 §2 #/paymentTermsAndConditions). */
export const PAYMENT_TERMS_HASH = '#/paymentTermsAndConditions';

/**
 * Goes back where the user came from; with nothing to go back to (the page opened directly), to the
 * same address without the terms, or to the root.
 */
function useCloseTerms(fallback: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    if (location.key !== 'default') {
      void navigate(-1);
    } else {
      void navigate(fallback, { replace: true });
    }
  };
}

type PaymentTermsProps = {
  /** Shown above the page (the hash route), as a dialog; otherwise a screen of its own. */
  overlay: boolean;
  onClose: () => void;
};

/**
 * The terms page (spec doc 2 §2): 'By continuing, you agree to the Terms & Conditions' and the
 * tenant's terms (configuration termsAndConditions); close goes back. Focus moves to the heading,
 * Escape closes.
 */
export function PaymentTerms({ overlay, onClose }: PaymentTermsProps) {
  const t = useTranslate();
  const { termsAndConditions } = useTenant();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    headingRef.current?.focus();
    if (!overlay) {
      return undefined;
    }
    // The page behind must not scroll under the terms on a phone.
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      previouslyFocused?.focus?.();
    };
  }, [overlay]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    // The dialog's one control keeps the focus inside it.
    if (overlay && event.key === 'Tab') {
      event.preventDefault();
      closeRef.current?.focus();
    }
  };
  const terms = termsAndConditions.filter((term) => term.trim() !== '');
  // Above a screen, the dialog's heading is an h2 (as every dialog's): the screen beneath keeps the
  // page's one h1 (issue 6 §4.11), and the dialog is named by it either way.
  const Heading = overlay ? 'h2' : 'h1';

  return (
    <section
      className={`payment-terms${overlay ? ' payment-terms--overlay' : ''}`}
      aria-labelledby={headingId}
      onKeyDown={onKeyDown}
      {...(overlay ? { role: 'dialog', 'aria-modal': true } : {})}
    >
      {/* Not a <header>: inside the dialog (role overrides the section) it would be a second banner landmark. */}
      <div className="payment-terms__header">
        <Heading id={headingId} ref={headingRef} tabIndex={-1}>
          {t('terms.heading')}
        </Heading>
        <button ref={closeRef} type="button" className="button button--secondary" onClick={onClose}>
          {t('terms.close')}
        </button>
      </div>
      {terms.length > 0 ? (
        <ol className="payment-terms__list">
          {terms.map((term, index) => (
            <li key={index}>{term}</li>
          ))}
        </ol>
      ) : (
        <p>{t('terms.empty')}</p>
      )}
    </section>
  );
}

/**
 * /paymentTermsAndConditions (spec doc 3 §2): the terms as a screen; where the tenant has
 * paymentTermsAndConditions off, the root instead.
 */
export function PaymentTermsScreen() {
  const { features } = useTenant();
  const close = useCloseTerms('/');
  if (!features.paymentTermsAndConditions.enabled) {
    return <Navigate to="/" replace />;
  }
  return <PaymentTerms overlay={false} onClose={close} />;
}

/**
 * #/paymentTermsAndConditions on any address (spec doc 2 §2): the terms above the current screen,
 * closed by going back; nothing where the tenant has paymentTermsAndConditions off.
 */
export function PaymentTermsOverlay() {
  const { features } = useTenant();
  const { pathname, search } = useLocation();
  const close = useCloseTerms(`${pathname}${search}`);
  if (!features.paymentTermsAndConditions.enabled) {
    return null;
  }
  return <PaymentTerms overlay onClose={close} />;
}
