import type { ReactNode } from 'react';
import { Link, linkOptions } from '@tanstack/react-router';
import { useUser } from '../lib/session';
import { ApiError } from '../lib/api';
import { errorSeverity, errorTitle, statusMessage, UNKNOWN_MESSAGE, UNKNOWN_STATUS } from '../lib/messages';

export type ErrorVariant = 'full' | 'card' | 'banner' | 'toast' | 'inline';

interface Props {
  /** An ApiError, any Error, or a status to show the catalogue's text for. */
  error?: unknown;
  status?: number;
  title?: string;
  message?: string;
  variant?: ErrorVariant;
  onRetry?: () => void;
  /** What the retry button says: Retry unless a screen words it otherwise. */
  retryLabel?: string;
  /** Further ways on, after the retry button. */
  actions?: ReactNode;
  showHelp?: boolean;
  /** The query that failed, passed to /support by Help so the ticket can say what broke. */
  queryKey?: readonly unknown[];
}

/** What a failure says, from an ApiError or a bare status (docs/product-rules.md#validation-and-errors). */
export function describeError(error: unknown, status?: number) {
  const code = error instanceof ApiError ? error.status : (status ?? UNKNOWN_STATUS);
  const message = error instanceof ApiError ? error.message : status !== undefined ? statusMessage(status) : UNKNOWN_MESSAGE;
  return { status: code, title: errorTitle(code), message, severity: errorSeverity(code) };
}

/**
 * The one error display in five variants: full page, card, banner, toast-like and inline, with
 * optional Retry and Help. Help goes to /support, or to /auth and back to /support when logged out.
 */
export function ErrorDisplay({
  error,
  status,
  title,
  message,
  variant = 'card',
  onRetry,
  retryLabel = 'Retry',
  actions: more,
  showHelp = false,
  queryKey,
}: Props) {
  const described = describeError(error, status);
  const { data: user } = useUser();
  const heading = title ?? described.title;
  const text = message ?? described.message;

  // Help leads a learner to the ticket form with the failure filled in; a visitor logs in first.
  const help = user
    ? linkOptions({ to: '/support', search: { status: String(described.status), key: queryKey?.join(' ') } })
    : linkOptions({ to: '/auth', search: { redirect: '/support' } });

  const actions = (onRetry || more || showHelp) && (
    <div className="error-actions">
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {retryLabel}
        </button>
      )}
      {more}
      {showHelp && (
        <Link className="button button-secondary" {...help}>
          Help
        </Link>
      )}
    </div>
  );

  if (variant === 'inline') {
    return (
      <p className={`error-inline severity-${described.severity}`} role="alert">
        {text}
        {onRetry && (
          <button type="button" className="link-button" onClick={onRetry}>
            {retryLabel}
          </button>
        )}
        {showHelp && (
          <Link className="link-button" {...help}>
            Help
          </Link>
        )}
      </p>
    );
  }
  return (
    <div className={`error-display error-${variant} severity-${described.severity}`} role="alert">
      <div className="error-body">
        <strong className="error-title">{heading}</strong>
        <p>{text}</p>
      </div>
      {actions}
    </div>
  );
}
