// The one search box; it filters both lists (the caller debounces it).
import { useId } from 'react';
import { ADMIN_LABELS } from '../../shared/messages/index.ts';
import { MAX_QUERY_LENGTH } from '../../shared/admin-api.ts';
import styles from './admin.module.css';

interface Props {
  value: string;
  onChange: (value: string) => void;
}

export function SearchBox({ value, onChange }: Props) {
  const id = useId();
  return (
    <div className={styles.searchRow} role="search">
      <label className={styles.label} htmlFor={`${id}-search`}>
        {ADMIN_LABELS.search}
      </label>
      <input
        id={`${id}-search`}
        className={`${styles.input} ${styles.search}`}
        type="search"
        value={value}
        placeholder={ADMIN_LABELS.searchPlaceholder}
        autoComplete="off"
        spellCheck={false}
        maxLength={MAX_QUERY_LENGTH}
        aria-describedby={`${id}-search-help`}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-search-help`} className={styles.help}>
        {ADMIN_LABELS.searchHelp}
      </p>
    </div>
  );
}
