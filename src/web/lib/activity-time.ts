/**
 * Speaking and listening time (docs/product-rules.md#learning-time): while the learner speaks (Say it,
 * a recording) or hears a dialogue in Listen, the learning-time reports say so, and the server credits
 * that stretch to speaking or listening, not to the page it happens on. The report itself is the
 * statistics feature's (useActivityTracking), set here.
 */
export type Activity = 'speaking' | 'listening';
type Report = (activity?: Activity) => void;

let report: Report = () => {};
const open: Record<Activity, number> = { speaking: 0, listening: 0 };

/** Installs the report each change of activity sends; returns its removal. */
export function onActivityChange(next: Report): () => void {
  report = next;
  return () => {
    if (report === next) report = () => {};
  };
}

/** What the time is spent on now (undefined: the page); speaking wins over listening, which it interrupts. */
export const activityNow = (): Activity | undefined => (open.speaking > 0 ? 'speaking' : open.listening > 0 ? 'listening' : undefined);

/** Reports the time up to now for what it was spent on, when `change` changes that. */
function changing(change: () => void) {
  const before = activityNow();
  change();
  if (activityNow() !== before) report(before);
}

/** A stretch of `activity` starts: the time up to now goes to what came before. */
export function activityStarted(activity: Activity) {
  changing(() => open[activity]++);
}

/** A stretch of `activity` ends: the time since it started goes to it. */
export function activityEnded(activity: Activity) {
  if (open[activity] > 0) changing(() => open[activity]--);
}
