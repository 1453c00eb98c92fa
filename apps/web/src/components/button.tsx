import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'text' | 'danger';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  /** Stretches to the full width (main actions on a phone). */
  block?: boolean;
  /** Shows a spinner and blocks clicks while a request runs. */
  loading?: boolean;
  children: ReactNode;
};

/** The app's button: at least 44 px tall and wide, themed, with a loading state. */
export function Button({
  variant = 'primary',
  block = false,
  loading = false,
  disabled,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  const classes = ['button', `button--${variant}`, block ? 'button--block' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button {...rest} type={type} className={classes} disabled={disabled ?? loading} aria-busy={loading || undefined}>
      {loading ? <Spinner size="small" label="" /> : null}
      {children}
    </button>
  );
}
