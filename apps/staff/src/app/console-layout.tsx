import { NavLink, Outlet } from 'react-router';
import { useMutation } from 'urql';
import { Button } from '@careline/ui/components';
import { staffSignOutMutation } from '../features/auth/api/auth-operations.ts';
import { LanguageSwitch } from '../lib/language.tsx';
import { useStaffSession } from '../lib/staff-session.tsx';
import { useRoleLabels, useShellMessages } from './messages.ts';
import { navigationFor } from './navigation.ts';

/** The signed-in console's frame: role-aware navigation, hospital switcher, sign-out. */
export function ConsoleLayout() {
  const session = useStaffSession();
  const t = useShellMessages();
  const roleLabels = useRoleLabels();
  const [, signOut] = useMutation(staffSignOutMutation);
  const items = navigationFor(session.may);
  const roles = session.hospital?.memberships.map((m) => roleLabels[m.role]).join(', ') ?? '';

  const onSignOut = async () => {
    // Whatever the server answers, this browser forgets the token.
    await signOut({});
    session.signedOut();
  };

  return (
    <div className="console">
      <a className="skip-link" href="#content">
        {t.skipToContent}
      </a>
      <header className="console__header">
        <span className="console__product">{t.product}</span>
        {session.hospitals.length > 1 ? (
          <label className="console__switcher">
            <span>{t.hospital}</span>
            <select
              value={session.hospital?.id ?? ''}
              onChange={(event) => session.chooseHospital(event.target.value)}
            >
              {session.hospitals.map((hospital) => (
                <option key={hospital.id} value={hospital.id}>
                  {hospital.name}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <span className="console__hospital">{session.hospital?.name}</span>
        )}
        <span className="console__who">
          {t.signedInAs(session.me?.displayName ?? '')}
          {roles ? ` (${roles})` : ''}
        </span>
        <LanguageSwitch />
        <Button variant="secondary" onClick={() => void onSignOut()}>
          {t.signOut}
        </Button>
      </header>
      <div className="console__body">
        <nav className="console__nav" aria-label={t.mainNavigation}>
          <ul>
            {items.map((item) => (
              <li key={item.path}>
                <NavLink to={item.path} end={item.path === '/'}>
                  {t[item.label]}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="content" className="console__main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
