// The pages that brought the most sign-ups in the period, most first: each a link to the page
// (its title and path), its count, and a bar of that count against the first; then, unlinked,
// one "Other pages" count for every path the build does not know (anyone can post a sign-up
// naming any path: the owner is never handed a stranger's link). The list is its own text
// alternative: every number is written out.
import { INSIGHTS_LABELS } from '../../shared/messages/index.ts';
import { TOP_PAGES_LABELS } from '../../shared/messages/security.ts';
import { PREFERENCES_SOURCE, type TopPage } from '../../shared/admin-api.ts';
import { count } from './format.ts';
import styles from './insights.module.css';

export function TopPagesList({ pages }: { pages: readonly TopPage[] }) {
  const most = Math.max(1, ...pages.map((p) => p.signups));
  return (
    <ol className={styles.topPages}>
      {pages.map((page) => (
        <li
          key={page.source_page ?? ''}
          data-page={page.source_page ?? undefined}
          data-other={page.source_page === null || undefined}
        >
          <div className={styles.topPageText}>
            {page.source_page === null ? (
              <>
                <span className={styles.topPageOther}>{TOP_PAGES_LABELS.otherPages}</span>
                <span className={styles.topPagePath}>{TOP_PAGES_LABELS.otherPagesNote}</span>
              </>
            ) : page.source_page === PREFERENCES_SOURCE ? (
              <>
                <span className={styles.topPageOther}>{TOP_PAGES_LABELS.preferencesPage}</span>
                <span className={styles.topPagePath}>{TOP_PAGES_LABELS.preferencesPageNote}</span>
              </>
            ) : (
              <>
                <a href={page.source_page} className={styles.topPageLink}>
                  {page.title}
                </a>
                <span className={styles.topPagePath}>{page.source_page}</span>
              </>
            )}
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
