// The pages that brought the most sign-ups in the period, most first: each a link to the page
// (its title, or its path when the catalogue no longer has it), its count, and a bar of that count
// against the first. The list is its own text alternative: every number is written out.
import { INSIGHTS_LABELS } from '../../shared/messages/index.ts';
import type { TopPage } from '../../shared/admin-api.ts';
import { count } from './format.ts';
import styles from './insights.module.css';

export function TopPagesList({ pages }: { pages: readonly TopPage[] }) {
  const most = Math.max(1, ...pages.map((p) => p.signups));
  return (
    <ol className={styles.topPages}>
      {pages.map((page) => (
        <li key={page.source_page} data-page={page.source_page}>
          <div className={styles.topPageText}>
            <a href={page.source_page} className={styles.topPageLink}>
              {page.title ?? page.source_page}
            </a>
            {page.title && <span className={styles.topPagePath}>{page.source_page}</span>}
          </div>
          <span className={styles.topPageCount}>
            {count(page.signups)}
            <span className="visually-hidden"> {INSIGHTS_LABELS.signups.toLowerCase()}</span>
          </span>
          <span className={styles.topPageBar} aria-hidden="true">
            <span style={{ width: `${(page.signups / most) * 100}%` }} />
          </span>
        </li>
      ))}
    </ol>
  );
}
