import { ErrorDisplay, describeError, type ErrorVariant } from '../../ui/ErrorDisplay';
import { toast } from '../../ui/toast';

import { NETWORK_STATUS, TIMEOUT_STATUS, UNKNOWN_STATUS } from '../../lib/messages';

const STATUSES = [400, 401, 403, 404, 409, 422, 429, 500, 503, 418, NETWORK_STATUS, TIMEOUT_STATUS, UNKNOWN_STATUS];
const LABELS: Record<number, string> = { [NETWORK_STATUS]: 'network', [TIMEOUT_STATUS]: 'timeout', [UNKNOWN_STATUS]: 'unknown' };
const VARIANTS: ErrorVariant[] = ['full', 'card', 'banner', 'toast', 'inline'];

/** Every variant of the error display for each status of the catalogue (docs/product-rules.md#validation-and-errors). */
export function ErrorExamplesPage() {
  return (
    <section className="stack">
      <div className="card">
        <h1>Error examples</h1>
        <p>How the app reports each kind of failure, in each of the five ways it can show one.</p>
        <div className="row wrap">
          {STATUSES.map((status) => (
            <button
              key={status}
              type="button"
              className="button button-secondary"
              onClick={() => {
                const { title, message } = describeError(undefined, status);
                toast.error(title, { description: message });
              }}
            >
              Toast {LABELS[status] ?? status}
            </button>
          ))}
        </div>
      </div>
      {VARIANTS.map((variant) => (
        <div key={variant} className="card">
          <h2>{variant[0].toUpperCase() + variant.slice(1)} variant</h2>
          <div className="stack">
            {STATUSES.map((status) => (
              <ErrorDisplay
                key={status}
                status={status}
                variant={variant}
                onRetry={() => toast.info('Retrying...')}
                showHelp
                queryKey={['example']}
              />
            ))}
          </div>
        </div>
      ))}
    </section>
  );
}
