import { addToHomeTexts } from '@careline/domain/shell';
import { Button } from '../../../components/button.tsx';
import { dismissInstallBanner, promptInstall, useInstallBannerVisible } from '../../../lib/pwa/install-prompt.ts';
import { useTranslate, useTranslateText } from '@careline/i18n/react';
import { useTenant } from '../../../lib/tenant/tenant-provider.tsx';

/** spec doc 1 §2: 'Add link to home / Open it like an app' with Add and close. */
export function AddToHomeBanner() {
  const visible = useInstallBannerVisible();
  const t = useTranslate();
  const tx = useTranslateText();
  const { branding } = useTenant();
  if (!visible) {
    return null;
  }
  return (
    <aside className="install-banner" aria-label={tx(addToHomeTexts.title)}>
      <img className="install-banner__icon" src={branding.appIcons.png192} alt="" width={40} height={40} />
      <div className="install-banner__text">
        <strong>{tx(addToHomeTexts.title)}</strong>
        <span>{tx(addToHomeTexts.subtitle)}</span>
      </div>
      <Button
        variant="primary"
        onClick={() => {
          void promptInstall();
        }}
      >
        {tx(addToHomeTexts.add)}
      </Button>
      <Button variant="text" onClick={dismissInstallBanner} aria-label={t('shell.close')}>
        <span aria-hidden="true">×</span>
      </Button>
    </aside>
  );
}
