import { expect, it } from 'vitest';
import { addToHomeTexts, bottomBarItems, errorScreenTexts, historyBarItems } from './texts.ts';

// spec doc 1 §2 Root behaviour, §8 other messages.
it('copies the error screen texts', () => {
  expect(errorScreenTexts).toEqual({
    generic: 'Something went wrong',
    goHome: 'Go Home',
    detailed:
      'Sorry, Something went wrong! We cannot find a way to display this information to you. Go to home and check, are you signed in as a different user?',
  });
});

// spec doc 1 §2 Global bars and banners.
it('copies the bars and banner', () => {
  expect(addToHomeTexts).toEqual({ title: 'Add link to home', subtitle: 'Open it like an app', add: 'Add' });
  expect(bottomBarItems.map(({ label, route }) => [label, route])).toEqual([
    ['Doctor', '/doctor'],
    ['Home', '/chat-home'],
    ['Account', '/profiles'],
  ]);
  expect(historyBarItems.map(({ label }) => label)).toEqual(['My Appointments', 'All Orders']);
});
