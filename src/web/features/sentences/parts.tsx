import { Fragment, type ReactNode } from 'react';
import { ApiError } from '../../lib/api';
import { isTrialExpiry } from '../../lib/messages';
import { useSpeech } from './speech';

/** 401 and trial expiry are the API client's to handle (sign-in, paywall); a screen adds nothing. */
export const handledGlobally = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || isTrialExpiry(error.status, error.code, error.serverMessage));

export interface StreakCounts {
  currentStreak: number;
  bestStreak: number;
}

export function StreakDisplay({ streak }: { streak: StreakCounts }) {
  return (
    <div className="learn-streak" role="status" aria-label={`Streak ${streak.currentStreak}, best ${streak.bestStreak}`}>
      <span>
        Streak: <strong data-testid="sentence-streak">{streak.currentStreak}</strong>
      </span>
      <span>
        Best: <strong>{streak.bestStreak}</strong>
      </span>
    </div>
  );
}

function SpeakerIcon() {
  return (
    <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M11 5 6 9H2v6h4l5 4V5z" fill="currentColor" />
      <path d="M15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14" />
    </svg>
  );
}

export function ListenButton({ text, audioUrl, label }: { text: string; audioUrl?: string; label?: string }) {
  const { speak, speaking } = useSpeech();
  return (
    <button
      type="button"
      className="listen-button"
      onClick={() => speak(text, audioUrl)}
      disabled={speaking}
      aria-label={`Listen to ${label ?? text}`}
    >
      <SpeakerIcon /> {speaking ? 'Playing...' : 'Listen'}
    </button>
  );
}

/** **bold** inside a line of lesson text, the only markup lesson introductions use. */
function withBold(line: string): ReactNode[] {
  return line.split(/\*\*(.+?)\*\*/g).map((part, i) => (i % 2 === 1 ? <strong key={i}>{part}</strong> : <Fragment key={i}>{part}</Fragment>));
}

/** A lesson introduction: paragraphs separated by blank lines, with **bold** words. */
export function LessonText({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p, i) => (
          <p key={i}>{withBold(p.replace(/\s*\n\s*/g, ' '))}</p>
        ))}
    </>
  );
}

/** The first paragraph of a lesson introduction as plain text, for the lesson list. */
export function summaryOf(text: string): string {
  return (text.split(/\n\s*\n/)[0] ?? '').replace(/\*\*/g, '').replace(/\s+/g, ' ').trim();
}

export const DIFFICULTY_LABELS = { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' } as const;
