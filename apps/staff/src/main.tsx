import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import '@careline/ui/components.css';
import './app/app.css';

const container = document.getElementById('root');
if (!container) {
  throw new Error('index.html lacks #root');
}
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
