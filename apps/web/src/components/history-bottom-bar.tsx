import { NavLink } from 'react-router';
import { historyBarItems } from '@careline/domain/shell';

/** spec doc 1 §2: the history bottom bar, 'My Appointments' and 'All Orders'. */
export function HistoryBottomBar() {
  return (
    <nav className="bottom-bar" aria-label="History">
      <ul className="bottom-bar__list">
        {historyBarItems.map((item) => (
          <li key={item.key} className="bottom-bar__item">
            <NavLink to={item.route} className="bottom-bar__link">
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
