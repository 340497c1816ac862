import { useSpeech } from '../lib/speech';
import { LineIcon } from './LineIcon';

/** A loudspeaker, drawn (not every system has an emoji font). */
export function SpeakerIcon() {
  return (
    <LineIcon size={18}>
      <path d="M11 5 6 9H2v6h4l5 4V5z" fill="currentColor" />
      <path d="M15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14" />
    </LineIcon>
  );
}

interface ListenProps {
  text: string;
  audioUrl?: string;
  /** What is heard, when the text is not readable aloud as is. */
  label?: string;
  className?: string;
  /** A second button beside it says the text at the slower speed. */
  slower?: boolean;
}

/** Listen: speaks `text` (or plays `audioUrl`), and with `slower` a Slower button beside it. */
export function ListenButton({ text, audioUrl, label, className = 'button button-secondary listen', slower = false }: ListenProps) {
  const { speak, speaking } = useSpeech();
  const listen = (
    // Not disabled while it speaks: a disabled button drops the keyboard's focus.
    <button
      type="button"
      className={className}
      onClick={() => speaking || speak(text, audioUrl)}
      aria-disabled={speaking}
      aria-label={`Listen to ${label ?? text}`}
    >
      <SpeakerIcon /> {speaking ? 'Playing...' : 'Listen'}
    </button>
  );
  if (!slower) return listen;
  return (
    <span className="listen-buttons">
      {listen}
      <button
        type="button"
        className={className}
        onClick={() => speaking || speak(text, audioUrl, true)}
        aria-disabled={speaking}
        aria-label={`Listen slower to ${label ?? text}`}
      >
        Slower
      </button>
    </span>
  );
}
