import type { CountdownParts } from './rules';
import './billing.css';

const UNITS = [
  ['days', 'Days'],
  ['hours', 'Hours'],
  ['minutes', 'Minutes'],
  ['seconds', 'Seconds'],
] as const;

/**
 * Days, hours, minutes and seconds left, or 'Expired'. A timer role: screen readers read it when asked
 * and are not interrupted every second.
 */
export function Countdown({ parts, label }: { parts: CountdownParts; label: string }) {
  if (parts.expired) {
    return (
      <div className="countdown expired" role="timer" aria-label={label}>
        Expired
      </div>
    );
  }
  const spoken = `${parts.days} days, ${parts.hours} hours, ${parts.minutes} minutes`;
  return (
    <div className="countdown" role="timer" aria-label={`${label}: ${spoken}`}>
      {UNITS.map(([unit, name]) => (
        <div key={unit} className="countdown-unit">
          <span className="countdown-value" data-unit={unit}>
            {String(parts[unit]).padStart(2, '0')}
          </span>
          <span className="countdown-name">{name}</span>
        </div>
      ))}
    </div>
  );
}
