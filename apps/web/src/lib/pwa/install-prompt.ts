import { useSyncExternalStore } from 'react';

/** Chrome's beforeinstallprompt event (not in the DOM typings). */
export type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

// A device preference, not login data: it survives logout on purpose.
const dismissedKey = 'addToHomeDismissed';

type InstallState = { promptEvent: BeforeInstallPromptEvent | null; dismissed: boolean };

// dismissed is read from storage when first asked (readState), not when the module loads: the page's
// first storage read is slow on a phone, and this module runs in the start's first task (src/main.tsx).
let state: InstallState | null = null;
const listeners = new Set<() => void>();

function readDismissed(): boolean {
  try {
    return typeof window !== 'undefined' && window.localStorage.getItem(dismissedKey) === 'true';
  } catch {
    return false;
  }
}

function readState(): InstallState {
  state ??= { promptEvent: null, dismissed: readDismissed() };
  return state;
}

function update(next: Partial<InstallState>): void {
  state = { ...readState(), ...next };
  listeners.forEach((listener) => listener());
}

/** Saves the browser's install prompt so the add-to-home banner can show it later. */
export function captureInstallPrompt(win: Window = window): () => void {
  const onPrompt = (event: Event) => {
    event.preventDefault();
    update({ promptEvent: event as BeforeInstallPromptEvent });
  };
  const onInstalled = () => update({ promptEvent: null });
  win.addEventListener('beforeinstallprompt', onPrompt);
  win.addEventListener('appinstalled', onInstalled);
  return () => {
    win.removeEventListener('beforeinstallprompt', onPrompt);
    win.removeEventListener('appinstalled', onInstalled);
  };
}

/** Shows the saved install prompt; the event can be used once. */
export async function promptInstall(): Promise<void> {
  const event = readState().promptEvent;
  if (!event) {
    return;
  }
  update({ promptEvent: null });
  await event.prompt();
  const choice = await event.userChoice;
  if (choice.outcome === 'dismissed') {
    dismissInstallBanner();
  }
}

/** Remembers that the user closed the add-to-home banner. */
export function dismissInstallBanner(): void {
  try {
    window.localStorage.setItem(dismissedKey, 'true');
  } catch {
    // Without storage the banner stays closed for this page only.
  }
  update({ dismissed: true });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Whether the add-to-home banner should show: a saved prompt and not dismissed. */
export function useInstallBannerVisible(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => {
      const { promptEvent, dismissed } = readState();
      return promptEvent !== null && !dismissed;
    },
    () => false,
  );
}
