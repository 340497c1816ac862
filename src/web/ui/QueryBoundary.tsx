import type { ReactNode } from 'react';
import { handledGlobally } from '../lib/api';
import { ErrorDisplay, type ErrorVariant } from './ErrorDisplay';
import { Spinner } from './Spinner';

/** What a screen says when its data cannot be read: the error display's texts and ways on. */
export interface Failure {
  title?: string;
  message?: string;
  variant?: ErrorVariant;
  showHelp?: boolean;
  queryKey?: readonly unknown[];
  /** The button that tries again: Retry, which reads the query again, unless the screen words it otherwise. */
  retry?: { label: string; onClick: () => void };
  /** Further ways on, after the retry button (a link back). */
  actions?: ReactNode;
}

/** A query's result as the boundary reads it (one query, or several a screen needs together). */
export interface Loadable<T> {
  data: T | undefined;
  error: unknown;
  refetch: () => unknown;
}

interface Props<T> {
  query: Loadable<T>;
  /** While the data loads: a sentence in a muted card, or any placeholder; the spinner when none is given. */
  loading?: ReactNode;
  failure?: Failure;
  /** What stands in for data that could not be read, when something should (counters read as zero, docs/decisions/0013-empty-data-or-load-failure.md). */
  orElse?: (error: unknown) => T | undefined;
  children: (data: T) => ReactNode;
  /**
   * The data fills more than a window (the topics, the statistics): the placeholder keeps a window's
   * height, so the footer and what follows start below the fold and do not jump when the data comes.
   */
  tall?: boolean;
}

/**
 * The one way a screen shows its data's loading and failure. Data already read stays on screen when a
 * later read fails. A 401 or an ended trial is never shown as a failure: the client is already sending the
 * learner to log in or to the paywall (src/web/lib/api.ts), so the placeholder stays until then.
 */
export function QueryBoundary<T>({ query, loading, failure = {}, orElse, children, tall }: Props<T>) {
  if (query.data !== undefined) return children(query.data);
  const { error } = query;
  if (error && !handledGlobally(error)) {
    const standIn = orElse?.(error);
    if (standIn !== undefined) return children(standIn);
    const { retry, ...texts } = failure;
    return <ErrorDisplay error={error} {...texts} retryLabel={retry?.label} onRetry={retry?.onClick ?? (() => void query.refetch())} />;
  }
  const placeholder =
    typeof loading === 'string' ? (
      <div className="card center muted" role="status">
        {loading}
      </div>
    ) : (
      (loading ?? <Spinner />)
    );
  return tall ? <div className="screen-loading">{placeholder}</div> : placeholder;
}
