// The not-found page (D1-017, D1-018) and the same state for a study-level page whose study id
// cannot exist (pages/StudyPage.tsx). Always with a way back.
import { Link } from 'react-router';
import { Titled } from './Titled';

export interface NotFoundProps {
  /** The heading under '404'; default the spec's 'Oh dear something went wrong'. */
  heading?: string;
  message?: string;
  back?: { to: string; label: string };
}

export function NotFound({ heading = 'Oh dear something went wrong', message, back = { to: '/', label: 'Go to the home page' } }: NotFoundProps) {
  return (
    <Titled title="Page not found">
      <section className="gz-not-found" aria-labelledby="gz-404">
        <h1 id="gz-404">404</h1>
        <h2 className="gz-not-found-heading">{heading}</h2>
        {message ? <p className="gz-muted">{message}</p> : null}
        <p>
          <Link className="gz-button" to={back.to}>
            {back.label}
          </Link>
        </p>
      </section>
    </Titled>
  );
}

/** The not-found state of every study-level page (same words as the elements' NotFoundState). */
export function StudyNotFound() {
  return (
    <NotFound
      heading="Study not found"
      message="There is no study with this address among your studies. It may have been removed, or the link may be mistyped."
      back={{ to: '/my_studies', label: 'Back to My Studies' }}
    />
  );
}
