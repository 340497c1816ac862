import { useState } from 'react';
import { GOAL_CHOICES, type GoalKind } from '../../modules/stats/rules';
import { ApiError } from '../lib/api';
import { useSetGoal, type Goal } from '../lib/goal';
import { toast } from './toast';

const KINDS: { kind: GoalKind; label: string; unit: string }[] = [
  { kind: 'cards', label: 'Cards a day', unit: 'cards' },
  { kind: 'minutes', label: 'Minutes a day', unit: 'minutes' },
];

/** Picks the daily goal (docs/product-rules.md#daily-goal-and-day-streak): in the settings and on first use. */
export function GoalPicker({ current, onSaved }: { current: Goal | null; onSaved?: (goal: Goal) => void }) {
  const [kind, setKind] = useState<GoalKind>(current?.kind ?? 'cards');
  const [amount, setAmount] = useState(current?.amount ?? GOAL_CHOICES.cards[1]!);
  const save = useSetGoal();
  const choices = GOAL_CHOICES[kind].includes(amount) ? GOAL_CHOICES[kind] : [...GOAL_CHOICES[kind], amount].sort((a, b) => a - b);
  const unit = KINDS.find((k) => k.kind === kind)!.unit;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    try {
      const view = await save.mutateAsync({ kind, amount });
      toast.success('Daily goal saved', { description: `${amount} ${unit} a day.` });
      if (view.goal) onSaved?.(view.goal);
    } catch (error) {
      toast.error('Could not save the goal', { description: error instanceof ApiError ? error.message : undefined });
    }
  }

  return (
    <form className="goal-picker stack" onSubmit={submit}>
      <fieldset className="goal-kinds">
        <legend>What to count</legend>
        {KINDS.map((k) => (
          <label key={k.kind} className="goal-kind">
            <input
              type="radio"
              name="goal-kind"
              value={k.kind}
              checked={kind === k.kind}
              onChange={() => {
                setKind(k.kind);
                setAmount(GOAL_CHOICES[k.kind][1]!);
              }}
            />{' '}
            {k.label}
          </label>
        ))}
      </fieldset>
      <label className="goal-amount">
        Goal ({unit} a day){' '}
        <select value={amount} onChange={(e) => setAmount(Number(e.target.value))}>
          {choices.map((n) => (
            <option key={n} value={n}>
              {n} {n === 1 ? unit.replace(/s$/, '') : unit}
            </option>
          ))}
        </select>
      </label>
      <div>
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save goal'}
        </button>
      </div>
    </form>
  );
}
