import { useMutation, useQueryClient } from '@tanstack/react-query';
import { server, type Reply } from '../../lib/api';
import { read } from '../../lib/query';

/** The path: every unit with its steps and what the learner has done of them. */
export const courseQuery = read(server.api.course);
export const placementQuery = (unit: string) => read(server.api.course.placement({ unit }));

export type CoursePath = Reply<typeof server.api.course.get>;
export type UnitView = CoursePath['units'][number];
export type PlacementResult = Reply<ReturnType<typeof server.api.course.placement>['post']>;

/** Sends a unit's placement answers; a pass moves the path and the plan on. */
export function usePlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ unit, answers }: { unit: string; answers: { wordId: number; answer: string }[] }) =>
      server.api.course.placement({ unit }).post({ answers }),
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (q) => String(q.queryKey[0]).startsWith(server.api.course['~path']) && !String(q.queryKey[0]).includes('/placement/'),
      }),
  });
}
