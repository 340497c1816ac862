import { lazy, Suspense } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { verbsQuery } from '../features/vocabulary/queries';
import { Arabic } from '../ui/Arabic';
import { DeckLoading } from '../features/vocabulary/DeckLoading';
import { useUser } from '../lib/session';

// The deck's code (the flash card, its state) comes after the page's own: the text above it paints first.
const AnonymousDeck = lazy(() => import('../features/vocabulary/AnonymousDeck').then((m) => ({ default: m.AnonymousDeck })));

/** /landing: the public front page, and where a deleted account lands. */
export function LandingPage() {
  const { data: user, isPending } = useUser();
  return (
    <section className="stack">
      <div className="card hero">
        <h1>
          Speak Lebanese, not textbook Arabic. <Arabic>كيفك؟</Arabic>
        </h1>
        <p>
          Kalimat teaches the Arabic people really speak in Lebanon: everyday words, verbs in every tense, real sentences and short lessons,
          in English, arabizi (<em>kifak</em>, <em>ya3ne</em>, <em>ma3 salame</em>) and Arabic script.
        </p>
        <div className="row wrap">
          <Link to="/auth" search={{ tab: 'register' }} className="button">
            Start your free 7-day trial
          </Link>
          <Link to="/auth" className="button button-secondary">
            Log in
          </Link>
        </div>
      </div>
      {!isPending && !user && (
        <Suspense fallback={<DeckLoading />}>
          <AnonymousDeck />
        </Suspense>
      )}
      <div className="grid three">
        <div className="card">
          <h2>Flash cards that adapt</h2>
          <p>Build a streak of right answers to unlock new batches of words, from the most useful to the rarest.</p>
        </div>
        <div className="card">
          <h2>Verbs in every tense</h2>
          <p>
            <VerbCount />
            past, present with b-, the future with ra7, and the negative.
          </p>
        </div>
        <div className="card">
          <h2>Culture included</h2>
          <p>
            Notes on when and how Lebanese people really say things, from <em>yalla</em> to <em>te2bor 2albe</em>.
          </p>
        </div>
      </div>
    </section>
  );
}

/** How many verbs the course has and how many forms each, as the content has them (GET /api/verbs). */
function VerbCount() {
  const { data } = useQuery(verbsQuery);
  const forms = (data ?? []).map((verb) => verb.forms).filter((n) => n > 0);
  if (forms.length === 0) return <>Everyday verbs in all their forms: </>;
  const fewest = Math.min(...forms);
  const most = Math.max(...forms);
  return (
    <>
      {data!.length} everyday verbs with {fewest === most ? fewest : `${fewest} to ${most}`} forms each:{' '}
    </>
  );
}
