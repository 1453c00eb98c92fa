import { Link } from 'react-router';
import { errorScreenTexts } from '@careline/domain/shell';
import { useTranslate, useTranslateText } from '@careline/i18n/react';

/** /accessDenied (spec doc 1 §2, §6): the record is not among this account's profiles. */
export function AccessDeniedScreen() {
  const t = useTranslate();
  const tx = useTranslateText();
  return (
    <section className="screen screen--center" aria-labelledby="access-denied-title">
      <h1 id="access-denied-title">{t('shell.accessDenied')}</h1>
      <p className="error-screen__text">{tx(errorScreenTexts.detailed)}</p>
      <Link to="/" className="button button--primary">
        {tx(errorScreenTexts.goHome)}
      </Link>
    </section>
  );
}
