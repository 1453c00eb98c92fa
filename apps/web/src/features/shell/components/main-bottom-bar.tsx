import { NavLink } from 'react-router';
import { bottomBarItems } from '@careline/domain/shell';
import { useSession } from '../../../lib/session/session-provider.tsx';
import { useMainBottomBarHidden } from '../../../lib/shell/chrome-context.tsx';
import { useTranslate, useTranslateText } from '@careline/i18n/react';

type BarKey = (typeof bottomBarItems)[number]['key'];

const icons: Record<BarKey, string> = {
  // Stethoscope-like, house, person: simple strokes that read at 24 px.
  doctor: 'M6 3v6a4 4 0 0 0 8 0V3 M10 13v3a4 4 0 0 0 8 0v-2 M18 14a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  home: 'M3 11l9-8 9 8 M5 10v10h5v-6h4v6h5V10',
  account: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z M4 21c0-4 4-6 8-6s8 2 8 6',
};

/** Whether the main bottom bar shows: only for a user with a mobile number (spec doc 1 §2). */
export function mainBottomBarVisible(loggedIn: boolean, hiddenByScreen: boolean): boolean {
  return loggedIn && !hiddenByScreen;
}

/** spec doc 1 §2: the main bottom bar, Doctor (/doctor), Home (/chat-home), Account (/profiles). */
export function MainBottomBar() {
  const { loggedIn } = useSession();
  const hidden = useMainBottomBarHidden();
  const t = useTranslate();
  const tx = useTranslateText();
  if (!mainBottomBarVisible(loggedIn, hidden)) {
    return null;
  }
  return (
    <nav className="bottom-bar" aria-label={t('shell.mainNav')}>
      <ul className="bottom-bar__list">
        {bottomBarItems.map((item) => (
          <li key={item.key} className="bottom-bar__item">
            <NavLink to={item.route} className="bottom-bar__link">
              <svg
                className="bottom-bar__icon"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
                aria-hidden="true"
              >
                <path d={icons[item.key]} />
              </svg>
              {tx(item.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
