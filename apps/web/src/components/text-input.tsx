import { useId, type ChangeEvent, type InputHTMLAttributes } from 'react';

export type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The validation message to show, if any. */
  error?: string | null;
  hint?: string;
  /** Digits only (spec doc 1 §5: inputs of type number reject non-numeric input). */
  numeric?: boolean;
  /** Hides the label visually (it stays for screen readers). */
  hideLabel?: boolean;
};

/** A labelled text field with its error message announced to screen readers. */
export function TextInput({
  label,
  value,
  onChange,
  error,
  hint,
  numeric = false,
  hideLabel = false,
  id,
  className,
  ...rest
}: TextInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = numeric ? event.target.value.replace(/\D/g, '') : event.target.value;
    onChange(next);
  };
  return (
    <div className={['field', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={hideLabel ? 'visually-hidden' : 'field__label'}>
        {label}
      </label>
      <input
        {...rest}
        id={inputId}
        className="field__input"
        value={value}
        onChange={handleChange}
        inputMode={numeric ? 'numeric' : rest.inputMode}
        pattern={numeric ? '[0-9]*' : rest.pattern}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint ? (
        <span id={hintId} className="field__hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
