import { useRef } from 'react';
import { genders, namePrefixes, type PatientFormErrors } from '@careline/domain/profiles';
import { useTranslate, useTranslateText } from '@careline/i18n/react';
import type { ProfileFormField, ProfileFormValues } from '../utils/profile-form-state.ts';
import { genderText, prefixText, relationshipText } from '@careline/domain/profiles/person-texts';

type PatientFormFieldsProps = {
  idPrefix: string;
  values: ProfileFormValues;
  errors: PatientFormErrors;
  relationships: string[];
  /** Address lines and city are edited on update (spec doc 1 §5). */
  showAddress: boolean;
  disabled: boolean;
  onChange: (field: ProfileFormField, value: string) => void;
};

/** A field's message: the rules make English (packages/domain, shared with the server); shown translated. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  const tx = useTranslateText();
  return (
    <p id={id} className="profile-field-error" aria-live="polite">
      {message === undefined ? '' : tx(message)}
    </p>
  );
}

// The placeholders are the date's format, as on Sri Lankan forms in every language; the labels are words.
const dobParts = [
  { part: 'day', label: 'profiles.form.day', placeholder: 'DD', length: 2 },
  { part: 'month', label: 'profiles.form.month', placeholder: 'MM', length: 2 },
  { part: 'year', label: 'profiles.form.year', placeholder: 'YYYY', length: 4 },
] as const;

// The address labels are the spec's (addressLabels, spec doc 1 §5), in the catalogue.
const addressFields = [
  { field: 'addressLineOne', label: 'profiles.form.addressLine1' },
  { field: 'addressLineTwo', label: 'profiles.form.addressLine2' },
  { field: 'addressLineThree', label: 'profiles.form.landmark' },
  { field: 'addressCity', label: 'profiles.form.city' },
] as const;

/** The fields of the Add or Update Profile form (spec doc 1 §3 Patient client form, §5). */
export function PatientFormFields({
  idPrefix,
  values,
  errors,
  relationships,
  showAddress,
  disabled,
  onChange,
}: PatientFormFieldsProps) {
  const t = useTranslate();
  const dobRefs = useRef<(HTMLInputElement | null)[]>([]);
  const id = (name: string) => `${idPrefix}-${name}`;
  const dobError = errors.day ?? errors.month ?? errors.year ?? errors.dateOfBirth;

  return (
    <>
      <div className="profile-field">
        <label htmlFor={id('prefix')}>{t('profiles.form.prefix')}</label>
        <select
          id={id('prefix')}
          value={values.prefix}
          disabled={disabled}
          aria-invalid={errors.prefix !== undefined}
          aria-describedby={id('prefix-error')}
          onChange={(event) => onChange('prefix', event.target.value)}
        >
          <option value="">{t('profiles.form.select')}</option>
          {namePrefixes.map((prefix) => (
            <option key={prefix} value={prefix}>
              {prefixText(t, prefix)}
            </option>
          ))}
        </select>
        <FieldError id={id('prefix-error')} message={errors.prefix} />
      </div>

      <div className="profile-field">
        <label htmlFor={id('given')}>{t('profiles.form.givenName')}</label>
        <input
          id={id('given')}
          type="text"
          autoComplete="given-name"
          value={values.givenName}
          disabled={disabled}
          aria-invalid={errors.givenName !== undefined}
          aria-describedby={id('given-error')}
          onChange={(event) => onChange('givenName', event.target.value)}
        />
        <FieldError id={id('given-error')} message={errors.givenName} />
      </div>

      <div className="profile-field">
        <label htmlFor={id('family')}>{t('profiles.form.familyName')}</label>
        <input
          id={id('family')}
          type="text"
          autoComplete="family-name"
          value={values.familyName}
          disabled={disabled}
          aria-invalid={errors.familyName !== undefined}
          aria-describedby={id('family-error')}
          onChange={(event) => onChange('familyName', event.target.value)}
        />
        <FieldError id={id('family-error')} message={errors.familyName} />
      </div>

      <fieldset className="profile-field" disabled={disabled}>
        <legend>{t('profiles.form.gender')}</legend>
        <div className="profile-choices">
          {genders.map((gender) => (
            <label key={gender} className="profile-choice">
              <input
                type="radio"
                name={id('gender')}
                value={gender}
                checked={values.gender === gender}
                aria-invalid={errors.gender !== undefined}
                aria-describedby={id('gender-error')}
                onChange={() => onChange('gender', gender)}
              />
              {genderText(t, gender)}
            </label>
          ))}
        </div>
        <FieldError id={id('gender-error')} message={errors.gender} />
      </fieldset>

      <fieldset className="profile-field" disabled={disabled}>
        <legend>{t('profiles.form.dateOfBirth')}</legend>
        <div className="profile-dob">
          {dobParts.map(({ part, label, placeholder, length }, index) => (
            <input
              key={part}
              ref={(element) => {
                dobRefs.current[index] = element;
              }}
              type="text"
              inputMode="numeric"
              aria-label={t(label)}
              placeholder={placeholder}
              maxLength={length}
              className={`profile-dob-${part}`}
              value={values[part]}
              aria-invalid={errors[part] !== undefined || (errors.dateOfBirth !== undefined && part === 'day')}
              aria-describedby={id('dob-error')}
              onChange={(event) => {
                const typed = event.target.value.replace(/\D/g, '').slice(0, length);
                onChange(part, event.target.value);
                // spec doc 1 §5: focus moves to the next field while typing
                if (typed.length === length) {
                  dobRefs.current[index + 1]?.focus();
                }
              }}
            />
          ))}
        </div>
        <FieldError id={id('dob-error')} message={dobError} />
      </fieldset>

      <fieldset
        className="profile-field"
        role="radiogroup"
        aria-required="true"
        aria-labelledby={id('relationship-legend')}
        aria-describedby={id('relationship-prompt')}
        disabled={disabled}
      >
        <legend id={id('relationship-legend')}>{t('profiles.form.relationship')}</legend>
        <div className="profile-choices">
          {relationships.map((relationship) => (
            <label key={relationship} className="profile-choice">
              <input
                type="radio"
                name={id('relationship')}
                value={relationship}
                checked={values.relationship === relationship}
                onChange={() => onChange('relationship', relationship)}
              />
              {relationshipText(t, relationship)}
            </label>
          ))}
        </div>
        {/* spec doc 1 §5: a blinking prompt reads 'Select the relationship'. The live region stays
            in the page and only its text changes, so screen readers announce it reliably. */}
        <p id={id('relationship-prompt')} className="profile-relationship-prompt" aria-live="polite">
          {values.relationship === '' ? t('profiles.form.selectRelationship') : ''}
        </p>
      </fieldset>

      {showAddress
        ? addressFields.map(({ field, label }, index) => (
            <div className="profile-field" key={field}>
              <label htmlFor={id(field)}>{t(label)}</label>
              <input
                id={id(field)}
                type="text"
                autoComplete={field === 'addressCity' ? 'address-level2' : `address-line${index + 1}`}
                value={values[field]}
                disabled={disabled}
                onChange={(event) => onChange(field, event.target.value)}
              />
            </div>
          ))
        : null}
    </>
  );
}
