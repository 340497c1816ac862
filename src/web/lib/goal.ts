import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { server, type Reply } from './api';
import { read } from './query';
import { useUser } from './session';
import type { Goal } from '../../modules/stats/rules';

export type GoalView = Reply<typeof server.api.goal.get>;
export type { Goal };

/**
 * The daily goal, today's progress and the day streak (docs/product-rules.md#daily-goal-and-day-streak);
 * answers read it again (src/web/lib/query.ts), and a goal in minutes grows with learning time alone.
 */
export const goalQuery = queryOptions({ ...read(server.api.goal), refetchInterval: 60_000 });

/** The signed-in learner's goal; nothing is read for a visitor. */
export function useGoal() {
  const { data: user } = useUser();
  return useQuery({ ...goalQuery, enabled: !!user });
}

/** Saves the daily goal; the reply is the new view. */
export function useSetGoal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (goal: Goal) => server.api.goal.put(goal),
    onSuccess: (view) => queryClient.setQueryData(goalQuery.queryKey, view),
  });
}
