import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { ErrorDisplay } from '../../ui/ErrorDisplay';
import { Spinner } from '../../ui/Spinner';

interface SubscriptionStatus {
  isActive: boolean;
  isInTrial: boolean;
  daysRemaining: number;
}

/** The Settings Subscription tab: the current status and a way to manage it. */
export function SubscriptionPanel() {
  const status = useQuery<SubscriptionStatus>({ queryKey: ['/api/subscription/status'] });
  if (status.isPending) return <Spinner />;
  if (status.isError) return <ErrorDisplay error={status.error} message="Unable to load subscription details" onRetry={() => status.refetch()} />;
  const label = status.data.isActive ? 'Active' : status.data.isInTrial ? 'Trial' : 'Inactive';
  return (
    <div className="stack">
      <h2>Subscription</h2>
      <p>
        Status: <strong>{label}</strong>
        {status.data.isInTrial && ` · ${status.data.daysRemaining} days left in your trial`}
      </p>
      <Link to="/subscription" className="button">
        Manage subscription
      </Link>
    </div>
  );
}
