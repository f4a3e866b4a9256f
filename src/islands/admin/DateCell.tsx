import { shortDateTime } from './format.ts';
import styles from './admin.module.css';

/** A row's submission date and time: the locale's short date (the spec's) with the time of day. */
export function DateCell({ iso }: { iso: string }) {
  return (
    <td className={styles.date}>
      <time dateTime={iso}>{shortDateTime(iso)}</time>
    </td>
  );
}
