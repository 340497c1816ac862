import { ArabiziInput } from '../../ui/ArabiziInput';
import { HeardBeside } from '../../ui/SayIt';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { DialogueLine } from './queries';
import type { SpellingLexicon } from '../../../shared/arabizi';
import { judgeAnswer, type Judgement, type TypedVerdict } from '../../../shared/judge';
import { TypedResult } from '../../ui/TypedResult';
import { LineText } from './parts';
import './dialogues.css';

/**
 * How the learner answered a turn and what it counts as: the line typed (the judge's verdict, word by
 * word), or said (what recognition heard, right when it says the line's Arabic).
 */
export type TurnAnswer = { typed: string; verdict: TypedVerdict; judgement: Judgement } | { heard: string; verdict: 'right' | 'wrong' };

/**
 * One of the learner's turns in a role-play: the English of what to say, a field to type the line in,
 * then the letters that differ (as typed flash cards show them) and the line itself. `spoken` is the
 * place for another way to answer the same turn (saying it aloud): it is drawn beside the field and
 * answers through the same `answer`.
 */
export function RolePlayTurn({
  line,
  lexicon,
  onListen,
  onDone,
  spoken,
}: {
  line: DialogueLine;
  lexicon: SpellingLexicon;
  onListen: () => void;
  onDone: (answer: TurnAnswer) => void;
  spoken?: (turn: { expected: DialogueLine; answer: (answer: TurnAnswer) => void }) => ReactNode;
}) {
  const [typed, setTyped] = useState('');
  const [answer, setAnswer] = useState<TurnAnswer | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  useEffect(() => (answer ? next.current : field.current)?.focus(), [answer]);

  function check() {
    if (!typed.trim()) return;
    const judgement = judgeAnswer(typed, [line.arabizi, ...line.alternatives], lexicon);
    setAnswer({ typed, verdict: judgement.verdict, judgement });
  }

  return (
    <section className="card role-play-turn" aria-labelledby="turn-title">
      <h3 id="turn-title">Your turn, as {line.speaker}</h3>
      <p className="role-play-prompt">
        Say: <strong>{line.english}</strong>
      </p>
      {answer === null ? (
        <>
          <form
            className="role-play-form"
            onSubmit={(e) => {
              e.preventDefault();
              check();
            }}
          >
            <label htmlFor="role-play-answer">Type your line in arabizi</label>
            <div className="role-play-field">
              <ArabiziInput id="role-play-answer" ref={field} value={typed} onChange={(e) => setTyped(e.target.value)} />
              <button type="submit" className="button" disabled={!typed.trim()}>
                Check
              </button>
            </div>
          </form>
          {spoken?.({ expected: line, answer: setAnswer })}
        </>
      ) : (
        <>
          {'typed' in answer ? (
            <TypedResult judgement={answer.judgement} />
          ) : (
            <SaidResult heard={answer.heard} expected={line.arabic} verdict={answer.verdict} />
          )}
          <p className="role-play-model">
            <LineText line={line} />
          </p>
          <div className="role-play-actions">
            <button type="button" className="button button-secondary" onClick={onListen}>
              Listen to the line
            </button>
            <button type="button" className="button" ref={next} onClick={() => onDone(answer)}>
              Continue
            </button>
          </div>
        </>
      )}
    </section>
  );
}

/** A said turn: what recognition heard beside the line's Arabic, and what it counts as. */
function SaidResult({ heard, expected, verdict }: { heard: string; expected: string; verdict: 'right' | 'wrong' }) {
  return (
    <div className={`typed-result ${verdict}`}>
      <p className="typed-verdict" role="status">
        {verdict === 'right' ? 'Right! You said the line.' : 'Not quite: that is not the line.'}
      </p>
      <HeardBeside className="typed-compare" heard={heard} expected={expected} />
    </div>
  );
}
