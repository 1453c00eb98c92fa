import { lazy, Suspense, useRef, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { AddToHomeBanner } from '../features/shell/components/add-to-home-banner.tsx';
import { AppHeader } from '../features/shell/components/app-header.tsx';
import { MainBottomBar, mainBottomBarVisible } from '../features/shell/components/main-bottom-bar.tsx';
import { NetworkBars } from '../features/shell/components/network-bars.tsx';
import { useSession } from '../lib/session/session-provider.tsx';
import { useInstallBannerVisible } from '../lib/pwa/install-prompt.ts';
import { useMainBottomBarHidden } from '../lib/shell/chrome-context.tsx';
import { useTranslate } from '@careline/i18n/react';
import { useScreenHeading } from '../lib/shell/use-screen-heading.ts';
import { useTenant } from '../lib/tenant/tenant-provider.tsx';

// issue 13: the patient's video calls show wherever they are in the app (features/video), its own chunk.
const VideoCallHost = lazy(() =>
  import('../features/video/components/video-call-host.tsx').then((module) => ({ default: module.VideoCallHost })),
);

/** The page frame around every route: header, network bars, banner, the screen, bottom bar. */
export function ShellLayout() {
  const { loggedIn } = useSession();
  const t = useTranslate();
  const withBottomBar = mainBottomBarVisible(loggedIn, useMainBottomBarHidden());
  const mainRef = useRef<HTMLElement>(null);
  const [callSlot, setCallSlot] = useState<HTMLDivElement | null>(null);
  const { pathname } = useLocation();
  useScreenHeading(mainRef, pathname, useTenant().branding.hospitalName);
  const shellClass = [
    'app-shell',
    withBottomBar ? 'app-shell--with-bottom-bar' : null,
    useInstallBannerVisible() ? 'app-shell--with-install-banner' : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={shellClass}>
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <AppHeader />
      <NetworkBars />
      {/* issue 29 §2.7: the incoming call card, in the flow above the screen, so it covers nothing. */}
      <div ref={setCallSlot} className="app-shell__call-slot" />
      <main ref={mainRef} id="main" className="app-shell__main" tabIndex={-1}>
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>
      {/* After the screen in reading order, as on screen: it floats above the bottom edge. */}
      <AddToHomeBanner />
      <MainBottomBar />
      {loggedIn ? (
        <Suspense fallback={null}>
          <VideoCallHost cardSlot={callSlot} />
        </Suspense>
      ) : null}
      <ScrollRestoration />
    </div>
  );
}
