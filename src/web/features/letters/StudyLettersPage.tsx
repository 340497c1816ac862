import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Arabic } from '../../ui/Arabic';
import { ErrorDisplay } from '../../ui/ErrorDisplay';
import { Spinner } from '../../ui/Spinner';
import { LETTERS_KEY, type LetterView } from './api';

/** /study-letters (L §2 "Letters study"): a card per number-letter; a click turns it to its meaning, example and Arabic. */
export function StudyLettersPage() {
  const letters = useQuery<LetterView[]>({ queryKey: LETTERS_KEY });

  let body;
  if (letters.isPending) {
    body = (
      <div className="card">
        <Spinner label="Loading letters..." />
      </div>
    );
  } else if (letters.isError) {
    body = <ErrorDisplay error={letters.error} title="Unable to load letters" onRetry={() => letters.refetch()} />;
  } else if (letters.data.length === 0) {
    body = (
      <div className="card center">
        <p>No letters available.</p>
      </div>
    );
  } else {
    body = (
      <ul className="study-grid" role="list">
        {letters.data.map((letter) => (
          <li key={letter.number}>
            <LetterCard letter={letter} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="stack">
      <header className="game-header">
        <div>
          <h1>Study Letters</h1>
          <p>Arabizi borrows numbers for Arabic sounds English has no letter for. Open a card to learn its sound.</p>
        </div>
        <div className="game-header-side">
          <Link to="/letters" className="button button-secondary">
            Practice Letters
          </Link>
        </div>
      </header>
      {body}
    </section>
  );
}

function LetterCard({ letter }: { letter: LetterView }) {
  const [open, setOpen] = useState(false);
  const detailsId = `letter-${letter.number}-details`;
  return (
    <button
      type="button"
      className={`study-card ${open ? 'open' : ''}`}
      aria-expanded={open}
      aria-controls={detailsId}
      onClick={() => setOpen((o) => !o)}
    >
      <span className="study-number" aria-label={`Number ${letter.number}`}>
        {letter.arabizi}
      </span>
      <span className="study-sound">
        sounds like <strong>{letter.englishLetter}</strong>
      </span>
      <span id={detailsId} className="study-details" hidden={!open}>
        <Arabic className="study-arabic">{letter.arabic}</Arabic>
        <span className="study-meaning">{letter.meaning}</span>
        <span className="study-example">
          <strong>{letter.example.arabizi}</strong> · <Arabic>{letter.example.arabic}</Arabic> · {letter.example.english}
        </span>
      </span>
      <span className="study-toggle muted">{open ? 'Click to hide' : 'Click to reveal'}</span>
    </button>
  );
}
