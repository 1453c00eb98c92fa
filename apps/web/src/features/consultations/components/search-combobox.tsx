import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useConsultationsTranslate } from '@careline/i18n/consultations';
import type { SearchOption } from '../hooks/use-search-options.ts';

/** A titled group of suggestions (e.g. Doctors, Specialties); the title may be omitted for one group. */
export type ComboboxSection = { id: string; title?: string; options: SearchOption[] };

export type SearchComboboxProps = {
  /** The visible label of the box. */
  label: string;
  /** What is typed. */
  query: string;
  onQueryChange: (query: string) => void;
  sections: ComboboxSection[];
  /** A search is under way (suggestions are announced when it ends). */
  loading: boolean;
  /** Called with the section id and the option picked. */
  onPick: (sectionId: string, option: SearchOption) => void;
  placeholder?: string;
  /** Extra description ids (e.g. a hint below the box). */
  describedBy?: string;
};

/**
 * A search box with suggestions, after the WAI-ARIA combobox pattern: the input keeps focus, arrow
 * keys move through the options (aria-activedescendant), Enter picks, Escape closes.
 */
export function SearchCombobox({
  label,
  query,
  onQueryChange,
  sections,
  loading,
  onPick,
  placeholder,
  describedBy,
}: SearchComboboxProps) {
  const t = useConsultationsTranslate();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const flat = useMemo(
    () => sections.flatMap((section) => section.options.map((option) => ({ section: section.id, option }))),
    [sections],
  );
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const expanded = open && query.trim() !== '';
  const activeIndex = active < flat.length ? active : -1;
  const listShown = expanded && flat.length > 0;

  function pick(index: number) {
    const item = flat[index];
    if (!item) {
      return;
    }
    setOpen(false);
    setActive(-1);
    onPick(item.section, item.option);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        setActive((current) => (flat.length === 0 ? -1 : (current + 1) % flat.length));
        return;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        setActive((current) => (flat.length === 0 ? -1 : (current <= 0 ? flat.length : current) - 1));
        return;
      case 'Enter':
        if (listShown && activeIndex >= 0) {
          event.preventDefault();
          pick(activeIndex);
        }
        return;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        return;
      default:
        return;
    }
  }

  let index = -1;
  const status = loading
    ? t('consultations.search.searching')
    : query.trim() === ''
      ? ''
      : t('consultations.search.suggestions', { count: flat.length });

  return (
    <div className="search-combobox">
      <label htmlFor={`${id}-input`} className="search-combobox__label">
        {label}
      </label>
      <input
        id={`${id}-input`}
        className="search-combobox__input"
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={listShown}
        aria-controls={listId}
        aria-activedescendant={listShown && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        aria-describedby={describedBy}
        placeholder={placeholder}
        value={query}
        onChange={(event) => {
          onQueryChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        // A pick by pointer happens on mousedown, before this blur closes the list.
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label={label} className="search-combobox__list" hidden={!listShown}>
        {sections.map((section) =>
          section.options.length === 0 ? null : (
            <li key={section.id} role="presentation">
              {section.title ? (
                <span className="search-combobox__group" id={`${id}-${section.id}`} aria-hidden="true">
                  {section.title}
                </span>
              ) : null}
              <ul role="group" aria-labelledby={section.title ? `${id}-${section.id}` : undefined} className="search-combobox__options">
                {section.options.map((option) => {
                  index += 1;
                  const at = index;
                  return (
                    <li
                      key={option.id}
                      id={optionId(at)}
                      role="option"
                      aria-selected={at === activeIndex}
                      className={at === activeIndex ? 'search-combobox__option search-combobox__option--active' : 'search-combobox__option'}
                      onMouseDown={(event) => {
                        event.preventDefault();
                        pick(at);
                      }}
                    >
                      <span className="search-combobox__option-label">{option.label}</span>
                      {option.detail ? <span className="search-combobox__option-detail">{option.detail}</span> : null}
                    </li>
                  );
                })}
              </ul>
            </li>
          ),
        )}
      </ul>
      {expanded && !loading && flat.length === 0 ? (
        <p className="search-combobox__empty">{t('consultations.search.noMatches')}</p>
      ) : null}
      <span className="visually-hidden" role="status" aria-live="polite">
        {expanded ? status : ''}
      </span>
    </div>
  );
}
