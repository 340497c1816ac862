import { Link, useNavigate } from '@tanstack/react-router';
import { useUser } from '../lib/session';
import { useShortcuts } from './KeyboardHelp';

/** Where Review opens: All Words with its review of due words (docs/decisions/0039-review-controls.md). */
export const REVIEW_SEARCH = { review: 1 } as const;

/** The way to Review from a practice screen: a link, and the R key. Nothing for a visitor, who has no memory cards. */
export function ReviewShortcut() {
  const { data: user } = useUser();
  const navigate = useNavigate();
  useShortcuts((e) => {
    if (user && !e.repeat && e.key.toLowerCase() === 'r') void navigate({ to: '/words', search: REVIEW_SEARCH });
  });
  if (!user) return null;
  return (
    <Link to="/words" search={REVIEW_SEARCH} className="button button-secondary review-shortcut" aria-keyshortcuts="R">
      Review due words <kbd aria-hidden="true">R</kbd>
    </Link>
  );
}
