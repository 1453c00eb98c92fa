/** Shell texts and routes, copied character for character (spec doc 1 §2, §8). */

export const errorScreenTexts = {
  generic: 'Something went wrong',
  goHome: 'Go Home',
  detailed:
    'Sorry, Something went wrong! We cannot find a way to display this information to you. Go to home and check, are you signed in as a different user?',
} as const;

export const addToHomeTexts = { title: 'Add link to home', subtitle: 'Open it like an app', add: 'Add' } as const;

/** Main bottom bar (spec doc 1 §2): shown only when the user has a mobile number. */
export const bottomBarItems = [
  { key: 'doctor', label: 'Doctor', route: '/doctor' },
  { key: 'home', label: 'Home', route: '/chat-home' },
  { key: 'account', label: 'Account', route: '/profiles' },
] as const;

export const bottomBarLabels = { doctor: 'Doctor', home: 'Home', account: 'Account' } as const;
export const bottomBarRoutes = { doctor: '/doctor', home: '/chat-home', account: '/profiles' } as const;

/** History bottom bar (spec doc 1 §2). */
export const historyBarItems = [
  { key: 'appointments', label: 'My Appointments', route: '/history/appointments' },
  { key: 'orders', label: 'All Orders', route: '/history/orders' },
] as const;

/** Chat assistant image texts (spec doc 1 §2, §8). */
export const chatMediaTexts = {
  loadingImage: 'Loading image...',
  imageFailed: 'Unable to load image!',
  fileFailed: 'Unable to load file!',
} as const;
