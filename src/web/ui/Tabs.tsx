import { useRef, type KeyboardEvent, type ReactNode } from 'react';

/**
 * Tabs as the WAI-ARIA pattern has them: one tab in the Tab order, arrow keys (and Home/End) move
 * between tabs, each tab names the panel it controls. Tabs kept in the address (`hrefOf`) are links: on a
 * page drawn before the app runs (/auth), a tab clicked before the app has taken it over opens its address.
 */
export function Tabs<T extends string>(props: {
  id: string;
  label: string;
  tabs: readonly { value: T; label: string }[];
  selected: T;
  onSelect: (tab: T) => void;
  hrefOf?: (tab: T) => string;
  children: ReactNode;
}) {
  const list = useRef<HTMLDivElement>(null);
  const index = props.tabs.findIndex((t) => t.value === props.selected);

  function onKeyDown(event: KeyboardEvent) {
    const last = props.tabs.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    props.onSelect(props.tabs[next].value);
    list.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  }

  return (
    <>
      <div className="tabs" role="tablist" aria-label={props.label} ref={list} onKeyDown={onKeyDown}>
        {props.tabs.map((tab) => {
          const selected = tab.value === props.selected;
          const common = {
            role: 'tab',
            id: `${props.id}-tab-${tab.value}`,
            'aria-controls': `${props.id}-panel`,
            'aria-selected': selected,
            tabIndex: selected ? 0 : -1,
            className: 'tab',
          };
          return props.hrefOf ? (
            <a
              key={tab.value}
              {...common}
              href={props.hrefOf(tab.value)}
              onClick={(event) => {
                event.preventDefault();
                props.onSelect(tab.value);
              }}
            >
              {tab.label}
            </a>
          ) : (
            <button key={tab.value} type="button" {...common} onClick={() => props.onSelect(tab.value)}>
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${props.id}-panel`} aria-labelledby={`${props.id}-tab-${props.selected}`} className="tab-panel">
        {props.children}
      </div>
    </>
  );
}
