/** A bar filled to `value` out of `max`, announced to screen readers as a percentage. */
export function ProgressBar({ value, max = 100, label }: { value: number; max?: number; label?: string }) {
  const percent = max > 0 ? Math.max(0, Math.min(100, (value / max) * 100)) : 0;
  return (
    <div
      className="progress"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
      aria-label={label}
    >
      {/* Filled by scaling, not by width: the flash card's countdown moves it five to ten times a
          second, and a width lays the page out again on every frame of its transition. */}
      <div className="progress-fill" style={{ transform: `scaleX(${percent / 100})` }} />
    </div>
  );
}
