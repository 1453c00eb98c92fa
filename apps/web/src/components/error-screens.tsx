import { Link } from 'react-router';
import { errorScreenTexts } from '@careline/domain/shell';

/** spec doc 1 §2: the generic error screen, 'Something went wrong' with Go Home to /. */
export function GenericErrorScreen() {
  return (
    <section className="screen screen--center" aria-labelledby="generic-error-title">
      <h1 id="generic-error-title">{errorScreenTexts.generic}</h1>
      <Link to="/" className="button button--primary">
        {errorScreenTexts.goHome}
      </Link>
    </section>
  );
}

/** spec doc 1 §8: the detailed generic error screen, for data that cannot be shown to this user. */
export function DetailedErrorScreen() {
  return (
    <section className="screen screen--center" aria-labelledby="detailed-error-title">
      <h1 id="detailed-error-title" className="visually-hidden">
        {errorScreenTexts.generic}
      </h1>
      <p className="error-screen__text">{errorScreenTexts.detailed}</p>
      <Link to="/" className="button button--primary">
        {errorScreenTexts.goHome}
      </Link>
    </section>
  );
}
