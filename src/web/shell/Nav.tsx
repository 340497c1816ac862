import { Link, linkOptions, useNavigate } from '@tanstack/react-router';
import type { KeyboardEvent } from 'react';
import { useLogout } from '../features/auth/hooks';
import { useSubscriptionStatus, type User } from '../lib/session';
import { useActivityTracking } from '../features/stats/activity';
import { toast } from '../ui/toast';

const LINKS = linkOptions([
  { to: '/words', label: 'All Words' },
  { to: '/course', label: 'Course' },
  { to: '/which-word', label: 'Which Word' },
  { to: '/listen', label: 'Listening' },
  { to: '/study-letters', label: 'Letters' },
  { to: '/lessons', label: 'Sentences' },
  { to: '/dialogues', label: 'Dialogues' },
  { to: '/talk', label: 'Talk' },
  { to: '/grammar', label: 'Grammar' },
  { to: '/topics', label: 'Topics' },
  { to: '/flagged', label: 'Flagged Words' },
  { to: '/stats', label: 'Stats' },
]);

/** The top navigation (docs/product-rules.md#screens), in its order; under 768 px the links are a wrapped row of pills (docs/decisions/0074-navigation-on-a-phone.md). */
export function Nav({ user }: { user: User }) {
  // Every signed-in page shows the navigation: its learning time is measured from here.
  useActivityTracking();
  const navigate = useNavigate();
  const logout = useLogout();
  const { data: status } = useSubscriptionStatus();
  const premium = status?.isActive === true || user.isSubscribed;

  const onLogout = () =>
    logout.mutate(undefined, {
      onSuccess: () => navigate({ to: '/auth' }),
      onError: () => toast.error('Logout failed'),
    });

  return (
    <header className="site-header">
      <Link to="/words" className="banner">
        <BannerTitle />
      </Link>
      <nav className="nav" aria-label="Main">
        <ul className="nav-links">
          {LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="nav-link" activeProps={{ className: 'nav-link active', 'aria-current': 'page' }}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="nav-actions">
          <Link to="/subscription" className={premium ? 'upgrade premium' : 'upgrade'}>
            {premium ? 'Premium' : 'Upgrade'}
          </Link>
          <details className="dropdown" onKeyDown={closeOnEscape}>
            <summary>Settings</summary>
            <div className="dropdown-menu" onClick={(e) => (e.currentTarget.parentElement as HTMLDetailsElement).removeAttribute('open')}>
              <Link to="/settings">Account Settings</Link>
              <Link to="/subscription">Subscription</Link>
            </div>
          </details>
          <button type="button" className="logout" onClick={onLogout} disabled={logout.isPending}>
            {logout.isPending ? (
              'Logging out...'
            ) : (
              <>
                <span className="wide-only">Logout</span>
                <span className="narrow-only">Exit</span>
              </>
            )}
          </button>
        </div>
      </nav>
    </header>
  );
}

/** Escape closes the Settings menu, as it does any menu, and leaves the focus on its button. */
function closeOnEscape(event: KeyboardEvent<HTMLDetailsElement>) {
  const menu = event.currentTarget;
  if (event.key !== 'Escape' || !menu.open) return;
  menu.open = false;
  menu.querySelector('summary')?.focus();
}

/** The name and the line under it, in the header with or without navigation. */
export function BannerTitle() {
  return (
    <>
      <span className="banner-title">Kalimat</span>
      <span className="banner-subtitle">Learn Lebanese Arabic</span>
    </>
  );
}
