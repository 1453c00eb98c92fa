import type { ButtonHTMLAttributes, ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'text' | 'danger';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  /** Marks a request in flight: clicks are ignored and screen readers hear it is busy. */
  busy?: boolean;
  children: ReactNode;
};

/**
 * A themed button at least 44 × 44 px. While busy it stays focusable (aria-disabled) so keyboard
 * users do not lose their place.
 * @param props - variant, busy and the button's own attributes
 */
export function Button({ variant = 'primary', busy = false, className, type = 'button', onClick, children, ...rest }: ButtonProps) {
  const classes = ['ui-button', `ui-button--${variant}`, className ?? ''].filter(Boolean).join(' ');
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      aria-busy={busy || undefined}
      aria-disabled={busy || rest['aria-disabled'] || undefined}
      onClick={(event) => {
        if (busy) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      {children}
    </button>
  );
}
