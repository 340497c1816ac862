import { queryOptions } from '@tanstack/react-query';
import { server, type Reply } from '../../lib/api';
import { read } from '../../lib/query';

/** The statistics screen's reads, for its hooks and its route's loader alike. */
export const statsQuery = read(server.api.stats);
export const sessionAnalyticsQuery = read(server.api.analytics.session);
export const forecastQuery = read(server.api.review.forecast);
/** Not under its path: answers refresh everything under /api/stats, the board only when the event stream says so. */
export const leaderboardQuery = queryOptions({ ...read(server.api.stats.leaderboard), queryKey: ['leaderboard'] });

export type ProgressRange = '30' | '90';
/** The progress charts' reads over the last 30 or 90 days (src/web/features/stats/ProgressCharts.tsx). */
export const dayProgressQuery = (days: ProgressRange) => read(server.api.stats.progress, { query: { days } });
export const reviewProgressQuery = (days: ProgressRange) => read(server.api.review.progress, { query: { days } });

export type StatsView = Reply<typeof server.api.stats.get>;
export type AchievementView = StatsView['achievements'][number];
export type SessionAnalytics = Reply<typeof server.api.analytics.session.get>;
export type ReviewForecast = Reply<typeof server.api.review.forecast.get>;
export type ProgressDay = Reply<typeof server.api.stats.progress.get>['days'][number];
export type ReviewProgress = Reply<typeof server.api.review.progress.get>;
