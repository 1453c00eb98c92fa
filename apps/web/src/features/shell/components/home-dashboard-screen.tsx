import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslate } from '@careline/i18n/react';

// spec doc 2 §2 Home dashboard search: the title, the search (from the consultations, given by the
// route: features never import each other) and the tiles.
const tiles = [
  { label: 'shell.dashboard.myChanneling', route: '/history/appointments' },
  { label: 'shell.dashboard.labReports', route: '/history/examination' },
  { label: 'shell.dashboard.myAccount', route: '/profiles' },
] as const;

/**
 * /home-dashboard: the flat flow's home (spec doc 1 §2, doc 2 §2).
 * @param search - the doctor search shown under the title
 */
export function HomeDashboardScreen({ search }: { search?: ReactNode }) {
  const t = useTranslate();
  return (
    <section className="screen" aria-labelledby="home-dashboard-title">
      <h1 id="home-dashboard-title">{t('shell.dashboard.title')}</h1>
      {search}
      <ul className="dashboard-tiles">
        {tiles.map((tile) => (
          <li key={tile.route}>
            <Link to={tile.route} className="dashboard-tile">
              {t(tile.label)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
