import { useId } from 'react';
import { useOrdersTranslate } from '@careline/i18n/orders';
import { useTranslateText } from '@careline/i18n/react';
import { initialsOf, type ProfileTile } from './order-list-rules.ts';

type LabProfileTilesProps = {
  tiles: readonly ProfileTile[];
  /** The chosen tile's key; null for everyone. */
  selected: string | null;
  onSelect: (key: string | null) => void;
};

/**
 * The lab test list's profile selector (spec doc 3 §2 Order lists): 'Everyone', then a tile per
 * person grouped by relationship, and the unclassified profiles by name. A pressed tile narrows the
 * list to that person's lab tests.
 */
export function LabProfileTiles({ tiles, selected, onSelect }: LabProfileTilesProps) {
  const t = useOrdersTranslate();
  const tx = useTranslateText();
  const headingId = useId();
  return (
    <section className="order-list-profiles" aria-labelledby={headingId}>
      <h2 id={headingId} className="order-list-profiles__heading">
        {t('orders.lists.profiles')}
      </h2>
      <ul className="order-list-profiles__tiles">
        <li>
          <button
            type="button"
            className="order-list-tile"
            aria-pressed={selected === null}
            onClick={() => onSelect(null)}
          >
            <span
              className="order-list-tile__avatar order-list-tile__avatar--everyone"
              aria-hidden="true"
            >
              <svg
                viewBox="0 0 24 24"
                width="22"
                height="22"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              >
                <circle cx="9" cy="8" r="3.5" />
                <path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6" />
                <circle cx="17" cy="9" r="2.5" />
                <path d="M16 14.2c3 .1 5.5 2.2 5.5 5.8" />
              </svg>
            </span>
            <span className="order-list-tile__label">{t('orders.lists.allProfiles')}</span>
          </button>
        </li>
        {tiles.map((tile) => (
          <li key={tile.key}>
            <button
              type="button"
              className="order-list-tile"
              aria-pressed={selected === tile.key}
              onClick={() => onSelect(tile.key)}
            >
              <span className="order-list-tile__avatar" aria-hidden="true">
                {initialsOf(tile.name)}
              </span>
              <span className="order-list-tile__label">
                {tile.relationship ? tx(tile.relationship) : tile.name}
              </span>
              {tile.relationship ? (
                <span className="order-list-tile__name">{tile.name}</span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
