import { NextStep } from '../../ui/NextStep';
import { useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { activityEnded, activityStarted } from '../../lib/activity-time';
import { ApiError, handledGlobally } from '../../lib/api';
import { LOAD_FAILURES } from '../../lib/messages';
import { dialoguesQuery, refreshStats } from '../../lib/query';
import { isSyncFailure, saves } from '../../lib/saves';
import { useUser } from '../../lib/session';
import { useSpellingLexicon } from '../../lib/spelling';
import { KeyboardHelp, useShortcuts, type Shortcut } from '../../ui/KeyboardHelp';
import { NotFoundCard } from '../../ui/NotFoundCard';
import { QueryBoundary } from '../../ui/QueryBoundary';
import { SAY_IT_KEYS, SayIt } from '../../ui/SayIt';
import { Spinner } from '../../ui/Spinner';
import { Tabs } from '../../ui/Tabs';
import { LEARNING_TOAST_MS, toast } from '../../ui/toast';
import { LineText, NowPlaying } from './parts';
import { SLOW_RATE, useLinePlayer } from './player';
import { useDialogueView, type DialogueView } from './prefs';
import { dialogueQuery, type Dialogue, type RolePlayResult } from './queries';
import { RolePlayTurn, type TurnAnswer } from './RolePlayTurn';
import './dialogues.css';

type Player = ReturnType<typeof useLinePlayer>;
type Mode = 'listen' | 'role-play';
const MODES = [
  { value: 'listen', label: 'Listen' },
  { value: 'role-play', label: 'Role-play' },
] as const;
const SHORTCUTS: Shortcut[] = [
  { keys: ['R'], action: 'Replay the line' },
  // At the learner's turn in a role-play the keys are Say it's (R its model of the line, then the recording).
  ...SAY_IT_KEYS.map((s) => ({ keys: s.keys, action: `At your turn in a role-play: ${s.action}` })),
];

/** /dialogues/:id; an id that is not a whole number is no dialogue. */
export function DialoguePage({ rawId }: { rawId: string }) {
  if (!/^[1-9]\d{0,15}$/.test(rawId)) return <DialogueNotFound />;
  return <DialogueLoader key={rawId} id={Number(rawId)} />;
}

function DialogueNotFound() {
  return <NotFoundCard item="Dialogue" list="Dialogues" to="/dialogues" />;
}

function DialogueLoader({ id }: { id: number }) {
  const dialogue = useQuery(dialogueQuery(id));
  if (dialogue.error instanceof ApiError && dialogue.error.status === 404) return <DialogueNotFound />;
  return (
    <QueryBoundary query={dialogue} loading={<Spinner label="Loading dialogue..." />} failure={{ message: LOAD_FAILURES.dialogues }}>
      {(data) => <DialogueScreen dialogue={data} />}
    </QueryBoundary>
  );
}

function DialogueScreen({ dialogue }: { dialogue: Dialogue }) {
  const [mode, setMode] = useState<Mode>('listen');
  const player = useLinePlayer();
  const [view, setView] = useDialogueView();
  const rate = view.slow ? SLOW_RATE : 1;

  return (
    <div className="stack dialogue-page">
      <Link to="/dialogues" className="back-link">
        ← All dialogues
      </Link>
      <header className="card dialogue-intro">
        <h1>{dialogue.title}</h1>
        <p>{dialogue.setting}</p>
        <p className="dialogue-meta">
          {dialogue.speakers.map((s) => `${s.name} (${s.gender === 'female' ? 'woman' : 'man'})`).join(' · ')}
        </p>
        <label className="dialogue-toggle">
          <input type="checkbox" checked={view.slow} onChange={(e) => setView({ slow: e.target.checked })} /> Slower speed
        </label>
      </header>
      {/* Every clip plays here; its transcript is the line highlighted below and the Now playing box. */}
      <audio ref={player.audio} className="dialogue-audio" preload="none" />
      <Tabs
        id="dialogue-mode"
        label="Mode"
        tabs={MODES}
        selected={mode}
        onSelect={(next) => {
          player.stop();
          setMode(next);
        }}
      >
        {mode === 'listen' ? (
          <Listen dialogue={dialogue} player={player} view={view} setView={setView} rate={rate} />
        ) : (
          <RolePlay dialogue={dialogue} player={player} rate={rate} />
        )}
      </Tabs>
      <KeyboardHelp shortcuts={SHORTCUTS} />
    </div>
  );
}

/** Listen: every line in turn in its speaker's voice, the playing one highlighted; texts shown or hidden as remembered. */
function Listen({
  dialogue,
  player,
  view,
  setView,
  rate,
}: {
  dialogue: Dialogue;
  player: Player;
  view: DialogueView;
  setView: (v: Partial<DialogueView>) => void;
  rate: number;
}) {
  const { lines } = dialogue;
  /** The line R replays: the one playing, else the last one played. */
  const [current, setCurrent] = useState(0);
  useEffect(() => {
    if (player.playing !== null) setCurrent(player.playing);
  }, [player.playing]);
  const replay = (i: number) => void player.playFrom(lines, i, rate, (l) => l.position === i);
  // Hearing the dialogue is listening time, as the listening drill's is (docs/product-rules.md#learning-time).
  const hearing = player.playing !== null;
  useEffect(() => {
    if (!hearing) return;
    activityStarted('listening');
    return () => activityEnded('listening');
  }, [hearing]);

  useShortcuts((e) => {
    if (e.key !== 'r' && e.key !== 'R') return;
    e.preventDefault();
    replay(current);
  });

  return (
    <section className="stack dialogue-listen" aria-label="Listen">
      <div className="card dialogue-controls">
        {player.playing === null ? (
          <button type="button" className="button" onClick={() => void player.playFrom(lines, 0, rate)}>
            ▶ Play the dialogue
          </button>
        ) : (
          <button type="button" className="button button-secondary" onClick={player.stop}>
            ■ Stop
          </button>
        )}
        <fieldset className="dialogue-show">
          <legend>Show</legend>
          {(['arabizi', 'arabic', 'english'] as const).map((text) => (
            <label key={text} className="dialogue-toggle">
              <input type="checkbox" checked={view[text]} onChange={(e) => setView({ [text]: e.target.checked })} />{' '}
              {{ arabizi: 'Arabizi', arabic: 'Arabic', english: 'English' }[text]}
            </label>
          ))}
        </fieldset>
      </div>
      <NowPlaying line={player.playing === null ? null : lines[player.playing]} />
      <ol className="dialogue-lines">
        {lines.map((line, i) => (
          <li
            key={line.position}
            className={`line-card dialogue-line voice-${line.voice}${player.playing === i ? ' playing' : ''}`}
            aria-current={player.playing === i ? 'true' : undefined}
          >
            <span className="dialogue-speaker">{line.speaker}</span>
            <span className="dialogue-texts">
              <LineText line={line} show={view} />
              {line.note && <span className="dialogue-note">{line.note}</span>}
              {line.grammar && (
                <Link to="/grammar/$key" params={{ key: line.grammar.key }} className="dialogue-grammar">
                  {/* An ending's hyphen (-ak, -kon) stays with its word: a phone's line broke after it. */}
                  Grammar: {line.grammar.title.replace(/(^|\s)-/g, '$1\u2011')} <span aria-hidden="true">→</span>
                </Link>
              )}
            </span>
            <button
              type="button"
              className="link-button dialogue-replay"
              onClick={() => replay(i)}
              aria-label={`Replay line ${i + 1}`}
              aria-keyshortcuts={i === current ? 'R' : undefined}
            >
              ↻ Replay
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * Role-play: the learner takes a speaker; the others' lines play, and at each of the learner's turns
 * they type the line or say it. The score is saved at the end and counts toward points and statistics.
 */
function RolePlay({ dialogue, player, rate }: { dialogue: Dialogue; player: Player; rate: number }) {
  const { lines } = dialogue;
  const lexicon = useSpellingLexicon();
  const queryClient = useQueryClient();
  const userId = useUser().data?.id;
  const [me, setMe] = useState<string | null>(null);
  /** The line being played or answered; lines before it are done. */
  const [step, setStep] = useState(0);
  /** The learner's turn waits for an answer (otherwise the others are speaking, or the run is over). */
  const [turn, setTurn] = useState(false);
  const answers = useRef<TurnAnswer[]>([]);
  const [result, setResult] = useState<RolePlayResult | null>(null);
  const [saving, setSaving] = useState(false);
  const [unsaved, setUnsaved] = useState(false);
  /** The result waits in the save queue: it is sent with the other saves once the connection is back. */
  const [kept, setKept] = useState(false);
  const finished = me !== null && step >= lines.length;
  // The score comes below the whole conversation: bring it into view.
  const scoreCard = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!finished) return;
    // The last turn's controls are gone: the focus goes to the score, so the next Tab reaches its buttons.
    scoreCard.current?.focus({ preventScroll: true });
    scoreCard.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [finished]);

  async function from(start: number, speaker: string) {
    setTurn(false);
    setStep(start);
    const stoppedAt = await player.playFrom(lines, start, rate, (l) => l.speaker !== speaker, setStep);
    if (stoppedAt === null) return;
    setStep(stoppedAt);
    if (stoppedAt < lines.length) setTurn(true);
    else void save(speaker);
  }

  async function save(speaker: string) {
    if (userId === undefined) return;
    setSaving(true);
    setUnsaved(false);
    setKept(false);
    try {
      // A said turn sends what Say it kept of recognition's alternatives (the one saying the line, else the first): the server judges it again.
      const sent = answers.current.map((a) => ('typed' in a ? a.typed : { heard: [a.heard] }));
      // Through the save queue with its key (src/web/lib/saves.ts): a result whose reply was lost is sent again and counts once.
      const saved = await saves.save(userId, 'dialogue', { id: dialogue.id }, { speaker, answers: sent });
      setResult(saved);
      void refreshStats(queryClient);
      void queryClient.invalidateQueries({ queryKey: dialoguesQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: dialogueQuery(dialogue.id).queryKey });
    } catch (error) {
      // A result that waits in the queue is saved once it gets through: nothing to press again.
      if (isSyncFailure(error)) return setKept(!handledGlobally(error));
      setUnsaved(true);
      if (!handledGlobally(error))
        toast.error('Score not saved', {
          description: 'There was a problem saving your role-play. Try again.',
          duration: LEARNING_TOAST_MS,
        });
    } finally {
      setSaving(false);
    }
  }

  function start(speaker: string) {
    answers.current = [];
    setResult(null);
    setKept(false);
    setMe(speaker);
    void from(0, speaker);
  }

  /** R replays the line before the learner's turn (or the one playing); at the turn itself R is Say it's. */
  useShortcuts((e) => {
    if ((e.key !== 'r' && e.key !== 'R') || me === null || turn) return;
    e.preventDefault();
    const last = player.playing ?? Math.max(0, Math.min(step, lines.length) - 1);
    void player.playFrom(lines, last, rate, (l) => l.position === last);
  });

  if (me === null) {
    return (
      <section className="card role-play-choose" aria-label="Role-play">
        <h2>Choose your part</h2>
        <p>The other lines play; at each of your turns, type your line in arabizi or say it.</p>
        <div className="role-play-speakers">
          {dialogue.speakers.map((s) => (
            <button key={s.name} type="button" className="button" onClick={() => start(s.name)}>
              Play {s.name}
            </button>
          ))}
        </div>
      </section>
    );
  }

  // The lines heard or answered so far, and the one playing (or stopped).
  const shown = turn ? step : Math.min(lines.length, (player.playing ?? step) + 1);
  const right = answers.current.filter((a) => a.verdict === 'right').length;
  const mine = lines.filter((l) => l.speaker === me).length;
  return (
    <section className="stack role-play" aria-label="Role-play">
      <NowPlaying line={player.playing === null ? null : lines[player.playing]} />
      <ol className="dialogue-lines">
        {lines.slice(0, shown).map((line, i) => {
          const own = line.speaker === me;
          const answer = own ? answers.current[lines.slice(0, i).filter((l) => l.speaker === me).length] : undefined;
          return (
            <li
              key={line.position}
              className={`line-card dialogue-line voice-${line.voice}${own ? ' own' : ''}${player.playing === i ? ' playing' : ''}`}
              aria-current={player.playing === i ? 'true' : undefined}
            >
              <span className="dialogue-speaker">{own ? `${line.speaker} (you)` : line.speaker}</span>
              <span className="dialogue-texts">
                <LineText line={line} />
              </span>
              {answer && (
                <span className={`role-play-verdict ${answer.verdict}`}>
                  {{ right: 'Right', almost: 'Almost', wrong: 'Missed' }[answer.verdict]}
                </span>
              )}
            </li>
          );
        })}
      </ol>
      {turn && !finished && (
        <RolePlayTurn
          key={step}
          line={lines[step]}
          lexicon={lexicon}
          onListen={() => void player.playFrom(lines, step, rate, (l) => l.position === step)}
          onDone={(answer) => {
            player.stop();
            answers.current = [...answers.current, answer];
            void from(step + 1, me);
          }}
          spoken={({ expected, answer }) => (
            <SayIt
              arabic={expected.arabic}
              arabizi={expected.arabizi}
              onResult={(heard, correct) => answer({ heard, verdict: correct ? 'right' : 'wrong' })}
            />
          )}
        />
      )}
      {!turn && !finished && player.playing === null && (
        <div className="card role-play-actions">
          <button type="button" className="button" onClick={() => void from(step, me)}>
            Play on
          </button>
          {/* A clip that cannot be played (no network, never heard before) need not end the role-play: its text is on screen. */}
          <button type="button" className="button button-secondary" onClick={() => void from(step + 1, me)}>
            Skip this line
          </button>
        </div>
      )}
      {finished && (
        <div className="card role-play-score" role="status" ref={scoreCard} tabIndex={-1}>
          <h2>
            You said {right} of {mine} lines right
          </h2>
          {result && (
            <p>
              {result.pointsAwarded > 0 ? `You earned ${result.pointsAwarded} points.` : 'No points this time: try again!'} Your best:{' '}
              {result.progress.bestScore} right.
            </p>
          )}
          {kept && <p>Your score is kept: it will be saved when your connection is back.</p>}
          {saving && <Spinner label="Saving your score..." />}
          <div className="role-play-actions">
            {unsaved && (
              <button type="button" className="button" onClick={() => void save(me)}>
                Save again
              </button>
            )}
            <button type="button" className="button" onClick={() => start(me)} disabled={saving}>
              Play again
            </button>
            <button type="button" className="button button-secondary" onClick={() => setMe(null)} disabled={saving}>
              Choose another part
            </button>
          </div>
          {result && <NextStep />}
        </div>
      )}
    </section>
  );
}
