import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Arabic } from '../../ui/Arabic';
import { WithLetters, type LetterView } from './WithLetters';
import './letters.css';

/** /study-letters: a card per number-letter; a click turns it to its meaning, example and Arabic. */
export function StudyLettersPage() {
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
      <WithLetters>
        {(letters) => (
          <ul className="study-grid" role="list">
            {letters.map((letter) => (
              <li key={letter.number}>
                <LetterCard letter={letter} />
              </li>
            ))}
          </ul>
        )}
      </WithLetters>
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
