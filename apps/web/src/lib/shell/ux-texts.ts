// Texts the UX and accessibility fixes of issue 6 §4 added (not in the spec). Kept in one place so the
// i18n catalogues can take them over as they are.
export const uxTexts = {
  /** The login screen's heading (read by screen readers; the logo above says whose app it is). */
  loginHeading: 'Sign in',
  /** The chat screen's heading. */
  chatHeading: 'Chat',
  /** Joins a screen's heading and the hospital's name in the document title. */
  titleSeparator: ' – ',
  /** The unclassified-profiles banner's button: what it does, by how many profiles there are. */
  classifyProfiles: (n: number): string => (n === 1 ? 'Choose their relationship' : 'Choose their relationships'),
  /** Why Save / Update is disabled (issue 6 §4.11: a disabled button says why). */
  updateNeedsChange: 'Change something to update',
  /** A name longer than the server accepts (issue 6 §4.7), shown as the user types. */
  nameTooLong: (max: number): string => `Names may have at most ${max} characters`,
} as const;
