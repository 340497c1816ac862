import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { reportClientError } from '../lib/client-errors';
import { Banner } from './Frame';
import { Footer } from './Footer';

export function NotFoundPage() {
  return (
    <section className="card narrow center">
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="button">
        Go Home
      </Link>
    </section>
  );
}

/**
 * The global fallback for a screen that crashed. A crash caught here never reaches the window's
 * error handler, so the screen reports it to the client-error call itself, once per error.
 */
export function ErrorFallback({ error }: ErrorComponentProps) {
  useEffect(() => reportClientError(error), [error]);
  // It stands in for the whole frame, so it brings the header and footer: the plain header, as the
  // navigation itself may be what crashed.
  return (
    <div className="frame">
      <Banner />
      <main id="main" className="main">
        <section className="card narrow center" role="alert">
          <h1>Something went wrong</h1>
          <p>An unexpected error stopped this page. Refreshing usually helps.</p>
          <div className="row center">
            <button type="button" className="button" onClick={() => window.location.reload()}>
              Refresh Page
            </button>
            <a href="/" className="button button-secondary">
              Go Home
            </a>
          </div>
        </section>
      </main>
      <Footer />
    </div>
  );
}
