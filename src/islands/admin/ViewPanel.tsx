// The panel of one view, shown while its tab is selected. It can take the focus (tabIndex -1) so
// that the focus has somewhere to go when the control that held it disappears.
import type { ReactNode, Ref } from 'react';
import { panelId, tabId } from './viewIds.ts';
import styles from './admin.module.css';

interface Props {
  /** The same prefix as the ViewTabs'. */
  idBase: string;
  view: string;
  selected: boolean;
  ref?: Ref<HTMLDivElement>;
  children: ReactNode;
}

export function ViewPanel({ idBase, view, selected, ref, children }: Props) {
  return (
    <div
      ref={ref}
      role="tabpanel"
      id={panelId(idBase, view)}
      aria-labelledby={tabId(idBase, view)}
      hidden={!selected}
      tabIndex={-1}
      className={styles.panel}
      data-panel={view}
    >
      {children}
    </div>
  );
}
