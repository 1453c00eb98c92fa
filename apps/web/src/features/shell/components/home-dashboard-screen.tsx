import { Link } from 'react-router';

// spec doc 2 §2 Home dashboard search: the title and tiles; the search itself is document 2's.
const tiles = [
  { label: 'My Channeling', route: '/history/appointments' },
  { label: 'Lab Reports', route: '/history/examination' },
  { label: 'My Account', route: '/profiles' },
] as const;

/** /home-dashboard: the flat flow's home (spec doc 1 §2, doc 2 §2). */
export function HomeDashboardScreen() {
  return (
    <section className="screen" aria-labelledby="home-dashboard-title">
      <h1 id="home-dashboard-title">Channel your doctor here</h1>
      <ul className="dashboard-tiles">
        {tiles.map((tile) => (
          <li key={tile.route}>
            <Link to={tile.route} className="dashboard-tile">
              {tile.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
