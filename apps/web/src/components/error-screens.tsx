import { Link } from 'react-router';
import { errorScreenTexts } from '@careline/domain/shell';
import { useTranslateText } from '@careline/i18n/react';

/**
 * The generic error screen: 'Something went wrong' (spec doc 1 §2), the spec's full text 'Sorry,
 * Something went wrong! We cannot find a way to display this information to you. Go to home and
 * check, are you signed in as a different user?' (doc 1 §8, doc 3 §2, §8; issue 30 §10) and Go Home to /.
 */
export function GenericErrorScreen() {
  const tx = useTranslateText();
  return (
    <section className="screen screen--center" aria-labelledby="generic-error-title">
      <h1 id="generic-error-title">{tx(errorScreenTexts.generic)}</h1>
      <p className="error-screen__text">{tx(errorScreenTexts.detailed)}</p>
      <Link to="/" className="button button--primary">
        {tx(errorScreenTexts.goHome)}
      </Link>
    </section>
  );
}
