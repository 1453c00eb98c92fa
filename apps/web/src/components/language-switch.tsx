import { useId } from 'react';
import { localeNames, locales, type Locale } from '@careline/i18n/locales';

export type LanguageSwitchProps = {
  value: Locale;
  onChange: (locale: Locale) => void;
  /** The switch's label in the shown language ('Language'). */
  label: string;
};

/** Picks the app's language; each language is named in its own script so anyone can find theirs. */
export function LanguageSwitch({ value, onChange, label }: LanguageSwitchProps) {
  const id = useId();
  return (
    <div className="language-switch">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <select
        id={id}
        className="language-switch__select"
        value={value}
        data-testid="language-switch"
        onChange={(event) => onChange(event.target.value as Locale)}
      >
        {locales.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {localeNames[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
