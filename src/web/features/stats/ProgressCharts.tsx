import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatDay, formatDayWithWeekday, weekdayOf } from '../../lib/format';
import { QueryBoundary } from '../../ui/QueryBoundary';
import { TILE_FAILURE } from './failure';
import { dayProgressQuery, reviewProgressQuery, type ProgressDay, type ProgressRange, type ReviewProgress } from './queries';
import './stats.css';

/** A point of a chart: its day (or week), its value, and the value as read aloud and in the table. */
interface Point {
  date: string;
  value: number | null;
  shown: string;
}

const HEIGHT = 100;
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : null);

/**
 * Progress over time on the statistics page (docs/decisions/0040-progress-and-reminders.md): answers and accuracy
 * per day, words learnt, minutes per day, review retention per week and a calendar of practised days,
 * over the last 30 or 90 of the learner's days. Each chart is an SVG drawn by hand with a table beside it
 * for screen readers; this file is its own chunk, loaded after the page's tiles.
 */
export function ProgressCharts() {
  const [range, setRange] = useState<ProgressRange>('30');
  const days = useQuery(dayProgressQuery(range));
  const review = useQuery(reviewProgressQuery(range));
  return (
    <section className="card progress-charts" aria-labelledby="stats-over-time">
      <div className="row stats-card-head">
        <h2 id="stats-over-time">Progress Over Time</h2>
        <div className="range-switch" role="group" aria-label="Days shown">
          {(['30', '90'] as const).map((r) => (
            <button
              key={r}
              type="button"
              className={`button button-small${range === r ? '' : ' button-secondary'}`}
              aria-pressed={range === r}
              onClick={() => setRange(r)}
            >
              {r} days
            </button>
          ))}
        </div>
      </div>
      <QueryBoundary query={days} failure={TILE_FAILURE}>
        {(data) => <DayCharts days={data.days} />}
      </QueryBoundary>
      <QueryBoundary query={review} failure={TILE_FAILURE}>
        {(data) => <ReviewCharts progress={data} />}
      </QueryBoundary>
    </section>
  );
}

/** The days a chart draws: from the first with any practice (a week at least), so a few days of data are not slivers in a month. */
const SHORTEST = 7;
function shownDays<T>(all: T[], practised: (d: T) => boolean): T[] {
  const first = all.findIndex(practised);
  return all.slice(first < 0 ? -SHORTEST : Math.min(first, all.length - SHORTEST));
}

function DayCharts({ days: all }: { days: ProgressDay[] }) {
  const days = shownDays(all, (d) => d.answered > 0 || d.seconds > 0);
  const answers = days.map((d) => ({ date: d.date, value: d.answered, shown: String(d.answered) }));
  const accuracy = days.map((d) => {
    const p = percent(d.correct, d.answered);
    return { date: d.date, value: p, shown: p === null ? 'no answers' : `${p}%` };
  });
  // Whole minutes as the learning time tile counts them (format.ts), so the two agree.
  const minutes = days.map((d) => ({ date: d.date, value: Math.floor(d.seconds / 60), shown: `${Math.floor(d.seconds / 60)} min` }));
  return (
    <div className="progress-grid">
      <Chart id="answers" title="Answers per day" points={answers} kind="bar" />
      <Chart id="accuracy" title="Accuracy per day" points={accuracy} kind="line" max={100} />
      <Chart id="minutes" title="Minutes per day" points={minutes} kind="bar" />
      <PractisedCalendar days={all} />
    </div>
  );
}

function ReviewCharts({ progress }: { progress: ReviewProgress }) {
  const learned = shownDays(progress.learned, (d) => d.total > 0).map((d) => ({ date: d.date, value: d.total, shown: `${d.total} words` }));
  const retention = shownDays(progress.retentionByWeek, (w) => w.reviews > 0).map((w) => {
    const p = percent(w.recalled, w.reviews);
    return { date: w.week, value: p, shown: p === null ? 'no reviews' : `${p}% (${w.recalled} of ${w.reviews})` };
  });
  return (
    <div className="progress-grid">
      <Chart id="learned" title="Words learnt" points={learned} kind="line" />
      <Chart id="retention" title="Review retention per week" points={retention} kind="bar" max={100} weeks />
    </div>
  );
}

/**
 * One series: bars or a line in a box stretched to the width (viewBox units: one per point across, 100
 * up), the highest value and the first and last dates beside it, and the same figures as a table.
 */
function Chart({
  id,
  title,
  points,
  kind,
  max,
  weeks = false,
}: {
  id: string;
  title: string;
  points: Point[];
  kind: 'bar' | 'line';
  max?: number;
  weeks?: boolean;
}) {
  const top = max ?? Math.max(1, ...points.map((p) => p.value ?? 0));
  const y = (v: number) => HEIGHT - (v / top) * HEIGHT;
  const labelOf = (p: Point) => (weeks ? `Week of ${formatDay(p.date)}` : formatDayWithWeekday(p.date));
  const known = points.filter((p) => p.value !== null);
  const summary =
    known.length === 0
      ? 'nothing yet'
      : `highest ${Math.max(...known.map((p) => p.value!))}${max === 100 ? '%' : ''}, latest ${known.at(-1)!.shown}`;
  return (
    <figure className="progress-chart" data-testid={`chart-${id}`}>
      <figcaption id={`chart-${id}-title`}>{title}</figcaption>
      <div className="progress-chart-box">
        <span className="progress-chart-max" aria-hidden="true">
          {top}
          {max === 100 ? '%' : ''}
        </span>
        <svg
          viewBox={`0 0 ${points.length} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={`${title}: ${summary}. The table that follows has every ${weeks ? 'week' : 'day'}.`}
        >
          <line x1="0" x2={points.length} y1={HEIGHT} y2={HEIGHT} className="progress-axis" vectorEffect="non-scaling-stroke" />
          {kind === 'bar' ? (
            points.map((p, i) =>
              p.value ? (
                <rect
                  key={p.date}
                  x={i + 0.15}
                  width={0.7}
                  y={y(p.value)}
                  height={HEIGHT - y(p.value)}
                  className="progress-bar"
                  data-date={p.date}
                  data-value={p.value}
                />
              ) : null,
            )
          ) : (
            <>
              <polyline
                className="progress-line"
                vectorEffect="non-scaling-stroke"
                points={points.flatMap((p, i) => (p.value === null ? [] : [`${i + 0.5},${y(p.value)}`])).join(' ')}
              />
              {/* A dot on each day with a value: a single day is a point to see, not a line of no length. */}
              {points.map((p, i) =>
                p.value === null ? null : (
                  <line
                    key={p.date}
                    x1={i + 0.5}
                    x2={i + 0.5}
                    y1={y(p.value)}
                    y2={y(p.value)}
                    className="progress-dot"
                    vectorEffect="non-scaling-stroke"
                    data-date={p.date}
                    data-value={p.value}
                  />
                ),
              )}
            </>
          )}
        </svg>
      </div>
      <div className="progress-chart-dates" aria-hidden="true">
        <span>{formatDay(points[0]!.date)}</span>
        <span>{formatDay(points.at(-1)!.date)}</span>
      </div>
      <p className="muted progress-chart-summary" aria-hidden="true">
        {summary[0]!.toUpperCase() + summary.slice(1)}
      </p>
      <div className="visually-hidden">
        <table aria-labelledby={`chart-${id}-title`}>
          <thead>
            <tr>
              <th scope="col">{weeks ? 'Week' : 'Day'}</th>
              <th scope="col">{title}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.date}>
                <th scope="row">{labelOf(p)}</th>
                <td>{p.shown}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** The calendar's rows named as a wall calendar's are, every other day from Monday; the room they take on the left. */
const WEEKDAY_LABELS: [number, string][] = [
  [0, 'Mon'],
  [2, 'Wed'],
  [4, 'Fri'],
  [6, 'Sun'],
];
const LABELS_WIDTH = 22;

/** The days practised as a calendar: a column a week (Monday on top), a day filled when practised and marked when its goal was met or a freeze kept it. */
function PractisedCalendar({ days }: { days: ProgressDay[] }) {
  const practised = (d: ProgressDay) => d.answered > 0 || d.seconds > 0;
  const lead = (weekdayOf(days[0]!.date) + 6) % 7;
  const cells = [...Array<ProgressDay | null>(lead).fill(null), ...days];
  const count = days.filter(practised).length;
  const state = (d: ProgressDay) => (d.frozen ? 'frozen' : d.met ? 'met' : practised(d) ? 'practised' : 'idle');
  const said = { frozen: 'kept by a freeze', met: 'practised, goal met', practised: 'practised', idle: 'not practised' };
  return (
    <figure className="progress-chart" data-testid="chart-calendar">
      <figcaption id="chart-calendar-title">Days practised</figcaption>
      <svg
        className="practised-calendar"
        viewBox={`0 0 ${LABELS_WIDTH + Math.ceil(cells.length / 7) * 12} ${7 * 12}`}
        role="img"
        aria-label={`Days practised: ${count} of the last ${days.length}. The table that follows has every day.`}
      >
        {WEEKDAY_LABELS.map(([row, name]) => (
          <text key={name} x="0" y={row * 12 + 8.5} className="calendar-weekday" aria-hidden="true">
            {name}
          </text>
        ))}
        {cells.map((d, i) =>
          d ? (
            <rect
              key={d.date}
              x={LABELS_WIDTH + Math.floor(i / 7) * 12}
              y={(i % 7) * 12}
              width="10"
              height="10"
              rx="2"
              className={`calendar-day ${state(d)}`}
              data-date={d.date}
              data-state={state(d)}
            >
              <title>{`${formatDayWithWeekday(d.date)}: ${said[state(d)]}`}</title>
            </rect>
          ) : null,
        )}
      </svg>
      <p className="muted stats-note calendar-legend">
        {count} of {days.length} days practised · <span className="calendar-key practised" aria-hidden="true" /> practised{' '}
        <span className="calendar-key met" aria-hidden="true" /> goal met <span className="calendar-key frozen" aria-hidden="true" /> kept
        by a freeze
      </p>
      <div className="visually-hidden">
        <table aria-labelledby="chart-calendar-title">
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Practised</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row">{formatDayWithWeekday(d.date)}</th>
                <td>{said[state(d)]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
