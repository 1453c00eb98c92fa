import { lazy, Suspense } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { Button } from '../components/button.tsx';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { ToastProvider } from '../components/toast.tsx';
import type { I18n } from '@careline/i18n/core';
import { AccountLanguageSync, LanguageProvider } from '../lib/i18n';
import { GraphQLProvider } from '../lib/graphql/graphql-provider.tsx';
import { SessionProvider } from '../lib/session/session-provider.tsx';
import { ChromeProvider } from '../lib/shell/chrome-context.tsx';
import { TenantProvider } from '../lib/tenant/tenant-provider.tsx';
import { useTranslate } from '@careline/i18n/react';

/** Shown when the tenant's settings cannot be loaded (server down, offline at first start). */
function TenantLoadFailed({ retry }: { retry: () => void }) {
  const t = useTranslate();
  return (
    <main className="screen screen--center">
      <h1>{t('shell.error.generic')}</h1>
      <Button onClick={retry}>{t('shell.error.tryAgain')}</Button>
    </main>
  );
}

// issue 32 §4.7: the outbox's sender, loaded after the screen (a chunk the worker precaches); a chunk
// that cannot load costs only the sending, never the app.
const OutboxSender = lazy(() =>
  import('./outbox-sender.tsx').then(
    (module) => ({ default: module.OutboxSender }),
    () => ({ default: () => null }),
  ),
);

/** The app's router: createBrowserRouter over the route table (./start-app.tsx makes it). */
export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The whole app: GraphQL client, tenant settings, session, chrome and the router. */
export function App({ i18n, router }: { i18n: I18n; router: AppRouter }) {
  return (
    <LanguageProvider i18n={i18n}>
      <GraphQLProvider>
        {/* The session's account and the tenant's settings load side by side. */}
        <SessionProvider>
          <AccountLanguageSync />
          <Suspense fallback={null}>
            <OutboxSender />
          </Suspense>
          <TenantProvider
            loading={<LoadingScreen />}
            failed={(retry) => <TenantLoadFailed retry={retry} />}
          >
            <ChromeProvider>
              <ToastProvider>
                <RouterProvider router={router} />
              </ToastProvider>
            </ChromeProvider>
          </TenantProvider>
        </SessionProvider>
      </GraphQLProvider>
    </LanguageProvider>
  );
}
