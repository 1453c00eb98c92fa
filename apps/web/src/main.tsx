import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
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
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
