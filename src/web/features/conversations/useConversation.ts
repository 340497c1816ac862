import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, handledGlobally, server } from '../../lib/api';
import { refreshStats } from '../../lib/query';
import { saves } from '../../lib/saves';
import { useUser } from '../../lib/session';
import { useSpellingLexicon } from '../../lib/spelling';
import { canListen, canRecord } from '../../lib/voice-input';
import { useShortcuts } from '../../ui/KeyboardHelp';
import { LEARNING_TOAST_MS, toast } from '../../ui/toast';
import { sayOffline, type OfflineTalk } from './offline';
import { conversationsQuery, talkQuery, type FinishResult, type LineReply, type Scenario, type Talk, type TalkLine } from './queries';
import { listenForLine, useLineRecorder, usePartnerVoice } from './voice';

/** Why the scripted partner answered a line of a conversation with the AI partner. */
const NOTICES: Record<NonNullable<LineReply['notice']>, string> = {
  budget: "Today's AI conversations are used up: the scripted partner answers until tomorrow.",
  rate: 'You are talking fast: the scripted partner answered this line.',
  late: 'The AI partner took too long: the scripted partner answered.',
  failed: 'The AI partner could not answer: the scripted partner answered.',
};

/**
 * A conversation as the learner holds it (docs/decisions/0072-conversation-partner.md): each line sent,
 * typed, said or recorded, and the partner's answer spoken; the hint, the last correction, the keys; the
 * end through the save queue. `transcription`: the server can turn a recording into text (OpenAI).
 * `offline`: one held in this browser without a network (./offline.ts).
 */
export function useConversation(initial: Talk, transcription: boolean, offline?: { scenario: Scenario; held: OfflineTalk }) {
  const queryClient = useQueryClient();
  const userId = useUser().data?.id;
  const [talk, setTalk] = useState(initial);
  const [reply, setReply] = useState('');
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [showHint, setShowHint] = useState(false);
  const [listening, setListening] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sendRecordings, setSendRecordings] = useState(false);
  const [recording, setRecording] = useState(false);
  const recorder = useLineRecorder();
  const offerRecording = transcription && !canListen() && canRecord();
  const [result, setResult] = useState<FinishResult | null>(null);
  const [finishing, setFinishing] = useState(false);
  /** An offline conversation ended whose save waits for the network. */
  const [kept, setKept] = useState(false);
  const held = useRef(offline?.held ?? null);
  const lexicon = useSpellingLexicon();
  const field = useRef<HTMLInputElement>(null);
  const speak = usePartnerVoice();
  const voice = talk.person.gender;
  const lastPartner = [...talk.lines].reverse().find((l) => l.who === 'partner');
  const lastLearner = [...talk.lines].reverse().find((l) => l.who === 'learner');
  const missed = lastLearner?.who === 'learner' && !lastLearner.understood;
  // The partner's correction of the learner's last line, shown at once (all of them again at the end).
  const lastCorrection = talk.corrections.at(-1);
  const corrected = lastLearner?.who === 'learner' && lastCorrection?.said === lastLearner.text ? lastCorrection : null;
  // The partner speaks each line as it comes; a conversation opened again is read, not replayed.
  const spoken = useRef(initial.finished || initial.lines.length > 1 ? initial.lines.length : 0);
  useEffect(() => {
    if (talk.lines.length <= spoken.current) return;
    spoken.current = talk.lines.length;
    if (lastPartner?.who === 'partner') void speak(lastPartner, voice);
  }, [talk.lines.length]);

  function update(next: Talk) {
    setTalk(next);
    queryClient.setQueryData(talkQuery(next.id).queryKey, next);
  }

  async function send(line: string | { heard: string[] } | { audio: string; type: 'audio/webm' | 'audio/ogg' | 'audio/mp4' }) {
    if (held.current && offline) {
      if (typeof line === 'object' && 'audio' in line) return;
      const answered = sayOffline(held.current, offline.scenario, line, lexicon);
      held.current = answered.held;
      setTalk(answered.held.talk);
      setShowHint(!answered.understood);
      setReply('');
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      const lines = server.api.talks({ id: talk.id });
      const answer = typeof line === 'object' && 'audio' in line ? await lines.recording.post(line) : await lines.lines.post({ line });
      update(answer.talk);
      setNotice(answer.notice ? NOTICES[answer.notice] : null);
      setShowHint(!answer.understood);
      setReply('');
    } catch (error) {
      if (!handledGlobally(error))
        toast.error('Not sent', {
          description: error instanceof ApiError ? error.message : 'Your line could not be sent. Try again.',
          duration: LEARNING_TOAST_MS,
        });
    } finally {
      setSending(false);
      field.current?.focus();
    }
  }

  async function say() {
    if (listening || sending || talk.ended) return;
    setListening(true);
    const heard = await listenForLine();
    setListening(false);
    if ('problem' in heard) setProblem(heard.problem);
    else await send({ heard: heard.heard });
  }

  /** Records a line and sends it for transcription: only after the learner ticked the choice to. */
  async function recordLine() {
    if (!sendRecordings || recording || sending || talk.ended) return;
    setProblem(null);
    setRecording(true);
    const made = await recorder.record();
    setRecording(false);
    if ('problem' in made) setProblem(made.problem);
    else await send(made);
  }

  async function finish() {
    if (userId === undefined) return;
    const lines = held.current?.said;
    // An offline conversation ended before any line leaves nothing to keep.
    if (lines?.length === 0) return setTalk({ ...talk, ended: true, finished: true });
    setFinishing(true);
    try {
      const done = lines
        ? await saves.save(userId, 'offline-talk', { id: talk.scenarioId }, { lines })
        : await saves.save(userId, 'conversation', { id: talk.id }, {});
      held.current = null;
      setResult(done);
      update(done.talk);
      void refreshStats(queryClient);
      void queryClient.invalidateQueries({ queryKey: conversationsQuery.queryKey });
    } catch (error) {
      if (handledGlobally(error)) return;
      // The save waits in the queue; an offline conversation is ended here all the same.
      if (lines) {
        setKept(true);
        setTalk({ ...talk, ended: true, finished: true });
      } else
        toast.error('Not saved yet', {
          description: 'Your conversation is kept on this device and will be saved when you are back online.',
          duration: LEARNING_TOAST_MS,
        });
    } finally {
      setFinishing(false);
    }
  }

  useShortcuts((e) => {
    if (e.repeat || talk.finished) return;
    const key = e.key.toLowerCase();
    if (key === 's' && canListen()) {
      e.preventDefault();
      void say();
    } else if (key === 's' && offerRecording && sendRecordings) {
      e.preventDefault();
      if (recording) recorder.stop();
      else void recordLine();
    } else if (key === 'h') {
      e.preventDefault();
      setShowHint(true);
    } else if (key === 'r' && lastPartner?.who === 'partner') {
      e.preventDefault();
      void speak(lastPartner, voice);
    }
  });

  return {
    talk,
    reply,
    setReply,
    sending,
    notice,
    showHint,
    setShowHint,
    listening,
    problem,
    sendRecordings,
    setSendRecordings,
    recording,
    stopRecording: () => recorder.stop(),
    offerRecording,
    result,
    finishing,
    kept,
    isOffline: held.current !== null,
    field,
    speakLine: (line: Extract<TalkLine, { who: 'partner' }>) => void speak(line, voice),
    missed,
    corrected,
    send,
    say,
    recordLine,
    finish,
  };
}
