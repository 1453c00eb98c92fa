import { Link } from 'react-router';
import { useTenant } from '../../../lib/tenant/tenant-provider.tsx';

/** The compact top bar: the tenant's logo and hospital name, linking home. */
export function AppHeader() {
  const { branding } = useTenant();
  return (
    <header className="app-header">
      <Link to="/" className="app-header__home" aria-label={`${branding.hospitalName} home`}>
        <img className="app-header__logo" src={branding.logoUrl} alt="" width={36} height={36} />
      </Link>
      <p className="app-header__name" data-testid="hospital-name">
        {branding.hospitalName}
      </p>
    </header>
  );
}
