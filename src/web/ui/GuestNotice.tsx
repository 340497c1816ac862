import { Link } from '@tanstack/react-router';
import { useUser } from '../lib/session';

/** The games play signed out too (docs/product-rules.md#screens); a visitor is told nothing is saved. */
export function GuestNotice({ redirect }: { redirect: string }) {
  const { data: user, isPending } = useUser();
  if (isPending || user) return null;
  return (
    <p className="notice game-guest">
      You are playing as a guest: your streak stays in this browser and your progress is not saved.{' '}
      <Link to="/auth" search={{ redirect }}>
        Log in to save your progress
      </Link>
      .
    </p>
  );
}
