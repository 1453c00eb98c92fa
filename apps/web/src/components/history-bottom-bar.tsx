import { NavLink } from 'react-router';
import { historyBarItems } from '@careline/domain/shell';
import { useTranslate, useTranslateText } from '@careline/i18n/react';

/** spec doc 1 §2: the history bottom bar, 'My Appointments' and 'All Orders'. */
export function HistoryBottomBar() {
  const t = useTranslate();
  const tx = useTranslateText();
  return (
    <nav className="bottom-bar" aria-label={t('shell.historyNav')}>
      <ul className="bottom-bar__list">
        {historyBarItems.map((item) => (
          <li key={item.key} className="bottom-bar__item">
            <NavLink to={item.route} className="bottom-bar__link">
              {tx(item.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
