import { Suspense, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { AddToHomeBanner } from '../features/shell/components/add-to-home-banner.tsx';
import { AppHeader } from '../features/shell/components/app-header.tsx';
import { MainBottomBar, mainBottomBarVisible } from '../features/shell/components/main-bottom-bar.tsx';
import { NetworkBars } from '../features/shell/components/network-bars.tsx';
import { useSession } from '../lib/session/session-provider.tsx';
import { useMainBottomBarHidden } from '../lib/shell/chrome-context.tsx';
import { useTranslate } from '@careline/i18n/react';
import { useScreenHeading } from '../lib/shell/use-screen-heading.ts';
import { useTenant } from '../lib/tenant/tenant-provider.tsx';

/** The page frame around every route: header, network bars, banner, the screen, bottom bar. */
export function ShellLayout() {
  const { loggedIn } = useSession();
  const t = useTranslate();
  const withBottomBar = mainBottomBarVisible(loggedIn, useMainBottomBarHidden());
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useScreenHeading(mainRef, pathname, useTenant().branding.hospitalName);
  return (
    <div className={withBottomBar ? 'app-shell app-shell--with-bottom-bar' : 'app-shell'}>
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <AppHeader />
      <NetworkBars />
      <AddToHomeBanner />
      <main ref={mainRef} id="main" className="app-shell__main" tabIndex={-1}>
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>
      <MainBottomBar />
      <ScrollRestoration />
    </div>
  );
}
