import { useTranslate } from '@careline/i18n/react';

/** patient-feedback? and pf? addresses (spec doc 1 §2); the rating screen itself is document 2's. */
export function FeedbackScreen() {
  const t = useTranslate();
  return (
    <section className="screen" aria-labelledby="feedback-title">
      <h1 id="feedback-title">{t('shell.feedback.title')}</h1>
    </section>
  );
}
