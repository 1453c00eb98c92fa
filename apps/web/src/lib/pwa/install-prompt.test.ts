// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as InstallPromptModule from './install-prompt.ts';

type InstallPrompt = typeof InstallPromptModule;

/** A fresh copy of the module (its state lives at module level). */
async function freshModule(): Promise<InstallPrompt> {
  vi.resetModules();
  return import('./install-prompt.ts');
}

function promptEvent(outcome: 'accepted' | 'dismissed'): Event {
  return Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: () => Promise.resolve(),
    userChoice: Promise.resolve({ outcome }),
  });
}

describe('install prompt', () => {
  beforeEach(() => {
    window.localStorage.clear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reads nothing from storage when it loads and catches the prompt (the start\'s first task)', async () => {
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    const { captureInstallPrompt } = await freshModule();
    const release = captureInstallPrompt();
    expect(getItem).not.toHaveBeenCalled();
    const event = promptEvent('accepted');
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    release();
  });

  it('remembers a dismissal across starts: a later start reads it when first asked', async () => {
    const first = await freshModule();
    const release = first.captureInstallPrompt();
    window.dispatchEvent(promptEvent('dismissed'));
    await first.promptInstall();
    release();
    expect(window.localStorage.getItem('addToHomeDismissed')).toBe('true');

    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    const second = await freshModule();
    const releaseSecond = second.captureInstallPrompt();
    expect(getItem).not.toHaveBeenCalled();
    window.dispatchEvent(promptEvent('accepted'));
    expect(getItem).toHaveBeenCalledWith('addToHomeDismissed');
    releaseSecond();
  });
});
