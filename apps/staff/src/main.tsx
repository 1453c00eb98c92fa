import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { StaffLanguageProvider, startStaffLanguage } from './lib/language.tsx';
import '@careline/ui/components.css';
import './app/app.css';

const container = document.getElementById('root');
if (!container) {
  throw new Error('index.html lacks #root');
}
// The remembered language is active before the first render, so no English flashes first.
const i18n = await startStaffLanguage();
createRoot(container).render(
  <StrictMode>
    <StaffLanguageProvider i18n={i18n}>
      <App />
    </StaffLanguageProvider>
  </StrictMode>,
);
