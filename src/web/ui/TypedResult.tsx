import { DetailsList } from './DetailsList';
import { letterDiff } from '../../shared/arabizi';
import type { JudgedWord, Judgement, WordMark } from '../../shared/judge';

/** What each mark says to a screen reader and on hover. */
const MARK_NAMES: Record<WordMark, string> = {
  right: 'right',
  variant: 'right, another spelling',
  almost: 'one letter off',
  wrong: 'wrong word',
  missing: 'missing word',
  extra: 'not in the line',
};

/**
 * A typed answer beside the expected line, word by word (docs/decisions/0069-a-judge-that-knows-the-forms.md):
 * each word marked right, another spelling, one letter off (the letter marked) or wrong, with the
 * judge's message, which names the words that are off and the form a wrong word is.
 */
export function TypedResult({ judgement }: { judgement: Judgement }) {
  return (
    <div className={`typed-result ${judgement.verdict}`}>
      <p className="typed-verdict" role="status">
        {judgement.message}
      </p>
      <DetailsList
        className="typed-compare"
        details={[
          { term: 'You typed', value: <MarkedWords words={judgement.words} side="typed" /> },
          { term: 'Expected', value: <MarkedWords words={judgement.words} side="expected" /> },
        ]}
      />
    </div>
  );
}

/** One side of the answer, its words in order, each with its mark (a word the side lacks is left out). */
function MarkedWords({ words, side }: { words: JudgedWord[]; side: 'typed' | 'expected' }) {
  const shown = words.filter((w) => w[side] !== '');
  return (
    <span className="typed-letters">
      {shown.map((word, i) => (
        <span key={i}>
          {i > 0 && ' '}
          <span className={`typed-word ${word.mark}`} title={MARK_NAMES[word.mark]} data-mark={word.mark}>
            <WordLetters word={word} side={side} />
          </span>
        </span>
      ))}
    </span>
  );
}

/**
 * A word's letters: a wrong, missing or extra word marked whole; a word one letter off or spelt
 * another way with the letters that differ marked, as a mistake or (another spelling) in a style of
 * their own that does not look like one.
 */
function WordLetters({ word, side }: { word: JudgedWord; side: 'typed' | 'expected' }) {
  const text = word[side];
  if (word.mark === 'right') return <>{text}</>;
  if (word.mark === 'wrong' || word.mark === 'missing' || word.mark === 'extra') return <mark className="letter-diff">{text}</mark>;
  const diff = letterDiff(word.typed, word.expected);
  return (
    <>
      {diff[side].map((run, i) =>
        run.same ? (
          <span key={i}>{run.text}</span>
        ) : word.mark === 'variant' ? (
          <span key={i} className="letter-variant">
            {run.text}
          </span>
        ) : (
          <mark key={i} className="letter-diff">
            {run.text}
          </mark>
        ),
      )}
    </>
  );
}
