/**
 * Proof that the route tree is typed (docs/decisions/0056-typed-route-tree.md): checked by `bun run
 * typecheck` (tsc's program includes src), never run. Each line marked @ts-expect-error must be an
 * error; an unused @ts-expect-error is itself one, so if the tree lost its types (routes as AnyRoute,
 * any path accepted) these lines would compile and the check would fail.
 */
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';

export function WrongRoutes() {
  const navigate = useNavigate();
  // @ts-expect-error: no route has this path
  void navigate({ to: '/also-missing' });
  // @ts-expect-error: /lesson/$id needs its id
  void navigate({ to: '/lesson/$id' });
  // @ts-expect-error: /words' `mode` is text
  void navigate({ to: '/words', search: { mode: 1 } });
  const { token } = useSearch({ from: '/reset-password' });
  // @ts-expect-error: a search value is text
  const wrong: number = token;
  // @ts-expect-error: /grammar/$key has no `id`
  const { id } = useParams({ from: '/_session/_verified/_signedIn/grammar/$key' });
  return (
    <>
      {/* @ts-expect-error: no route has this path */}
      <Link to="/no-such-route">Nowhere</Link>
      {/* @ts-expect-error: the dialogue's param is `id` */}
      <Link to="/dialogues/$id" params={{ dialogue: '1' }}>
        A dialogue
      </Link>
      {/* @ts-expect-error: /auth knows no `page` */}
      <Link to="/auth" search={{ page: 'register' }}>
        Register
      </Link>
      <Link to="/lesson/$id" params={{ id: String(wrong) + id }}>
        A lesson
      </Link>
    </>
  );
}
