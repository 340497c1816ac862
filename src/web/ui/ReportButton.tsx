import { useId, useState, type FormEvent } from 'react';
import { ApiError, handledGlobally, server } from '../lib/api';
import { MAX_NOTE_CHARS, MAX_SUGGESTION_CHARS, REASON_LABELS, REPORT_REASONS, type ReportReason } from '../../modules/reports/rules';
import { Dialog } from './Dialog';
import { toast } from './toast';

/** The item a report is about, as the server takes it (docs/decisions/0010). */
export type ReportedItem =
  | { kind: 'word'; id: number }
  | { kind: 'sentence'; id: number }
  | { kind: 'lesson_step'; id: number; step: number };

/**
 * "This isn't how we say it": a small Report action on a word, verb form, sentence or lesson step,
 * opening a form (what is wrong, an optional better way to say it, a note). For signed-in learners:
 * the screens show it only to them.
 */
export function ReportButton({ item, shown }: { item: ReportedItem; shown: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="link-button report-button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        title="Report a problem with this"
      >
        <span aria-hidden="true">⚠</span> Report
      </button>
      {open && <ReportForm item={item} shown={shown} onClose={() => setOpen(false)} />}
    </>
  );
}

function ReportForm({ item, shown, onClose }: { item: ReportedItem; shown: string; onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [suggestion, setSuggestion] = useState('');
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      setError('Please choose what is wrong.');
      return;
    }
    setSending(true);
    setError(null);
    try {
      await server.api.reports.post({ item, reason, suggestion, note });
      toast.success('Thank you!', { description: 'Your report was sent to the people who write Kalimat.' });
      onClose();
    } catch (e) {
      if (!handledGlobally(e)) setError(e instanceof ApiError ? e.message : 'Your report could not be sent. Please try again.');
      setSending(false);
    }
  }

  return (
    <Dialog title="This isn't how we say it" onClose={onClose} className="report-dialog">
      <p className="report-item">
        <span className="muted">Reporting</span> <strong>{shown}</strong>
      </p>
      <form className="form report-form" onSubmit={send} noValidate>
        <fieldset className="report-reasons">
          <legend>What is wrong?</legend>
          {REPORT_REASONS.map((r, i) => (
            <label key={r} className="report-reason">
              <input
                type="radio"
                name={`${id}-reason`}
                value={r}
                checked={reason === r}
                onChange={() => setReason(r)}
                autoFocus={i === 0}
              />
              {REASON_LABELS[r]}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-suggestion`}>How would you say it? (optional)</label>
          <input
            id={`${id}-suggestion`}
            value={suggestion}
            onChange={(e) => setSuggestion(e.target.value)}
            maxLength={MAX_SUGGESTION_CHARS}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-note`}>Note (optional)</label>
          <textarea
            id={`${id}-note`}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            maxLength={MAX_NOTE_CHARS}
            rows={3}
            aria-describedby={`${id}-count`}
          />
          <span id={`${id}-count`} className="field-hint">
            {note.length} / {MAX_NOTE_CHARS}
          </span>
        </div>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={sending} aria-busy={sending}>
            Send report
          </button>
        </div>
      </form>
    </Dialog>
  );
}
