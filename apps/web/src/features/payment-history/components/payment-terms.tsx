import { useEffect, useId, useRef, type KeyboardEvent, type RefObject } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useModalDialog } from '@careline/ui/components';
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
 * tenant's terms (configuration termsAndConditions); close goes back. Above a screen it is a native
 * modal <dialog> (@careline/ui's useModalDialog: the page behind is inert, focus moves to the heading
 * and back, Escape closes); as a screen, focus moves to the heading and Escape closes too.
 */
export function PaymentTerms({ overlay, onClose }: PaymentTermsProps) {
  const headingId = useId();
  return overlay ? (
    <TermsDialog headingId={headingId} onClose={onClose} />
  ) : (
    <TermsScreen headingId={headingId} onClose={onClose} />
  );
}

type TermsPartProps = { headingId: string; onClose: () => void };

function TermsDialog({ headingId, onClose }: TermsPartProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const { onKeyDown } = useModalDialog(dialogRef, { onCancel: onClose });
  useEffect(() => {
    // The page behind must not scroll under the terms on a phone.
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);
  return (
    <dialog
      ref={dialogRef}
      className="payment-terms payment-terms--overlay"
      role="dialog"
      aria-modal="true"
      aria-labelledby={headingId}
      onKeyDown={onKeyDown}
    >
      {/* Above a screen the heading is an h2 (as every dialog's): the screen beneath keeps the page's one h1 (issue 6 §4.11). */}
      <TermsContent headingId={headingId} onClose={onClose} heading="h2" />
    </dialog>
  );
}

function TermsScreen({ headingId, onClose }: TermsPartProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };
  return (
    <section className="payment-terms" aria-labelledby={headingId} onKeyDown={onKeyDown}>
      <TermsContent headingId={headingId} onClose={onClose} heading="h1" headingRef={headingRef} />
    </section>
  );
}

type TermsContentProps = TermsPartProps & {
  heading: 'h1' | 'h2';
  headingRef?: RefObject<HTMLHeadingElement | null>;
};

function TermsContent({ headingId, onClose, heading: Heading, headingRef }: TermsContentProps) {
  const t = useTranslate();
  const { termsAndConditions } = useTenant();
  const terms = termsAndConditions.filter((term) => term.trim() !== '');
  return (
    <>
      {/* Not a <header>: inside the dialog it would be a second banner landmark. */}
      <div className="payment-terms__header">
        <Heading id={headingId} ref={headingRef} tabIndex={-1} data-autofocus="">
          {t('terms.heading')}
        </Heading>
        <button type="button" className="button button--secondary" onClick={onClose}>
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
    </>
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
