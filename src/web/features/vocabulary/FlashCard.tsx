import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { ArabiziInput } from '../../ui/ArabiziInput';
import { Arabic } from '../../ui/Arabic';
import { ProgressBar } from '../../ui/ProgressBar';
import { useSpeakingAttempts, type Word } from './hooks';
import { GradeButtons, REVIEW_CARD_KEYS } from './GradeButtons';
import { ListenButton } from '../../ui/ListenButton';
import { FlagToggle } from './parts';
import { TypedResult } from '../../ui/TypedResult';
import { CARD_COUNTDOWN_MS, cardFadeMs, cardTickMs, countdownPercent, shownLebanese } from './rules';
import { speechText } from './speech';
import { ReportButton } from '../../ui/ReportButton';
import { KeyboardHelp } from '../../ui/KeyboardHelp';
import { SAY_IT_KEYS, SayIt } from '../../ui/SayIt';
import { useFlashCard, type FlashCardOptions } from './useFlashCard';
import './vocabulary.css';

interface Props extends Omit<FlashCardOptions, 'inOrder' | 'answered'> {
  onFlag: (word: Word, isFlagged: boolean) => void;
  /** Review: the words in the order given (most overdue first) instead of the random pick (docs/product-rules.md#flash-cards). */
  inOrder?: boolean;
  /** The words the learner answered on any device (their own read): seen, beside those this browser marked. */
  answered?: readonly number[];
}

/**
 * The unified flash card (docs/product-rules.md#flash-cards): English first under a 15-second draining countdown, then (on 'Reveal
 * Now', Space or the countdown's end) the Lebanese, the Arabic script, the cultural note and Listen;
 * 'I know it' (1) or 'Still learning' (2), a short fade, and the next word with the timer reset.
 * With 'Type my answer' on, the learner types the Lebanese and the card judges it (docs/decisions/0009).
 * Its logic is useFlashCard's; this draws it.
 */
export function FlashCard({ words, onAnswer, onFlag, inOrder = false, answered = NONE_ANSWERED }: Props) {
  const { word, state, isNew, grading, mobile, user, typing, setTyping, type, reveal, check, answer, moveOn, elapsed, card } = useFlashCard(
    { words, onAnswer, inOrder, answered },
  );
  const { revealed, round, fading, typed, judgement } = state;
  const typedId = useId();
  const saySaved = useSpeakingAttempts(user);

  if (!word) return null;
  const lebanese = shownLebanese(word);
  // A review card due the other way round shows the Lebanese and asks for the English (typing is for the Lebanese).
  const lebaneseFirst = word.direction === 'lebanese-to-english';
  const typingHere = typing && !lebaneseFirst;
  const english = (
    <>
      <p className="flash-card-label">English</p>
      <h2 className="flash-card-english">{word.english}</h2>
    </>
  );
  const lebaneseSide = (
    <div className="flash-card-answer">
      <p className="flash-card-lebanese">{lebanese}</p>
      {word.arabicScript && <Arabic className="flash-card-arabic">{word.arabicScript}</Arabic>}
      <ListenButton text={speechText(word)} slower />
    </div>
  );
  return (
    <article
      ref={card}
      tabIndex={-1}
      className={`flash-card${fading ? ' fading' : ''}`}
      style={{ transitionDuration: `${cardFadeMs(mobile)}ms` }}
      aria-live="polite"
      aria-busy={fading}
    >
      <div className="flash-card-top">
        {/* A word revealed and not answered is seen by this browser alone. The place of 'New word!' is kept on every card, so the
            options beside it wrap the same whether it shows or not. */}
        <span className={`vocab-badge new${isNew ? '' : ' keeps-place'}`} aria-hidden={isNew ? undefined : true}>
          New word!
        </span>
        <div className="flash-card-options">
          {!lebaneseFirst && (
            <label className="typed-toggle">
              <input type="checkbox" checked={typing} onChange={(e) => setTyping(e.target.checked)} /> Type my answer
            </label>
          )}
          <FlagToggle flagged={word.isFlagged} onToggle={() => onFlag(word, !word.isFlagged)} />
        </div>
      </div>
      {lebaneseFirst ? (
        <>
          <p className="flash-card-label">Lebanese</p>
          {lebaneseSide}
        </>
      ) : (
        english
      )}

      {!revealed ? (
        <>
          <CardCountdown key={round} tick={cardTickMs(mobile)} elapsed={elapsed} onEnd={reveal} />
          {typingHere && (
            <form className="typed-form" onSubmit={check}>
              <label htmlFor={typedId}>Type it in Lebanese</label>
              <div className="typed-row">
                <ArabiziInput id={typedId} value={typed} onChange={(e) => type(e.target.value)} autoFocus maxLength={200} />
                <button type="submit" className="button" disabled={!typed.trim()}>
                  Check
                </button>
              </div>
            </form>
          )}
          <button
            type="button"
            className={`button button-wide${typingHere ? ' button-secondary' : ''}`}
            onClick={reveal}
            aria-keyshortcuts="Space"
          >
            Reveal Now
          </button>
          <p className="key-hint muted">
            {typingHere ? (
              <>
                Press <kbd>Enter</kbd> to check
              </>
            ) : (
              <>
                Press <kbd>Space</kbd> to reveal
              </>
            )}
          </p>
        </>
      ) : (
        <>
          {lebaneseFirst ? english : lebaneseSide}
          {word.culturalContext && (
            <p className="cultural-note">
              <strong>Cultural note:</strong> {word.culturalContext}
            </p>
          )}
          {judgement ? (
            <>
              <TypedResult judgement={judgement} />
              <div className="answer-buttons">
                <button type="button" className="button" onClick={moveOn} disabled={fading} autoFocus data-card-next>
                  Next word
                </button>
                <p className="muted typed-counted">Counted as {judgement.verdict === 'right' ? 'I know it' : 'Still learning'}</p>
              </div>
            </>
          ) : word.intervals ? (
            <GradeButtons intervals={word.intervals} disabled={fading} onGrade={(grade) => answer(grade !== 'again', grade)} />
          ) : (
            <div className="answer-buttons">
              <button type="button" className="button answer-right" onClick={() => answer(true)} disabled={fading} aria-keyshortcuts="1">
                I know it <kbd aria-hidden="true">1</kbd>
              </button>
              <button
                type="button"
                className="button button-secondary answer-wrong"
                onClick={() => answer(false)}
                disabled={fading}
                aria-keyshortcuts="2"
              >
                Still learning <kbd aria-hidden="true">2</kbd>
              </button>
            </div>
          )}
          {word.arabicScript && <SayIt arabic={word.arabicScript} arabizi={speechText(word)} onResult={(heard) => saySaved(word, heard)} />}
        </>
      )}
      <div className="card-footer">
        {user && revealed && <ReportButton item={{ kind: 'word', id: word.id }} shown={`${lebanese} (${word.english})`} />}
        <KeyboardHelp shortcuts={[...(grading ? REVIEW_CARD_KEYS : FLASH_CARD_KEYS), ...SAY_IT_KEYS]} />
      </div>
    </article>
  );
}

/** No word answered elsewhere: one list for every card, so the hook's inputs stay the same. */
const NONE_ANSWERED: readonly number[] = [];

/**
 * The countdown's bar. It ticks on its own, five to ten times a second, so a tick redraws the bar
 * alone and not the whole card; `elapsed` keeps the time it has run for the card, and `onEnd` reveals
 * the answer when it runs out.
 */
function CardCountdown({ tick, elapsed, onEnd }: { tick: number; elapsed: RefObject<number>; onEnd: () => void }) {
  const [spent, setSpent] = useState(elapsed.current);
  // The countdown runs only while its bar is on the screen: the try-out card below /landing's fold waits to be seen.
  const bar = useRef<HTMLDivElement>(null);
  const inView = useRef(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (!bar.current || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      inView.current = entries.at(-1)!.isIntersecting;
    });
    observer.observe(bar.current);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    // The countdown also waits while a dialog (the first-visit explanation) covers the card.
    const timer = setInterval(() => {
      if (inView.current && !document.querySelector('.dialog-backdrop')) setSpent((e) => Math.min(CARD_COUNTDOWN_MS, e + tick));
    }, tick);
    return () => clearInterval(timer);
  }, [tick]);
  const end = useRef(onEnd);
  end.current = onEnd;
  useEffect(() => {
    elapsed.current = spent;
    if (spent >= CARD_COUNTDOWN_MS) end.current();
  }, [spent]);
  return (
    <div className="card-countdown" ref={bar}>
      <ProgressBar value={countdownPercent(spent)} label="Time left before the answer is shown" />
    </div>
  );
}

const FLASH_CARD_KEYS = [
  { keys: ['Space'], action: 'Reveal the answer' },
  { keys: ['Enter'], action: 'Check the answer you typed (with Type my answer on), then go on' },
  { keys: ['1'], action: 'I know it' },
  { keys: ['2'], action: 'Still learning' },
];
