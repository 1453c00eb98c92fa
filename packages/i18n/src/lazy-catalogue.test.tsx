// @vitest-environment jsdom
import type { Messages } from '@lingui/core';
import { act, Suspense, startTransition, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from './core.ts';
import { lazyCatalogue } from './lazy-catalogue.ts';
import { I18nProvider } from './react.tsx';

// React's act() environment, as @testing-library/react sets it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type TestId = 'test.greeting';

/** A catalogue whose English arrives when the test says so. */
function deferredCatalogue() {
  let arrive: (messages: Messages) => void = () => undefined;
  const english = new Promise<Messages>((resolve) => {
    arrive = resolve;
  });
  const catalogue = lazyCatalogue<TestId>({
    en: () => english,
    si: () => Promise.resolve({ 'test.greeting': ['ආයුබෝවන්'] }),
    ta: () => Promise.resolve({ 'test.greeting': ['வணக்கம்'] }),
  });
  return { catalogue, arrive: () => arrive({ 'test.greeting': ['Hello'] }) };
}

const containers: HTMLElement[] = [];
afterEach(() => {
  containers.splice(0).forEach((container) => container.remove());
});

function mount() {
  const container = document.createElement('div');
  document.body.append(container);
  containers.push(container);
  return { container, root: createRoot(container) };
}

describe('useTranslate of a lazily loaded catalogue', () => {
  it('suspends while the texts load and, in a transition (the app’s first render), resumes once they arrive', async () => {
    // As in the app (main.tsx): a time-sliced render outside act(), which React replays from where it
    // suspended once the texts arrive (React error #467 when the replay calls other hooks than the render).
    const act = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    act.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      const { catalogue, arrive } = deferredCatalogue();
      const errors: unknown[] = [];
      function Greeting() {
        // Hooks before and after the translate function.
        const [name] = useState('Kamala');
        const t = catalogue.useTranslate();
        const [mark] = useState('!');
        return <p>{`${t('test.greeting')} ${name}${mark}`}</p>;
      }
      const i18n = createI18n();
      const container = document.createElement('div');
      document.body.append(container);
      containers.push(container);
      const root = createRoot(container, {
        onUncaughtError: (error) => errors.push(error),
        onRecoverableError: (error) => errors.push(error),
      });
      startTransition(() => {
        root.render(
          <I18nProvider i18n={i18n}>
            <Suspense fallback={<p>loading</p>}>
              <Greeting />
            </Suspense>
          </I18nProvider>,
        );
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(container.textContent).not.toContain('Hello');
      arrive();
      await vi.waitFor(() => expect(errors.length > 0 || container.textContent === 'Hello Kamala!').toBe(true));
      expect(errors).toEqual([]);
      expect(container.textContent).toBe('Hello Kamala!');
      root.unmount();
    } finally {
      act.IS_REACT_ACT_ENVIRONMENT = true;
    }
  });

  it('does not suspend once the texts are in, and shows the fallback while they load outside a transition', async () => {
    const { catalogue, arrive } = deferredCatalogue();
    function Greeting() {
      const t = catalogue.useTranslate();
      return <p>{t('test.greeting')}</p>;
    }
    const i18n = createI18n();
    const { container, root } = mount();
    await act(async () => {
      root.render(
        <I18nProvider i18n={i18n}>
          <Suspense fallback={<p>loading</p>}>
            <Greeting />
          </Suspense>
        </I18nProvider>,
      );
    });
    expect(container.textContent).toBe('loading');
    await act(async () => {
      arrive();
      await catalogue.load(i18n, 'en');
    });
    expect(container.textContent).toBe('Hello');
    // A second screen with the texts already in renders at once.
    const second = mount();
    await act(async () => {
      second.root.render(
        <I18nProvider i18n={i18n}>
          <Suspense fallback={<p>loading</p>}>
            <Greeting />
          </Suspense>
        </I18nProvider>,
      );
    });
    expect(second.container.textContent).toBe('Hello');
    await act(async () => {
      root.unmount();
      second.root.unmount();
    });
  });
});

describe('loads leave the shared catalogues as imported', () => {
  it("a screen group's English merged into one instance reaches neither the source catalogue nor another instance", async () => {
    const { messages: sourceEnglish } = await import('./catalogues/en.po');
    const { translateText } = await import('./errors.ts');
    const { activateLocale } = await import('./core.ts');
    const before = Object.keys(sourceEnglish).length;
    const ordersLike = lazyCatalogue<TestId>({
      en: () => Promise.resolve({ 'test.greeting': ['All Orders'] }),
      si: () => Promise.resolve({ 'test.greeting': ['ඇණවුම්'] }),
      ta: () => Promise.resolve({ 'test.greeting': ['ஆர்டர்கள்'] }),
    });
    const first = createI18n();
    await ordersLike.load(first, 'en');
    expect(first._('test.greeting')).toBe('All Orders');
    // Lingui merges later loads into the object an instance got first: that must not be the import.
    expect(Object.keys(sourceEnglish).length).toBe(before);
    expect(sourceEnglish['test.greeting']).toBeUndefined();
    const second = createI18n();
    expect(second._('test.greeting')).toBe('test.greeting');
    // A shared text keeps its shared key in a language whose screen group is not loaded.
    await activateLocale(second, 'ta');
    expect(translateText(second, 'All Orders')).not.toBe('test.greeting');
  });
});
