import { useId, type InputHTMLAttributes } from 'react';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The validation message, tied to the field and announced. */
  error?: string | null;
  hint?: string;
};

/**
 * A labelled text field; its hint and error are tied to it with aria-describedby.
 * @param props - label, value, onChange, error, hint and the input's own attributes
 */
export function TextField({ label, value, onChange, error, hint, id, className, ...rest }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['ui-field', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className="ui-field__label">
        {label}
      </label>
      {hint ? (
        <span id={hintId} className="ui-field__hint">
          {hint}
        </span>
      ) : null}
      <input
        {...rest}
        id={inputId}
        className="ui-field__input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {error ? (
        <p id={errorId} className="ui-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
