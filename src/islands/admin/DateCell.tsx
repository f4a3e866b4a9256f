import { shortDate } from './format.ts';
import styles from './admin.module.css';

/** A row's submission date: the locale's short form, the exact time machine-readable. */
export function DateCell({ iso }: { iso: string }) {
  return (
    <td className={styles.date}>
      <time dateTime={iso}>{shortDate(iso)}</time>
    </td>
  );
}
