import type { ComponentProps } from 'react';

/**
 * A field a learner types arabizi into: the browser neither completes, capitalises nor spell-checks it,
 * as each would change a Lebanese answer before it is judged.
 */
export function ArabiziInput(props: ComponentProps<'input'>) {
  return <input type="text" autoComplete="off" autoCapitalize="off" spellCheck={false} {...props} />;
}
