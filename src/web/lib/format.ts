import { format } from 'date-fns';

/** Dates are shown as 'MMM d, yyyy' everywhere (A §9). */
export function formatDate(date: Date | string | number) {
  return format(new Date(date), 'MMM d, yyyy');
}

/** Money in dollars with two decimals, from cents. */
export function formatDollars(cents: number) {
  return `$${(cents / 100).toFixed(2)}`;
}
