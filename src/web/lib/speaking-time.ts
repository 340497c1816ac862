/**
 * Speaking time (docs/decisions/0033-saying-it.md): while the learner speaks (Say it, a recording),
 * the learning-time reports say so, and the server credits that stretch to speaking, not to the page
 * it happens on. The report itself is the statistics feature's (useActivityTracking), set here.
 */
type Report = (activity?: 'speaking') => void;

let report: Report = () => {};
let open = 0;

/** Installs the report a stretch of speaking starts and ends with; returns its removal. */
export function onSpeakingChange(next: Report): () => void {
  report = next;
  return () => {
    if (report === next) report = () => {};
  };
}

/** True while some speaking is under way: a regular report then counts as speaking. */
export const speakingNow = () => open > 0;

/** Speaking starts: the time up to now is reported for the page. */
export function speakingStarted() {
  if (open === 0) report();
  open++;
}

/** Speaking ends: the time since it started is reported as speaking. */
export function speakingEnded() {
  if (open === 0) return;
  if (--open === 0) report('speaking');
}
