import { useId } from 'react';
import './rating-scale.css';

export type RatingTone = 'red' | 'orange' | 'green';

export type RatingScaleProps = {
  /** The question, read as the group's name. */
  legend: string;
  value: number | null;
  onChange: (rating: number) => void;
  /** The label and colour a chosen rating reads with; the rules stay with the caller. */
  describe: (rating: number) => { text: string; tone: RatingTone };
  /** Shown under the scale and tied to it for screen readers. */
  error?: string | null;
  disabled?: boolean;
  /** Highest rating; 10 by default. */
  max?: number;
};

/** A 1-to-max rating as a radio group of large buttons, with the chosen rating's label. */
export function RatingScale({ legend, value, onChange, describe, error, disabled = false, max = 10 }: RatingScaleProps) {
  const name = useId();
  const errorId = useId();
  const chosen = value === null ? null : describe(value);
  return (
    <fieldset className="rating-scale" aria-describedby={error ? errorId : undefined} disabled={disabled}>
      <legend className="rating-scale__legend">{legend}</legend>
      <div className="rating-scale__options">
        {Array.from({ length: max }, (_, index) => index + 1).map((rating) => {
          const tone = describe(rating).tone;
          return (
            <label key={rating} className={`rating-scale__option rating-scale__option--${tone}`}>
              <input
                type="radio"
                name={name}
                value={rating}
                checked={value === rating}
                onChange={() => onChange(rating)}
                aria-invalid={error ? true : undefined}
              />
              <span>{rating}</span>
            </label>
          );
        })}
      </div>
      <p className={`rating-scale__label${chosen ? ` rating-scale__label--${chosen.tone}` : ''}`} aria-live="polite">
        {chosen ? chosen.text : ''}
      </p>
      {error ? (
        <p id={errorId} className="rating-scale__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
