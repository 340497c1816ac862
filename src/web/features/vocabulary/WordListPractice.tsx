import { NextStep } from '../../ui/NextStep';
import { useEffect, useRef, useState } from 'react';
import { Arabic } from '../../ui/Arabic';
import { ProgressBar } from '../../ui/ProgressBar';
import type { Word } from './hooks';
import { ListenButton } from '../../ui/ListenButton';
import { FlagToggle, useCardKeys } from './parts';
import { shuffled } from '../../../shared/shuffle';
import { PRACTICE_SUMMARY_MS, practicePercent, practiceSummary, shownLebanese, WORD_LIST_ADVANCE_MS } from './rules';
import { speechText } from './speech';
import { useUser } from '../../lib/session';
import { ReportButton } from '../../ui/ReportButton';
import { KeyboardHelp } from '../../ui/KeyboardHelp';
import './vocabulary.css';

interface Props {
  words: Word[];
  onAnswer: (word: Word, correct: boolean) => void;
  onFlag: (word: Word, isFlagged: boolean) => void;
}

const PRONOUNS: Record<string, string> = {
  ana: 'ana (I)',
  nehna: 'ne7na (we)',
  enta: 'enta (you, m.)',
  enti: 'enti (you, f.)',
  ento: 'ento (you, pl.)',
  huwi: 'huwwe (he)',
  hiyyi: 'hiyye (she)',
  hinni: 'hinne (they)',
};

/** The badge's name for a form: a tense as it is, the imperative and the negative as a learner says them. */
const FORM_NAMES: Record<string, string> = { imperative: 'command', negative: 'negative present' };

/**
 * The word-list variant (docs/product-rules.md#flash-cards): the words in shuffled order, Lebanese first, 'Reveal Translation'
 * for the English, then ✓ or ✗; the next word comes 500 ms after the mark ('Next Word' skips one).
 * At the end, the 'Practice complete!' summary, then a new shuffled round of the current list by itself
 * ('Practice Again' starts it at once).
 */
export function WordListPractice({ words, onAnswer, onFlag }: Props) {
  const { data: user } = useUser();
  const [order, setOrder] = useState(() => shuffled(words));
  const [index, setIndex] = useState(0);
  const [revealed, setRevealed] = useState(false);
  const [mark, setMark] = useState<'right' | 'wrong' | null>(null);
  const [correct, setCorrect] = useState(0);
  const advance = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(advance.current), []);

  const done = index >= order.length;
  // The round keeps its words; their flags come from the current list, and a word gone from it (the
  // practice list after its last correct answer) is no longer flagged.
  const word = done ? null : (words.find((w) => w.id === order[index].id) ?? { ...order[index], isFlagged: false });

  function next() {
    setIndex((i) => i + 1);
    setRevealed(false);
    setMark(null);
  }

  // The reshuffle runs from a timer: it takes the list as it is then (the practice list shrinks as words leave it).
  const current = useRef(words);
  current.current = words;
  function restart() {
    setOrder(shuffled(current.current));
    setIndex(0);
    setCorrect(0);
    setRevealed(false);
    setMark(null);
  }

  const reveal = () => {
    if (word && !revealed) setRevealed(true);
  };
  const answer = (right: boolean) => {
    if (!word || !revealed || mark) return;
    setMark(right ? 'right' : 'wrong');
    if (right) setCorrect((c) => c + 1);
    onAnswer(word, right);
    advance.current = setTimeout(next, WORD_LIST_ADVANCE_MS);
  };
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(restart, PRACTICE_SUMMARY_MS);
    return () => clearTimeout(timer);
  }, [done]);
  useCardKeys(done ? {} : { reveal, right: () => answer(true), wrong: () => answer(false) });

  const percent = practicePercent(Math.min(index, order.length), order.length);

  if (done) {
    return (
      <article className="word-list-card center" aria-live="polite">
        <h2>Practice complete!</h2>
        <p className="practice-summary">{practiceSummary(correct, order.length)}</p>
        <p className="muted">A new shuffled round starts in a moment.</p>
        <button type="button" className="button" onClick={restart} autoFocus>
          Practice Again
        </button>
        <NextStep />
      </article>
    );
  }
  if (!word) return null;

  return (
    <article className="word-list-card" aria-live="polite">
      <div className="word-list-progress">
        <span>
          Word {index + 1} of {order.length}
        </span>
        <span>{percent}% complete</span>
      </div>
      <ProgressBar value={percent} label="Practice progress" />

      <div className="flash-card-top">
        {word.isConjugation && word.pronoun && word.tense ? (
          <span className="vocab-badge">
            {PRONOUNS[word.pronoun] ?? word.pronoun} · {FORM_NAMES[word.tense] ?? word.tense}
          </span>
        ) : (
          <span />
        )}
        <FlagToggle flagged={word.isFlagged} onToggle={() => onFlag(word, !word.isFlagged)} />
      </div>

      <p className="flash-card-label">Lebanese</p>
      <p className="flash-card-lebanese">{shownLebanese(word)}</p>
      {word.arabicScript && <Arabic className="flash-card-arabic">{word.arabicScript}</Arabic>}
      <div className="row center">
        <ListenButton text={speechText(word)} />
      </div>

      {!revealed ? (
        <button type="button" className="button button-wide" onClick={reveal} aria-keyshortcuts="Space">
          Reveal Translation
        </button>
      ) : (
        <>
          <p className="flash-card-label">English</p>
          <h2 className="flash-card-english">{word.english}</h2>
          {word.culturalContext && (
            <p className="cultural-note">
              <strong>Cultural note:</strong> {word.culturalContext}
            </p>
          )}
          <div className="answer-buttons">
            <button
              type="button"
              className={`button mark-right${mark === 'right' ? ' chosen' : ''}`}
              onClick={() => answer(true)}
              disabled={!!mark}
              aria-label="I got it right"
              aria-keyshortcuts="1"
            >
              ✓ <kbd aria-hidden="true">1</kbd>
            </button>
            <button
              type="button"
              className={`button mark-wrong${mark === 'wrong' ? ' chosen' : ''}`}
              onClick={() => answer(false)}
              disabled={!!mark}
              aria-label="I got it wrong"
              aria-keyshortcuts="2"
            >
              ✗ <kbd aria-hidden="true">2</kbd>
            </button>
          </div>
        </>
      )}
      <div className="row center">
        <button type="button" className="link-button" onClick={next} disabled={!!mark}>
          Next Word
        </button>
      </div>
      <p className="key-hint muted">
        <kbd>Space</kbd> reveals · <kbd>1</kbd> right · <kbd>2</kbd> wrong
      </p>
      <div className="card-footer">
        {user && <ReportButton item={{ kind: 'word', id: word.id }} shown={`${shownLebanese(word)} (${word.english})`} />}
        <KeyboardHelp shortcuts={WORD_LIST_KEYS} />
      </div>
    </article>
  );
}

const WORD_LIST_KEYS = [
  { keys: ['Space'], action: 'Reveal the translation' },
  { keys: ['1'], action: 'I got it right' },
  { keys: ['2'], action: 'I got it wrong' },
];
