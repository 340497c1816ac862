import { useQuery } from '@tanstack/react-query';
import { formatCount, formatDay, formatWeekday } from '../../lib/format';
import { QueryBoundary } from '../../ui/QueryBoundary';
import { TILE_FAILURE } from './failure';
import { dayLabel, retentionPercent } from './format';
import { forecastQuery, type ReviewForecast } from './queries';
import './stats.css';

/**
 * The chart's drawing box: across, each day a share of the width (so it fills a phone or a desk); up, pixels
 * (so the numbers stay readable): bars up to BAR_MAX high under a line for their counts, day labels below.
 */
const BAR_SHARE = 0.56;
const BAR_MAX = 90;
const TOP = 18;
const HEIGHT = TOP + BAR_MAX + 36;

/**
 * The words falling due on each of the next 14 days (memory review, docs/decisions/0014) as a small SVG
 * bar chart, and the share of reviews recalled. Drawn by hand: a chart library would outweigh the page.
 */
export function ReviewForecastCard() {
  const query = useQuery(forecastQuery);
  return (
    <section className="card review-forecast" aria-labelledby="stats-forecast">
      <div className="row stats-card-head">
        <h2 id="stats-forecast">Review Forecast</h2>
        {query.data && <Retention retention={query.data.retention} />}
      </div>
      <QueryBoundary query={query} failure={TILE_FAILURE}>
        {(data) => <ForecastChart days={data.days} dueNow={data.dueNow} />}
      </QueryBoundary>
    </section>
  );
}

function Retention({ retention }: { retention: ReviewForecast['retention'] }) {
  const percent = retentionPercent(retention);
  return percent === null ? (
    <span className="muted">Review retention appears once learnt words come back for review.</span>
  ) : (
    <span className="forecast-retention" data-testid="retention">
      Review retention <strong>{percent}%</strong>{' '}
      <span className="muted">
        ({formatCount(retention.recalled)} of {formatCount(retention.reviews)} reviews recalled; first answers not counted)
      </span>
    </span>
  );
}

function ForecastChart({ days, dueNow }: { days: ReviewForecast['days']; dueNow: number }) {
  const most = Math.max(1, ...days.map((d) => d.due));
  const total = days.reduce((n, d) => n + d.due, 0);
  const summary = days.map((d, i) => `${dayLabel(d.date, i)}: ${d.due}`).join(', ');
  return (
    <>
      <p className="muted stats-note">
        {total === 0
          ? 'No words are due in the next 14 days.'
          : `${formatCount(total)} ${total === 1 ? 'word' : 'words'} due in the next 14 days.`}{' '}
        {/* Review's button counts the words due now; today's bar also holds those falling due later today. */}
        {days[0]!.due > 0 && `Today: ${formatCount(dueNow)} due now, ${formatCount(days[0]!.due - dueNow)} later today.`}
      </p>
      <svg
        className="forecast-chart"
        width="100%"
        height={HEIGHT}
        role="img"
        aria-label={`Words due per day. ${summary}`}
        data-testid="forecast-chart"
      >
        <line x1="0" x2="100%" y1={TOP + BAR_MAX + 0.5} y2={TOP + BAR_MAX + 0.5} className="forecast-axis" />
        {days.map((d, i) => {
          const h = d.due === 0 ? 0 : Math.max(2, Math.round((d.due / most) * BAR_MAX));
          const slot = 100 / days.length;
          const centre = `${(i + 0.5) * slot}%`;
          return (
            <g key={d.date} data-date={d.date} data-due={d.due}>
              <title>{`${dayLabel(d.date, i)}: ${d.due} due`}</title>
              <rect
                x={`${(i + (1 - BAR_SHARE) / 2) * slot}%`}
                y={TOP + BAR_MAX - h}
                width={`${BAR_SHARE * slot}%`}
                height={h}
                rx="3"
                className={i === 0 ? 'forecast-bar today' : 'forecast-bar'}
              />
              {d.due > 0 && (
                <text x={centre} y={TOP + BAR_MAX - h - 5} className="forecast-count">
                  {d.due}
                </text>
              )}
              {/* Every day named by weekday and date; a phone shows every other one (stats.css). */}
              <text x={centre} y={HEIGHT - 19} className={`forecast-day${i % 2 ? ' odd' : ''}`}>
                {i === 0 ? 'Today' : formatWeekday(d.date)}
              </text>
              <text x={centre} y={HEIGHT - 5} className={`forecast-day${i % 2 ? ' odd' : ''}`}>
                {i === 0 || d.date.endsWith('-01') ? formatDay(d.date) : Number(d.date.slice(8))}
              </text>
            </g>
          );
        })}
      </svg>
    </>
  );
}
