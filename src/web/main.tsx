import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { setApiHooks } from './lib/api';
import { installGlobalErrorHandlers } from './lib/client-errors';
import { TRIAL_EXPIRED_MESSAGE } from './lib/messages';
import { createQueryClient } from './lib/query';
import { createAppRouter } from './router';
import { USER_KEY } from './features/auth/hooks';
import { toast } from './ui/toast';

installGlobalErrorHandlers();

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

/** A paywall redirect in flight, so a burst of 402s shows one toast and one redirect. */
let goingToPaywall = false;

setApiHooks({
  onUnauthorized() {
    queryClient.setQueryData(USER_KEY, null);
    const { pathname } = router.state.location;
    if (pathname !== '/auth') router.navigate({ to: '/auth', search: { redirect: router.state.location.href } });
  },
  onTrialExpired(error) {
    if (goingToPaywall) return;
    goingToPaywall = true;
    toast.error('Your Trial Has Expired', { description: error.serverMessage ?? TRIAL_EXPIRED_MESSAGE, duration: 5000 });
    setTimeout(() => {
      goingToPaywall = false;
      if (router.state.location.pathname !== '/paywall') router.navigate({ to: '/paywall' });
    }, 1000);
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
