/**
 * Dates and counts as the screens show them, written out here rather than asked of Intl: a page's first
 * Intl call loads the browser's locale data (about 100 ms on a phone, bench:web), /stats made a new
 * formatter for every day of its charts, and the server drawing a screen gets the same text as the
 * browser taking it over. The app speaks English only.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Dates are shown as 'MMM d, yyyy' everywhere (docs/product-rules.md#screens), in the browser's time zone. */
export function formatDate(date: Date | string | number) {
  const d = new Date(date);
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;
}

/** A calendar day ('YYYY-MM-DD', a learner's day as the server counts it) as a chart labels it: '28 Nov'. */
export function formatDay(day: string) {
  const [, month, date] = day.split('-').map(Number);
  return `${date} ${MONTHS[month! - 1]}`;
}

/** A calendar day's weekday, 0 for Sunday. */
export function weekdayOf(day: string) {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date)).getUTCDay();
}

/** A calendar day's weekday: 'Sat'. */
export const formatWeekday = (day: string) => WEEKDAYS[weekdayOf(day)]!;

/** A calendar day with its weekday: 'Sat 28 Nov'. */
export const formatDayWithWeekday = (day: string) => `${formatWeekday(day)} ${formatDay(day)}`;

/** A count with thousands separated: '12,345'. */
export const formatCount = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Money in dollars with two decimals, from cents. */
export function formatDollars(cents: number) {
  return `$${(cents / 100).toFixed(2)}`;
}
