import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { activateLocale, createI18n } from '@careline/i18n/core';
import { App } from './app/app.tsx';
import { applyLanguage, initialLanguage } from './lib/i18n';
import { captureInstallPrompt } from './lib/pwa/install-prompt.ts';
import { registerServiceWorker } from './lib/pwa/register-service-worker.ts';
import './app/app.css';
import './components/components.css';
import './features/shell/shell.css';

// The install prompt can fire before React renders: catch it first.
captureInstallPrompt();
registerServiceWorker();

const container = document.getElementById('root');
if (!container) {
  throw new Error('index.html lacks #root');
}
const root = createRoot(container);

// English is in the first bundle and renders at once; a remembered Sinhala or Tamil choice first
// fetches its catalogue (a small chunk), so no English flashes before it.
async function start(): Promise<void> {
  const i18n = createI18n();
  const language = initialLanguage();
  try {
    await activateLocale(i18n, language);
  } catch {
    // Offline with an uncached catalogue: English, until the next start.
  }
  applyLanguage(i18n.locale === language ? language : 'en');
  // A transition: React renders the first screen in slices of a few milliseconds, yielding between
  // them, so a slow phone's main thread is never blocked for long (Lighthouse's Total Blocking Time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App i18n={i18n} />
      </StrictMode>,
    );
  });
}

void start();
