import type { DialogueLine } from './queries';
import { Arabic } from '../../ui/Arabic';
import './dialogues.css';

/** A line's texts; `show` leaves some out (Listen's toggles), all of them by default. */
export function LineText({
  line,
  show = { arabizi: true, arabic: true, english: true },
}: {
  line: DialogueLine;
  show?: { arabizi: boolean; arabic: boolean; english: boolean };
}) {
  return (
    <>
      {show.arabizi && <span className="dialogue-arabizi">{line.arabizi}</span>}
      {show.arabic && <Arabic className="dialogue-arabic">{line.arabic}</Arabic>}
      {show.english && <span className="dialogue-english">{line.english}</span>}
    </>
  );
}

/**
 * What is being heard, in full whatever Listen shows: every clip has its transcript on screen, for
 * learners who cannot hear it.
 */
export function NowPlaying({ line }: { line: DialogueLine | null }) {
  return (
    <div className="dialogue-now" aria-live="polite">
      {line ? (
        <>
          <span className="dialogue-now-label">Now playing · {line.speaker}</span>
          <LineText line={line} />
        </>
      ) : (
        <span className="dialogue-now-label">Nothing playing</span>
      )}
    </div>
  );
}
