import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useAtom } from 'jotai';
import { Arabic } from '../../ui/Arabic';
import { ProgressBar } from '../../ui/ProgressBar';
import { useSpeakingAttempts, type AnswerManner, type Direction, type Intervals, type Word } from './hooks';
import { GradeButtons, REVIEW_CARD_KEYS } from './GradeButtons';
import type { GradeName } from '../../../modules/review/rules';
import { ListenButton } from '../../ui/ListenButton';
import { useIsMobile } from '../../lib/useIsMobile';
import { FlagToggle, useCardKeys } from './parts';
import { TypedResult } from '../../ui/TypedResult';
import { CARD_COUNTDOWN_MS, cardFadeMs, cardTickMs, countdownPercent, isNewWord, markSeen, pickNextWord, recentMemorySize, shownLebanese } from './rules';
import { speechText } from './speech';
import { seenWordsAtom, useTypedAnswers } from './state';
import { useUser } from '../../lib/session';
import { judgeAnswer, type Judgement } from '../../../shared/judge';
import { ReportButton } from '../../ui/ReportButton';
import { KeyboardHelp } from '../../ui/KeyboardHelp';
import { SAY_IT_KEYS, SayIt } from '../../ui/SayIt';
import { useSpellingLexicon } from '../../lib/spelling';
import { decideOnce, useHydrated } from '../../lib/drawn';
import './vocabulary.css';

/** A word of the card; a review word says which side to show first (the English without one) and what each grade would schedule. */
type CardWord = Word & { direction?: Direction; intervals?: Intervals };

interface Props {
  words: CardWord[];
  onAnswer: (word: Word, correct: boolean, manner: AnswerManner) => void;
  onFlag: (word: Word, isFlagged: boolean) => void;
  /** Review: the words in the order given (most overdue first) instead of the random pick (docs/product-rules.md#flash-cards). */
  inOrder?: boolean;
  /** The words the learner answered on any device (their own read): seen, beside those this browser marked. */
  answered?: readonly number[];
}

interface Shown {
  id: number;
  /** Unseen when it came up: the 'New word!' marker stays for the whole card. */
  isNew: boolean;
}

/**
 * The unified flash card (docs/product-rules.md#flash-cards): English first under a 15-second draining countdown, then (on 'Reveal
 * Now', Space or the countdown's end) the Lebanese, the Arabic script, the cultural note and Listen;
 * 'I know it' (1) or 'Still learning' (2), a short fade, and the next word with the timer reset.
 * With 'Type my answer' on, the learner types the Lebanese and the card judges it (docs/decisions/0009).
 */
export function FlashCard({ words, onAnswer, onFlag, inOrder = false, answered = NONE_ANSWERED }: Props) {
  const mobile = useIsMobile();
  const [seenHere, setSeen] = useAtom(seenWordsAtom);
  const seen = answered.length > 0 ? seenHere.concat(answered) : seenHere;
  const recent = useRef<number[]>([]);
  /** The next word from `list` (remembered among the recent ones), null when there is none. */
  const pick = (list: CardWord[]): Shown | null => {
    const next = inOrder ? { word: list[0] ?? null, recent: [] } : pickNextWord(list, recent.current);
    recent.current = next.recent;
    return next.word ? { id: next.word.id, isNew: isNewCard(seen, next.word) } : null;
  };
  // The first word is picked as the card is first drawn: a card drawn empty and filled by an effect
  // grew after the first paint and pushed the page below it down (layout shift on /landing). On a
  // screen drawn on the server it is the server's pick, so hydrating draws the same card.
  const hydrated = useHydrated();
  const [shown, setShown] = useState<Shown | null>(() => {
    const id = decideOnce('first-card', hydrated, () => pick(words)?.id ?? null);
    const first = words.find((w) => w.id === id);
    if (!first) return pick(words);
    if (recentMemorySize(words.length) > 0 && !recent.current.includes(first.id)) recent.current = [first.id];
    return { id: first.id, isNew: isNewCard(seen, first) };
  });
  const [revealed, setRevealed] = useState(false);
  /** Each word shown is a new round of the countdown; the time it has run so far. */
  const [round, setRound] = useState(0);
  const elapsed = useRef(0);
  const [fading, setFading] = useState(false);
  const { data: user } = useUser();
  const [typing, setTyping] = useTypedAnswers(user?.id ?? null);
  const [typed, setTyped] = useState('');
  const [judgement, setJudgement] = useState<Judgement | null>(null);
  const verdict = judgement?.verdict ?? null;
  const typedId = useId();
  const lexicon = useSpellingLexicon();
  const saySaved = useSpeakingAttempts(user);

  // The shown word comes from the current list, so a flag change or a fresh fetch is reflected; one the
  // list dropped on its answer (a reviewed word) stays until its fade ends.
  const last = useRef<CardWord | null>(null);
  const word = shown ? (words.find((w) => w.id === shown.id) ?? (fading && last.current?.id === shown.id ? last.current : null)) : null;
  last.current = word;

  // The next word is picked from the list as it is when the fade ends, not as it was at the answer.
  const current = useRef(words);
  current.current = words;
  function showNext() {
    setShown(pick(current.current));
    setRevealed(false);
    setRound((r) => r + 1);
    elapsed.current = 0;
    setTyped('');
    setJudgement(null);
  }

  // The first word, and a new one when the list no longer holds the shown word.
  useEffect(() => {
    if (!word && words.length > 0 && !fading) showNext();
  }, [words, word, fading]);

  const reveal = () => {
    if (!word || revealed || fading) return;
    setRevealed(true);
    setSeen((list) => markSeen(list, word.id));
  };
  /**
   * Reveals the answer, judging what the learner typed when there is something to judge: a judged answer
   * counts at once, so the streak beside 'Not quite.' is already the one it left.
   */
  const revealTyped = () => {
    if (!word || revealed || fading) return;
    reveal();
    if (!typing || !typed.trim()) return;
    const judged = judgeAnswer(typed, shownLebanese(word), lexicon, words.map((w) => [shownLebanese(w), w.english] as const));
    setJudgement(judged);
    count(word, judged.verdict === 'right');
  };
  const check = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim()) revealTyped();
  };
  const fadeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(fadeTimer.current), []);
  const count = (answered: CardWord, correct: boolean, grade?: GradeName) => {
    setSeen((list) => markSeen(list, answered.id));
    onAnswer(answered, correct, { direction: answered.direction ?? 'english-to-lebanese', grade });
  };
  /** An answer, graded by what the learner chose (docs/decisions/0039-review-controls.md): never by how quickly. */
  const answer = (correct: boolean, grade?: GradeName) => {
    if (!word || !revealed || fading) return;
    count(word, correct, grade);
    moveOn();
  };
  /** The fade, then the next word. */
  const moveOn = () => {
    if (!word || !revealed || fading) return;
    setFading(true);
    fadeTimer.current = setTimeout(() => {
      showNext();
      setFading(false);
    }, cardFadeMs(mobile));
  };

  // The control pressed (Reveal Now, I know it) leaves the page as the card changes: the focus stays in
  // the card, so the next Tab goes to the card's own controls and not to the footer.
  const card = useRef<HTMLElement>(null);
  const changed = useRef(false);
  useEffect(() => {
    if (!changed.current) {
      changed.current = true;
      return;
    }
    const focused = document.activeElement;
    if (!focused || focused === document.body) card.current?.focus({ preventScroll: true });
  }, [revealed, round]);

  // A judged answer counts as the verdict says: only its Next button goes on.
  const grading = !!word?.intervals;
  useCardKeys(
    verdict
      ? { next: moveOn }
      : grading
        ? { reveal: revealTyped, grade: (grade) => answer(grade !== 'again', grade) }
        : { reveal: revealTyped, right: () => answer(true), wrong: () => answer(false) },
  );

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
    <article ref={card} tabIndex={-1} className={`flash-card${fading ? ' fading' : ''}`} style={{ transitionDuration: `${cardFadeMs(mobile)}ms` }} aria-live="polite" aria-busy={fading}>
      <div className="flash-card-top">
        {/* A word revealed and not answered is seen by this browser alone: 'New word!' waits until the drawing is hydrated, and
            its place is kept on every card, so the options beside it wrap the same whether it shows or not. */}
        <span className={`vocab-badge new${hydrated && shown?.isNew ? '' : ' keeps-place'}`} aria-hidden={hydrated && shown?.isNew ? undefined : true}>
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
          <CardCountdown key={round} tick={cardTickMs(mobile)} elapsed={elapsed} onEnd={revealTyped} />
          {typingHere && (
            <form className="typed-form" onSubmit={check}>
              <label htmlFor={typedId}>Type it in Lebanese</label>
              <div className="typed-row">
                <input id={typedId} value={typed} onChange={(e) => setTyped(e.target.value)} autoFocus autoComplete="off" autoCapitalize="off" spellCheck={false} maxLength={200} />
                <button type="submit" className="button" disabled={!typed.trim()}>
                  Check
                </button>
              </div>
            </form>
          )}
          <button type="button" className={`button button-wide${typingHere ? ' button-secondary' : ''}`} onClick={revealTyped} aria-keyshortcuts="Space">
            Reveal Now
          </button>
          <p className="key-hint muted">{typingHere ? <>Press <kbd>Enter</kbd> to check</> : <>Press <kbd>Space</kbd> to reveal</>}</p>
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
              <button type="button" className="button button-secondary answer-wrong" onClick={() => answer(false)} disabled={fading} aria-keyshortcuts="2">
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

const NONE_ANSWERED: readonly number[] = [];

/** A review card's word has a memory card, so it was answered before, whatever this browser remembers. */
const isNewCard = (seen: readonly number[], word: CardWord) => !word.intervals && isNewWord(seen, word.id);

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
