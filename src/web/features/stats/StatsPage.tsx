import { Link } from '@tanstack/react-router';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { ApiError, type Reply, type server } from '../../lib/api';
import { formatCount, formatDate } from '../../lib/format';
import { LOAD_FAILURES } from '../../lib/messages';
import { QueryBoundary } from '../../ui/QueryBoundary';
import { TILE_FAILURE } from './failure';
import { ProgressBar } from '../../ui/ProgressBar';
import { SpinnerCard } from '../../ui/Spinner';
import { TRIAL_DAYS } from '../../../modules/auth/model';
import { trialStatusQuery, useUser } from '../../lib/session';
import { sessionAnalyticsQuery, statsQuery as statsRead, type AchievementView, type SessionAnalytics, type StatsView } from './queries';
import { accuracyPercent, featureName, formatLearningTime } from './format';
import { LeaderboardCard } from './Leaderboard';
import { ReviewForecastCard } from './Forecast';
import { DailyGoalCard } from './DailyGoalCard';
import { lazy, Suspense } from 'react';
import './stats.css';

// The charts are their own chunk: the tiles above them do not wait for their code.
const ProgressCharts = lazy(() => import('./ProgressCharts').then((m) => ({ default: m.ProgressCharts })));

export const PLEASE_LOG_IN = 'Please log in to view your statistics.';
type TrialStatus = Reply<(typeof server.api.user)['trial-status']['get']>;

/** On 500 or 403 the statistics show zeros instead of failing (docs/decisions/0013-empty-data-or-load-failure.md). */
const showsZeros = (error: unknown) => error instanceof ApiError && (error.status === 500 || error.status === 403);
const zerosOn500or403 =
  <T,>(zeros: T) =>
  (error: unknown) =>
    showsZeros(error) ? zeros : undefined;

const ZERO_STATS: StatsView = {
  totalAnswered: 0,
  totalCorrect: 0,
  totalIncorrect: 0,
  bestStreak: 0,
  consecutiveDays: 0,
  lastStudyDate: null,
  points: 0,
  weeklyPoints: 0,
  achievements: [],
  skills: { listening: { answered: 0, correct: 0 }, speaking: { answered: 0, correct: 0 } },
};
const ZERO_SESSION: SessionAnalytics = { totalTimeSpent: 0, lastActive: null, featureUsage: [] };

/**
 * /stats: anonymous visitors are asked to log in rather than sent away (docs/product-rules.md#screens). The user's load failure
 * and the verification alert are the layout's (src/web/shell/layouts.tsx).
 */
export function StatsPage() {
  const { data: user } = useUser();
  if (!user) {
    return (
      <div className="card narrow stack stats-gate">
        <h1>Your Learning Statistics</h1>
        <p>{PLEASE_LOG_IN}</p>
        <Link className="button" to="/auth" search={{ redirect: '/stats' }}>
          Log In
        </Link>
      </div>
    );
  }
  return <Statistics />;
}

function Statistics() {
  const statsQuery = useQuery(statsRead);
  const sessionQuery = useQuery(sessionAnalyticsQuery);
  const trialQuery = useQuery(trialStatusQuery);

  return (
    <div className="stack stats-page">
      <header className="stats-title">
        <h1>Your Learning Statistics</h1>
        <p>Your progress, your time and where you stand among other learners.</p>
      </header>
      <QueryBoundary
        query={statsQuery}
        orElse={zerosOn500or403(ZERO_STATS)}
        loading={<SpinnerCard label="Loading statistics..." />}
        tall
        failure={{ title: LOAD_FAILURES.stats }}
      >
        {(stats) => (
          <>
            <div className="stats-grid">
              <TrialCard query={trialQuery} />
              <LearningTimeCard query={sessionQuery} />
              <PointsCard stats={stats} />
              <DailyGoalCard />
            </div>
            <ProgressCard stats={stats} />
            <SkillsCard stats={stats} session={sessionQuery} />
            <Suspense fallback={<SpinnerCard label="Loading progress..." />}>
              <ProgressCharts />
            </Suspense>
            <ReviewForecastCard />
            <div className="stats-columns">
              <AchievementsCard achievements={stats.achievements} />
              <TopFeaturesCard query={sessionQuery} />
            </div>
          </>
        )}
      </QueryBoundary>
      <LeaderboardCard />
    </div>
  );
}

function TrialCard({ query }: { query: UseQueryResult<TrialStatus> }) {
  return (
    <section className="card stats-tile" aria-labelledby="stats-trial">
      <h2 id="stats-trial">Trial Status</h2>
      <QueryBoundary query={query} failure={TILE_FAILURE}>
        {(trial) =>
          trial.isTrialActive ? (
            <>
              <p className="stats-figure">
                {trial.daysRemaining} <span>{trial.daysRemaining === 1 ? 'day' : 'days'} remaining</span>
              </p>
              <ProgressBar value={trial.daysRemaining} max={TRIAL_DAYS} label="Trial days remaining" />
              <p className="muted stats-note">Your free trial lasts {TRIAL_DAYS} days.</p>
            </>
          ) : (
            <>
              <p className="stats-figure">
                <span>Trial not active</span>
              </p>
              <p className="muted stats-note">
                <Link to="/subscription">See your subscription</Link>
              </p>
            </>
          )
        }
      </QueryBoundary>
    </section>
  );
}

function LearningTimeCard({ query }: { query: UseQueryResult<SessionAnalytics> }) {
  return (
    <section className="card stats-tile" aria-labelledby="stats-time">
      <h2 id="stats-time">Learning Time</h2>
      <QueryBoundary query={query} orElse={zerosOn500or403(ZERO_SESSION)} failure={TILE_FAILURE}>
        {(session) => (
          <>
            <p className="stats-figure">{formatLearningTime(session.totalTimeSpent)}</p>
            <p className="muted stats-note">
              {session.lastActive ? `Last active ${formatDate(session.lastActive)}` : 'Time spent practising appears here.'}
            </p>
          </>
        )}
      </QueryBoundary>
    </section>
  );
}

function PointsCard({ stats }: { stats: StatsView }) {
  return (
    <section className="card stats-tile" aria-labelledby="stats-points">
      <h2 id="stats-points">Points</h2>
      <p className="stats-figure" data-testid="stats-points">
        {formatCount(stats.points)} <span>points</span>
      </p>
      <p className="muted stats-note">{formatCount(stats.weeklyPoints)} this week</p>
    </section>
  );
}

function ProgressCard({ stats }: { stats: StatsView }) {
  const accuracy = accuracyPercent({ answered: stats.totalAnswered, correct: stats.totalCorrect });
  const figures = [
    { label: 'Answered', value: stats.totalAnswered },
    { label: 'Correct', value: stats.totalCorrect },
    { label: 'Incorrect', value: stats.totalIncorrect },
    { label: 'Best Streak', value: stats.bestStreak },
    { label: 'Consecutive Days', value: stats.consecutiveDays },
  ];
  return (
    <section className="card" aria-labelledby="stats-progress">
      <h2 id="stats-progress">Overall Progress</h2>
      <dl className="stats-figures">
        {figures.map((f) => (
          <div key={f.label} className="stats-figure-box">
            <dt>{f.label}</dt>
            <dd>{formatCount(f.value)}</dd>
          </div>
        ))}
      </dl>
      <div className="stats-accuracy">
        <div className="row stats-accuracy-label">
          <span>Accuracy</span>
          <strong>{accuracy}%</strong>
        </div>
        <ProgressBar value={accuracy} label="Accuracy" />
      </div>
    </section>
  );
}

const SKILLS = [
  {
    skill: 'listening',
    title: 'Listening',
    answers: 'answers in the listening drill',
    empty: 'Try the listening drill to see how well you understand by ear.',
  },
  {
    skill: 'speaking',
    title: 'Speaking',
    answers: 'words said with Say it',
    empty: 'Press Say it on a revealed card to practise speaking.',
  },
] as const;

/** Listening and speaking: each skill's accuracy, answers and time (docs/decisions/0032-listening-drill.md, 0033-saying-it.md). */
function SkillsCard({ stats, session }: { stats: StatsView; session: UseQueryResult<SessionAnalytics> }) {
  return (
    <section className="card" aria-labelledby="stats-skills">
      <h2 id="stats-skills">Listening and Speaking</h2>
      <div className="skills-grid">
        {SKILLS.map(({ skill, title, answers, empty }) => {
          const counts = stats.skills[skill];
          const accuracy = accuracyPercent(counts);
          const seconds = session.data?.featureUsage.find((f) => f.featureId === skill)?.totalTime ?? 0;
          return (
            <div key={skill} className="skill" data-skill={skill}>
              <h3>{title}</h3>
              <div className="row stats-accuracy-label">
                <span>Accuracy</span>
                <strong>{accuracy}%</strong>
              </div>
              <ProgressBar value={accuracy} label={`${title} accuracy`} />
              <p className="muted stats-note">{counts.answered > 0 ? `${counts.correct} of ${counts.answered} ${answers} right` : empty}</p>
              <p className="muted stats-note">Time: {formatLearningTime(seconds)}</p>
            </div>
          );
        })}
      </div>
    </section>
  );
}

function AchievementsCard({ achievements }: { achievements: AchievementView[] }) {
  const earned = achievements.filter((a) => a.earned).length;
  return (
    <section className="card" aria-labelledby="stats-achievements">
      <div className="row stats-card-head">
        <h2 id="stats-achievements">Achievements</h2>
        {achievements.length > 0 && (
          <span className="muted">
            {earned} of {achievements.length} earned
          </span>
        )}
      </div>
      {achievements.length === 0 ? (
        <p className="muted">No achievements to show.</p>
      ) : (
        <ul className="achievement-list">
          {achievements.map((a) => (
            <li key={a.name} className={a.earned ? 'achievement earned' : 'achievement locked'}>
              <span className="achievement-icon" aria-hidden="true">
                {a.earned ? <StarIcon /> : <LockIcon />}
              </span>
              <span className="achievement-text">
                <strong>{a.name}</strong>
                <span className="muted">{a.description}</span>
              </span>
              <span className="achievement-state">{a.earned && a.earnedAt ? `Earned ${formatDate(a.earnedAt)}` : 'Locked'}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function TopFeaturesCard({ query }: { query: UseQueryResult<SessionAnalytics> }) {
  return (
    <section className="card" aria-labelledby="stats-features">
      <h2 id="stats-features">Most Used Features</h2>
      <QueryBoundary query={query} orElse={zerosOn500or403(ZERO_SESSION)} failure={TILE_FAILURE}>
        {(session) => <TopFeatures features={session.featureUsage.slice(0, 3)} />}
      </QueryBoundary>
    </section>
  );
}

function TopFeatures({ features }: { features: SessionAnalytics['featureUsage'] }) {
  if (features.length === 0) return <p className="muted">Practise a little and your favourite features appear here.</p>;
  const most = features[0]?.totalTime ?? 0;
  return (
    <ol className="feature-list">
      {features.map((f) => (
        <li key={f.featureId}>
          <div className="row feature-line">
            <span>{featureName(f.featureId)}</span>
            <span className="muted">{formatLearningTime(f.totalTime)}</span>
          </div>
          <ProgressBar value={f.totalTime} max={most} label={`${featureName(f.featureId)} time`} />
        </li>
      ))}
    </ol>
  );
}

// Drawn, not emoji: not every system has an emoji font.
const StarIcon = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" fill="currentColor">
    <path d="M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01z" />
  </svg>
);
const LockIcon = () => (
  <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </svg>
);
