// The browser's own formatter: a date library cost 20 KB of script for this one format.
const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** Dates are shown as 'MMM d, yyyy' everywhere (docs/product-rules.md#screens). */
export function formatDate(date: Date | string | number) {
  return DATE.format(new Date(date));
}

/** Money in dollars with two decimals, from cents. */
export function formatDollars(cents: number) {
  return `$${(cents / 100).toFixed(2)}`;
}
