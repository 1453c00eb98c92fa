import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Button } from '../components/button.tsx';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { ToastProvider } from '../components/toast.tsx';
import { errorScreenTexts } from '@careline/domain/shell';
import type { I18n } from '@careline/i18n/core';
import { LanguageProvider } from '../lib/i18n';
import { GraphQLProvider } from '../lib/graphql/graphql-provider.tsx';
import { SessionProvider } from '../lib/session/session-provider.tsx';
import { ChromeProvider } from '../lib/shell/chrome-context.tsx';
import { TenantProvider } from '../lib/tenant/tenant-provider.tsx';
import { createAppRoutes } from './routes.tsx';

/** Shown when the tenant's settings cannot be loaded (server down, offline at first start). */
function TenantLoadFailed({ retry }: { retry: () => void }) {
  return (
    <main className="screen screen--center">
      <h1>{errorScreenTexts.generic}</h1>
      <Button onClick={retry}>Try again</Button>
    </main>
  );
}

/** The whole app: GraphQL client, tenant settings, session, chrome and the router. */
export function App({ i18n }: { i18n: I18n }) {
  const [router] = useState(() => createBrowserRouter(createAppRoutes()));
  return (
    <LanguageProvider i18n={i18n}>
      <GraphQLProvider>
        {/* The session's account and the tenant's settings load side by side. */}
        <SessionProvider>
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
