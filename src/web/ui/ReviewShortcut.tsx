import { Link, useNavigate } from '@tanstack/react-router';
import { useUser } from '../lib/session';
import { useShortcuts } from './KeyboardHelp';

/** Where Review opens: All Words with its review of due words (docs/decisions/0039-review-controls.md). */
export const REVIEW_SEARCH = { mode: 'review' };

/** The way to Review from a practice screen: a link, and the V key (R replays speech on the screens that speak). Nothing for a visitor, who has no memory cards. */
export function ReviewShortcut() {
  const { data: user } = useUser();
  const navigate = useNavigate();
  useShortcuts((e) => {
    if (user && !e.repeat && e.key.toLowerCase() === 'v') void navigate({ to: '/words', search: REVIEW_SEARCH });
  });
  if (!user) return null;
  return (
    <Link to="/words" search={REVIEW_SEARCH} className="button button-secondary review-shortcut" aria-keyshortcuts="V">
      Review due words <kbd aria-hidden="true">V</kbd>
    </Link>
  );
}
