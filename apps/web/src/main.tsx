import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { activateLocale, createI18n } from '@careline/i18n/core';
import { App } from './app/app.tsx';
import { createAppRoutes } from './app/routes.tsx';
import { applyLanguage, initialLanguage } from './lib/i18n';
import { captureInstallPrompt } from './lib/pwa/install-prompt.ts';
import { registerServiceWorker } from './lib/pwa/register-service-worker.ts';
import { captureServerSignInForm } from './lib/sign-in/server-sign-in.ts';
import './app/app.css';
import './components/components.css';
import './features/shell/shell.css';

// The install prompt can fire before React renders: catch it first.
captureInstallPrompt();
registerServiceWorker();

/**
 * Ends the current task: what follows runs in a new one, after the browser has had its turn. Evaluating
 * the entry's modules is one task already; the start's own work goes in tasks of its own, so a slow
 * phone's main thread is never blocked for long in one piece (Lighthouse's Total Blocking Time).
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}

// English is in the first bundle and renders at once; a remembered Sinhala or Tamil choice first
// fetches its catalogue (a small chunk), so no English flashes before it.
async function start(): Promise<void> {
  // Its code only comes with a page whose screen the server wrote, fetched beside the language's.
  const holding = document.querySelector('#root > [data-careline-takeover]')
    ? import('./lib/server-screen/server-screen.ts')
        .then((module) => module.holdServerScreen())
        // Without it the app replaces the server's screen on its first render, as on /login.
        .catch(() => undefined)
    : null;
  await nextTask();
  const container = document.getElementById('root');
  if (!container) {
    throw new Error('index.html lacks #root');
  }
  const i18n = createI18n();
  const language = initialLanguage();
  try {
    await activateLocale(i18n, language);
  } catch {
    // Offline with an uncached catalogue: English, until the next start.
  }
  applyLanguage(i18n.locale === language ? language : 'en');
  await nextTask();
  // The router matches the address against the route table (ranking every route): not inside a
  // render slice, where it made one long task.
  const router = createBrowserRouter(createAppRoutes());
  await nextTask();
  // issue 33 §2: what the patient typed into the server's sign-in form before the app ran is kept.
  captureServerSignInForm();
  // issue 33 §1: a screen the server wrote (/doctor) stays until the app's own is ready to replace it.
  await holding;
  const root = createRoot(container);
  // A transition: React renders the first screen in slices of a few milliseconds, yielding between
  // them, so a slow phone's main thread is never blocked for long (Lighthouse's Total Blocking Time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App i18n={i18n} router={router} />
      </StrictMode>,
    );
  });
}

void start();
