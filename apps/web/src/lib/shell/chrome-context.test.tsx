// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ChromeProvider, useHideMainBottomBar, useMainBottomBarHidden } from './chrome-context.tsx';

function Probe() {
  return <p>{useMainBottomBarHidden() ? 'hidden' : 'shown'}</p>;
}

function DoctorSearch({ filterSet }: { filterSet: boolean }) {
  useHideMainBottomBar(filterSet);
  return null;
}

afterEach(cleanup);

describe('hiding the main bottom bar (spec doc 1 §2)', () => {
  it('a screen hides it while it asks to, and it comes back when the screen leaves', () => {
    const { rerender } = render(
      <ChromeProvider>
        <Probe />
        <DoctorSearch filterSet={false} />
      </ChromeProvider>,
    );
    expect(screen.getByText('shown')).toBeTruthy();
    rerender(
      <ChromeProvider>
        <Probe />
        <DoctorSearch filterSet />
      </ChromeProvider>,
    );
    expect(screen.getByText('hidden')).toBeTruthy();
    rerender(
      <ChromeProvider>
        <Probe />
      </ChromeProvider>,
    );
    expect(screen.getByText('shown')).toBeTruthy();
  });
});
