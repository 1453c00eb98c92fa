import { Link } from 'react-router';
import { errorScreenTexts } from '@careline/domain/shell';

/** /accessDenied (spec doc 1 §2, §6): the record is not among this account's profiles. */
export function AccessDeniedScreen() {
  return (
    <section className="screen screen--center" aria-labelledby="access-denied-title">
      <h1 id="access-denied-title">Access denied</h1>
      <p className="error-screen__text">{errorScreenTexts.detailed}</p>
      <Link to="/" className="button button--primary">
        {errorScreenTexts.goHome}
      </Link>
    </section>
  );
}
