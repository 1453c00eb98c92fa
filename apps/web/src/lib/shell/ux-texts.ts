// Texts of issue 6 §4's fixes that are not rendered through the catalogues yet: the title separator
// (punctuation) and the profile form's name-length rule (the form is still English; see issue note).
export const uxTexts = {
  /** Joins a screen's heading and the hospital's name in the document title. */
  titleSeparator: ' – ',
  /** A name longer than the server accepts (issue 6 §4.7), shown as the user types. */
  nameTooLong: (max: number): string => `Names may have at most ${max} characters`,
} as const;
