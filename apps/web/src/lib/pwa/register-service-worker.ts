/** Registers public/sw.js (production builds only: a worker would fight Vite's dev server). */
export function registerServiceWorker(win: Window = window): void {
  if (!import.meta.env.PROD || !('serviceWorker' in win.navigator)) {
    return;
  }
  win.addEventListener('load', () => {
    win.navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      // The app works without the worker; only offline start is lost.
      console.warn('service worker registration failed', error);
    });
  });
}
