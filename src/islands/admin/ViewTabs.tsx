// The dashboard's views as WAI-ARIA tabs: one tab stop for the row, the arrow keys move between
// tabs (wrapping), Home and End go to the first and last, and moving selects.
import { useRef, type KeyboardEvent } from 'react';
import { panelId, tabId } from './viewIds.ts';
import styles from './admin.module.css';

export interface ViewTab<V extends string> {
  view: V;
  label: string;
  /** A short count beside the label, when the view has one. */
  count?: string;
}

interface Props<V extends string> {
  /** The prefix of the tab and panel ids (see ViewPanel). */
  idBase: string;
  label: string;
  tabs: readonly ViewTab<V>[];
  selected: V;
  onSelect: (view: V) => void;
}

export function ViewTabs<V extends string>({ idBase, label, tabs, selected, onSelect }: Props<V>) {
  const buttons = useRef<Partial<Record<V, HTMLButtonElement | null>>>({});

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const at = tabs.findIndex((tab) => tab.view === selected);
    const to =
      event.key === 'ArrowRight'
        ? (at + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1;
    if (to < 0) return;
    event.preventDefault();
    const { view } = tabs[to]!;
    onSelect(view);
    buttons.current[view]?.focus();
  }

  return (
    <div className={styles.tabs} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map(({ view, label, count }) => (
        <button
          key={view}
          ref={(el) => {
            buttons.current[view] = el;
          }}
          type="button"
          role="tab"
          id={tabId(idBase, view)}
          aria-selected={selected === view}
          aria-controls={panelId(idBase, view)}
          tabIndex={selected === view ? 0 : -1}
          className={styles.tab}
          onClick={() => onSelect(view)}
        >
          {label}
          {count !== undefined && <span className={styles.tabCount}>{count}</span>}
        </button>
      ))}
    </div>
  );
}
