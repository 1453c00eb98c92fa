import { Link } from 'react-router';
import { errorScreenTexts } from '@careline/domain/shell';
import { useTranslateText } from '@careline/i18n/react';

/** spec doc 1 §2: the generic error screen, 'Something went wrong' with Go Home to /. */
export function GenericErrorScreen() {
  const tx = useTranslateText();
  return (
    <section className="screen screen--center" aria-labelledby="generic-error-title">
      <h1 id="generic-error-title">{tx(errorScreenTexts.generic)}</h1>
      <Link to="/" className="button button--primary">
        {tx(errorScreenTexts.goHome)}
      </Link>
    </section>
  );
}

/** spec doc 1 §8: the detailed generic error screen, for data that cannot be shown to this user. */
export function DetailedErrorScreen() {
  const tx = useTranslateText();
  return (
    <section className="screen screen--center" aria-labelledby="detailed-error-title">
      <h1 id="detailed-error-title" className="visually-hidden">
        {tx(errorScreenTexts.generic)}
      </h1>
      <p className="error-screen__text">{tx(errorScreenTexts.detailed)}</p>
      <Link to="/" className="button button--primary">
        {tx(errorScreenTexts.goHome)}
      </Link>
    </section>
  );
}
