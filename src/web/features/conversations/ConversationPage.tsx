import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, handledGlobally, server } from '../../lib/api';
import { LOAD_FAILURES, NETWORK_STATUS } from '../../lib/messages';
import { ArabiziInput } from '../../ui/ArabiziInput';
import { Arabic } from '../../ui/Arabic';
import { GoalRing } from '../../ui/GoalRing';
import { KeyboardHelp, type Shortcut } from '../../ui/KeyboardHelp';
import { QueryBoundary } from '../../ui/QueryBoundary';
import { Spinner } from '../../ui/Spinner';
import { LEARNING_TOAST_MS, toast } from '../../ui/toast';
import { NextStep } from '../../ui/NextStep';
import { LINE_MAX } from '../../../modules/conversations/rules';
import { conversationsQuery, scenarioQuery, talkQuery, type FinishResult, type Scenario, type Talk, type TalkLine } from './queries';
import { canListen } from '../../lib/voice-input';
import { startOffline, type OfflineTalk } from './offline';
import { useConversation } from './useConversation';
import './conversations.css';

const SHORTCUTS: Shortcut[] = [
  { keys: ['S'], action: 'Say your reply (speech recognition), or record it when you chose to send recordings' },
  { keys: ['H'], action: 'Show the hint' },
  { keys: ['R'], action: "Replay the partner's last line" },
];

/** /talk/$id: a scenario, a conversation in it, and its end; `?talk=` opens a conversation again. */
export function ConversationPage({ rawId, rawTalk }: { rawId: string; rawTalk: string | undefined }) {
  if (!/^[1-9]\d{0,15}$/.test(rawId)) return <ConversationNotFound />;
  const talkId = rawTalk && /^[1-9]\d{0,15}$/.test(rawTalk) ? Number(rawTalk) : null;
  return <ScenarioLoader key={`${rawId}-${talkId}`} id={Number(rawId)} talkId={talkId} />;
}

function ConversationNotFound() {
  return (
    <section className="card narrow center">
      <h1>Conversation not found</h1>
      <p>This conversation does not exist. Pick one from the list.</p>
      <Link to="/talk" className="button">
        Back to Talk
      </Link>
    </section>
  );
}

function ScenarioLoader({ id, talkId }: { id: number; talkId: number | null }) {
  const scenario = useQuery(scenarioQuery(id));
  if (scenario.error instanceof ApiError && scenario.error.status === 404) return <ConversationNotFound />;
  return (
    <QueryBoundary
      query={scenario}
      loading={<Spinner label="Loading the conversation..." />}
      failure={{ message: LOAD_FAILURES.conversations }}
    >
      {(data) => (talkId === null ? <ScenarioIntro scenario={data} /> : <TalkLoader talkId={talkId} transcription={data.aiAvailable} />)}
    </QueryBoundary>
  );
}

/** The scenario before a conversation: where, with whom, what to get done, and the partner to talk with. */
function ScenarioIntro({ scenario }: { scenario: Scenario }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [starting, setStarting] = useState(false);
  const [offline, setOffline] = useState<OfflineTalk | null>(null);

  async function start(partner: 'scripted' | 'ai') {
    // Without a network the scripted partner answers in this browser.
    if (partner === 'scripted' && !navigator.onLine) return setOffline(startOffline(scenario));
    setStarting(true);
    try {
      const talk = await server.api.conversations({ id: scenario.id }).talks.post({ partner });
      queryClient.setQueryData(talkQuery(talk.id).queryKey, talk);
      void queryClient.invalidateQueries({ queryKey: conversationsQuery.queryKey });
      await navigate({ to: '/talk/$id', params: { id: String(scenario.id) }, search: { talk: String(talk.id) } });
    } catch (error) {
      setStarting(false);
      if (partner === 'scripted' && error instanceof ApiError && error.status === NETWORK_STATUS) return setOffline(startOffline(scenario));
      if (!handledGlobally(error))
        toast.error('Could not start', { description: 'The conversation could not be started. Try again.', duration: LEARNING_TOAST_MS });
    }
  }

  if (offline) return <Conversation initial={offline.talk} transcription={false} offline={{ scenario, held: offline }} />;

  return (
    <div className="stack talk-conversation">
      <Link to="/talk" className="back-link">
        ← All conversations
      </Link>
      <header className="card talk-scene">
        <h1>{scenario.title}</h1>
        <p>{scenario.setting}</p>
        <p className="muted">
          You talk with {scenario.partner.name} ({scenario.partner.gender === 'female' ? 'a woman' : 'a man'}).
        </p>
        <h2>What to get done</h2>
        <ol className="talk-checklist">
          {scenario.checklist.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
        <div className="talk-actions">
          <button type="button" className="button" disabled={starting} onClick={() => void start('scripted')}>
            Start talking
          </button>
          {scenario.aiAvailable && (
            <button type="button" className="button button-secondary" disabled={starting} onClick={() => void start('ai')}>
              Talk with the AI partner
            </button>
          )}
        </div>
        {scenario.aiAvailable && (
          <p className="talk-privacy">
            With the AI partner, your typed or recognised lines are sent to OpenAI to write the partner's answers.
          </p>
        )}
      </header>
    </div>
  );
}

function TalkLoader({ talkId, transcription }: { talkId: number; transcription: boolean }) {
  const talk = useQuery(talkQuery(talkId));
  if (talk.error instanceof ApiError && talk.error.status === 404) return <ConversationNotFound />;
  return (
    <QueryBoundary
      query={talk}
      loading={<Spinner label="Loading the conversation..." />}
      failure={{ message: LOAD_FAILURES.conversations }}
    >
      {(data) => <Conversation initial={data} transcription={transcription} />}
    </QueryBoundary>
  );
}

/**
 * A conversation: the transcript, the checklist, the learner's reply typed or said, and the end's summary.
 * `transcription`: the server can turn a recording into text (OpenAI), offered where the browser has no
 * recognition, only when the learner chooses it. `offline`: one held in this browser without a network
 * (./offline.ts), sent through the save queue at its end.
 */
function Conversation({
  initial,
  transcription,
  offline,
}: {
  initial: Talk;
  transcription: boolean;
  offline?: { scenario: Scenario; held: OfflineTalk };
}) {
  const conversation = useConversation(initial, transcription, offline);
  const { talk, notice, isOffline, speakLine, finish, finishing, result, kept } = conversation;

  return (
    <div className="stack talk-conversation">
      <Link to="/talk" className="back-link">
        ← All conversations
      </Link>
      <header className="card talk-scene">
        <div className="talk-scene-top">
          <h1>{talk.title}</h1>
          <span className="vocab-badge">{talk.partner === 'ai' ? 'AI partner' : 'Scripted partner'}</span>
        </div>
        <p>{talk.setting}</p>
        <h2 className="talk-checklist-title">What to get done</h2>
        <ul className="talk-checklist" aria-label="Checklist">
          {talk.checklist.map((c) => (
            <li key={c.item} className={c.done ? 'done' : undefined}>
              <span aria-hidden="true">{c.done ? '✓' : '○'}</span> {c.item}
              {c.done && <span className="visually-hidden"> (done)</span>}
            </li>
          ))}
        </ul>
      </header>
      <ol className="talk-lines" aria-label="Conversation">
        {talk.lines.map((line, i) => (
          <Line key={i} line={line} partner={talk.person.name} onListen={() => line.who === 'partner' && speakLine(line)} />
        ))}
      </ol>
      {notice && (
        <p className="card talk-notice" role="status">
          {notice}
        </p>
      )}
      {isOffline && !talk.finished && (
        <p className="card talk-notice" role="status">
          You are offline: {talk.person.name} answers from this device, and your conversation is saved when you are back online.
        </p>
      )}
      {!talk.ended && !talk.finished && <ReplyCard conversation={conversation} />}
      {talk.ended && !talk.finished && (
        <section className="card talk-reply" aria-label="The end">
          <p>The conversation has come to its end.</p>
          <button type="button" className="button" onClick={() => void finish()} disabled={finishing} autoFocus>
            See how you did
          </button>
        </section>
      )}
      {talk.finished && <Summary talk={talk} result={result} kept={kept} />}
      <KeyboardHelp shortcuts={SHORTCUTS} />
    </div>
  );
}

type ConversationState = ReturnType<typeof useConversation>;

/** The learner's turn: what the partner missed or corrected, the hint, the reply typed, said or recorded, and the way out. */
function ReplyCard({ conversation }: { conversation: ConversationState }) {
  const { talk, missed, corrected, showHint, setShowHint, problem, sending, finish, finishing } = conversation;
  return (
    <section className="card talk-reply" aria-label="Your reply">
      {missed && <p className="talk-missed">{talk.person.name} did not understand that. Try again, in other words.</p>}
      {corrected && (
        <p className="talk-correction" role="note">
          Better: <strong>{corrected.corrected}</strong> · {corrected.explanation}
        </p>
      )}
      {showHint || missed
        ? talk.hint && (
            <p className="talk-hint" role="note">
              Hint: {talk.hint}
            </p>
          )
        : talk.hint && (
            <button type="button" className="link-button talk-hint-button" onClick={() => setShowHint(true)} aria-keyshortcuts="H">
              Show a hint
            </button>
          )}
      <ReplyForm conversation={conversation} />
      {conversation.offerRecording && <RecordingChoice conversation={conversation} />}
      {problem && (
        <p className="talk-problem" role="alert">
          {problem}
        </p>
      )}
      <PrivacyNote conversation={conversation} />
      {sending && <Spinner label={`${talk.person.name} is answering...`} />}
      <button type="button" className="link-button talk-end-early" onClick={() => void finish()} disabled={finishing || sending}>
        End the conversation
      </button>
    </section>
  );
}

function ReplyForm({ conversation }: { conversation: ConversationState }) {
  const { reply, setReply, send, say, field, sending, listening } = conversation;
  return (
    <form
      className="talk-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (reply.trim()) void send(reply);
      }}
    >
      <label htmlFor="talk-reply">Type your reply in arabizi</label>
      <div className="talk-field">
        <ArabiziInput
          id="talk-reply"
          ref={field}
          value={reply}
          maxLength={LINE_MAX}
          onChange={(e) => setReply(e.target.value)}
          disabled={sending}
          autoFocus
        />
        <button type="submit" className="button" disabled={sending || !reply.trim()}>
          Send
        </button>
        {canListen() && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void say()}
            disabled={sending || listening}
            aria-keyshortcuts="S"
          >
            {listening ? 'Listening...' : '🎤 Say it'}
          </button>
        )}
      </div>
    </form>
  );
}

/** Offered only where the browser cannot recognise speech and the server can transcribe: a recording leaves only once ticked. */
function RecordingChoice({ conversation }: { conversation: ConversationState }) {
  const { sendRecordings, setSendRecordings, recording, stopRecording, recordLine, sending } = conversation;
  return (
    <div className="talk-recording">
      <label className="talk-consent">
        <input type="checkbox" checked={sendRecordings} onChange={(e) => setSendRecordings(e.target.checked)} /> Send my recording to OpenAI
        to turn it into text
      </label>
      {sendRecordings && (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => (recording ? stopRecording() : void recordLine())}
          disabled={sending}
        >
          {recording ? '■ Stop and send' : '🎙 Record your reply'}
        </button>
      )}
    </div>
  );
}

/** Where the learner's voice and words go, for the way of replying this browser offers. */
function PrivacyNote({ conversation }: { conversation: ConversationState }) {
  const { sendRecordings, offerRecording, talk } = conversation;
  return (
    <p className="talk-privacy">
      {canListen()
        ? 'Say it uses your browser’s speech recognition: some browsers send the sound to their maker’s service to turn it into text. Kalimat receives only the text, never a recording.'
        : sendRecordings
          ? 'Your recording leaves the browser: it goes to Kalimat and on to OpenAI, which turns it into text; it is not kept.'
          : offerRecording
            ? 'This browser cannot turn speech into text: type your reply, or choose to send a recording. Nothing is recorded or sent until you do.'
            : 'This browser cannot turn speech into text: type your reply. Nothing is recorded.'}
      {talk.partner === 'ai' && ' Your lines are sent to OpenAI to write the partner’s answers.'}
    </p>
  );
}

function Line({ line, partner, onListen }: { line: TalkLine; partner: string; onListen: () => void }) {
  if (line.who === 'learner') {
    return (
      <li className="line-card talk-line learner">
        <span className="talk-who">You{line.spoken ? ' (said)' : ''}</span>
        <span className="talk-texts">{line.spoken ? <Arabic>{line.text}</Arabic> : <span className="talk-arabizi">{line.text}</span>}</span>
        {!line.understood && <span className="talk-badge missed">Not understood</span>}
      </li>
    );
  }
  return (
    <li className="line-card talk-line partner">
      <span className="talk-who">
        {partner}
        {line.by === 'ai' ? ' (AI)' : ''}
      </span>
      <span className="talk-texts">
        <span className="talk-arabizi">{line.arabizi}</span>
        <Arabic className="talk-arabic">{line.arabic}</Arabic>
        <span className="talk-english">{line.english}</span>
      </span>
      <button type="button" className="link-button talk-listen" onClick={onListen} aria-label={`Listen: ${line.arabizi}`}>
        ▶ Listen
      </button>
    </li>
  );
}

/**
 * The end: what was done, each correction, the words to review, the points and the daily goal. `kept`:
 * an offline conversation whose save waits for the network, its points not counted yet.
 */
function Summary({ talk, result, kept }: { talk: Talk; result: FinishResult | null; kept: boolean }) {
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<number | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  async function addWords() {
    setAdding(true);
    try {
      setAdded((await server.api.talks({ id: talk.id }).review.post()).added);
    } catch (error) {
      if (!handledGlobally(error))
        toast.error('Not added', { description: 'The words could not be added to your review. Try again.', duration: LEARNING_TOAST_MS });
    } finally {
      setAdding(false);
    }
  }

  const done = talk.checklist.filter((c) => c.done).length;
  return (
    <section className="card talk-summary" aria-labelledby="talk-summary-title">
      <h2 id="talk-summary-title" ref={heading} tabIndex={-1}>
        How you did
      </h2>
      <p role="status">
        You got {done} of {talk.checklist.length} things done.{' '}
        {kept
          ? 'It is kept on this device: it is saved, and its points counted, when you are back online.'
          : talk.pointsAwarded > 0
            ? `You earned ${talk.pointsAwarded} points.`
            : 'No points this time: try again!'}
        {result && result.said > 0 && ` The partner understood ${result.understood} of your ${result.said} lines.`}
      </p>
      <GoalRing />
      <h3>Corrections</h3>
      {talk.corrections.length === 0 ? (
        <p className="muted">No corrections: well done.</p>
      ) : (
        <ul className="talk-corrections">
          {talk.corrections.map((c, i) => (
            <li key={i}>
              <span className="talk-said">
                You said: <s>{c.said}</s>
              </span>
              <span className="talk-corrected">
                Better: <strong>{c.corrected}</strong>
              </span>
              <span className="muted">{c.explanation}</span>
            </li>
          ))}
        </ul>
      )}
      <h3>Words of this conversation</h3>
      <ul className="talk-words">
        {talk.words.map((w) => (
          <li key={w.key}>
            <strong>{w.arabizi}</strong> {w.english}
          </li>
        ))}
      </ul>
      {/* The words are added to the review of a conversation the server keeps. */}
      {talk.id === 0 ? null : added === null ? (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void addWords()}
          disabled={adding || talk.words.length === 0}
        >
          Add these words to my review
        </button>
      ) : (
        <p role="status">
          {added > 0
            ? `Added ${added} words to your review.`
            : 'These words are already in your review (or today’s new cards are used up).'}
        </p>
      )}
      <div className="talk-actions">
        <Link to="/talk/$id" params={{ id: String(talk.scenarioId) }} search={{}} className="button">
          Talk again
        </Link>
        <Link to="/talk" className="button button-secondary">
          Other conversations
        </Link>
      </div>
      <NextStep />
    </section>
  );
}
