import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { linkOptions, useNavigate } from '@tanstack/react-router';
import { server, type Reply } from './api';
import { read } from './query';
import { useUser } from './session';
import type { StepView } from '../../modules/course/rules';

export type TodaysPlan = Reply<typeof server.api.course.plan.get>;
export type { StepView };

/** Today's plan (docs/decisions/0076-the-course.md): answers, lessons and role-plays read it again (src/web/lib/query.ts). */
export const planQuery = read(server.api.course.plan);

/** Reviews due from which Continue starts the review before the unit's next step. */
export const REVIEWS_FIRST = 10;

/** Where a step of the course is practised. */
export function stepTarget(step: StepView) {
  switch (step.kind) {
    case 'words':
      return linkOptions({ to: '/topics/$topic', params: { topic: step.key } });
    case 'lesson':
      return linkOptions({ to: '/lesson/$id', params: { id: step.key } });
    case 'grammar':
      return linkOptions({ to: '/grammar/$key', params: { key: step.key } });
    case 'dialogue':
      return linkOptions({ to: '/dialogues/$id', params: { id: step.key } });
    case 'conversation':
      return linkOptions({ to: '/talk/$id', params: { id: step.key }, search: {} });
  }
}

/** What Continue starts: many reviews due first, then the unit's next step, then any review; null when nothing is left today. */
export function nextThing(
  plan: TodaysPlan,
): { label: string; target: ReturnType<typeof stepTarget> | typeof REVIEW_TARGET | typeof SUBSCRIBE_TARGET } | null {
  const review = { label: `Review ${plan.reviewsDue} due ${plan.reviewsDue === 1 ? 'word' : 'words'}`, target: REVIEW_TARGET };
  if (plan.reviewsDue >= REVIEWS_FIRST) return review;
  if (plan.next?.locked) return { label: `Unlock unit ${plan.unit?.number}: ${plan.unit?.title}`, target: SUBSCRIBE_TARGET };
  if (plan.next) return { label: plan.next.label, target: stepTarget(plan.next) };
  return plan.reviewsDue > 0 ? review : null;
}
const REVIEW_TARGET = linkOptions({ to: '/words', search: { mode: 'review' } });
const SUBSCRIBE_TARGET = linkOptions({ to: '/subscription' });

/** The address a Continue started, kept for the tab: the screen it opened goes back to the plan when it is done there. */
const STARTED_KEY = 'kalimat.course.started';

/**
 * The plan of a signed-in learner, and Continue: it starts the next thing of the plan as it is now
 * (read again first, or as `before` answers it) and remembers it was started from the plan.
 */
export function usePlan() {
  const { data: user } = useUser();
  const plan = useQuery({ ...planQuery, enabled: !!user });
  const navigate = useNavigate();
  const next = plan.data ? nextThing(plan.data) : null;
  const start = async (before?: () => Promise<TodaysPlan>) => {
    const fresh = before ? await before() : (await plan.refetch()).data;
    const thing = fresh && nextThing(fresh);
    if (!thing) return navigate({ to: '/words' });
    sessionStorage.setItem(STARTED_KEY, JSON.stringify(thing.target));
    return navigate(thing.target);
  };
  return { plan, next, start };
}

/** True once, on the screen a Continue started: it then goes back to the plan when it is done (and forgets it). */
export function startedFromPlan(screen: { to: string; params?: Record<string, string> }) {
  const started = sessionStorage.getItem(STARTED_KEY);
  if (!started) return false;
  const target = JSON.parse(started) as { to: string; params?: Record<string, string> };
  const same = target.to === screen.to && JSON.stringify(target.params ?? {}) === JSON.stringify(screen.params ?? {});
  if (same) sessionStorage.removeItem(STARTED_KEY);
  return same;
}

/** Marks a grammar page read, the plan's grammar step; the reply is the plan after it. */
export function useReadGrammar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => server.api.course.grammar({ key }).read.post({}),
    onSuccess: (plan) => {
      queryClient.setQueryData(planQuery.queryKey, plan);
      // The path shows the page read too.
      void queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(server.api.course['~path']) });
    },
  });
}
