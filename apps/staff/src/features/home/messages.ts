// Texts of the home screen, in one place for @careline/i18n.
export const homeMessages = {
  heading: 'Home',
  greeting: (name: string) => `Welcome, ${name}`,
  roleIntro: (roles: string, hospital: string) => `You work as ${roles} at ${hospital}.`,
  emptyHome: 'Your daily work will appear here as the console grows.',
} as const;
