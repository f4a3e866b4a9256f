// The one search box; it filters both lists (the caller debounces it). Its magnifier is drawn in
// currentColor, so it takes the theme's muted ink.
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
      <div className={styles.searchField}>
        <svg
          className={styles.searchIcon}
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="18"
          height="18"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <circle cx="11" cy="11" r="6.5" />
          <path d="m20 20-4.2-4.2" />
        </svg>
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
      </div>
      <p id={`${id}-search-help`} className={styles.help}>
        {ADMIN_LABELS.searchHelp}
      </p>
    </div>
  );
}
