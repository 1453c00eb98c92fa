import { Link } from 'react-router';
import { useTranslate } from '@careline/i18n/react';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { useLanguage } from '../../../lib/i18n';
import { useTenant } from '../../../lib/tenant/tenant-provider.tsx';

/** The compact top bar: the tenant's logo and hospital name, linking home, and the language switch. */
export function AppHeader() {
  const { branding } = useTenant();
  const { language, chooseLanguage } = useLanguage();
  const t = useTranslate();
  return (
    <header className="app-header">
      <Link
        to="/"
        className="app-header__home"
        aria-label={t('shell.homeLink', { hospital: branding.hospitalName })}
      >
        <img className="app-header__logo" src={branding.logoUrl} alt="" width={36} height={36} />
      </Link>
      <p className="app-header__name" data-testid="hospital-name">
        {branding.hospitalName}
      </p>
      <LanguageSwitch
        value={language}
        onChange={(locale) => void chooseLanguage(locale)}
        label={t('language.label')}
      />
    </header>
  );
}
