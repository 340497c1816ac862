import { useMutation, useQueryClient } from '@tanstack/react-query';
import { server } from '../../lib/api';
import { forgetLearner } from '../../lib/session';

/** Logout clears the cached user and every learner's data in the cache. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => server.api.logout.post(),
    onSuccess: () => forgetLearner(queryClient),
  });
}
