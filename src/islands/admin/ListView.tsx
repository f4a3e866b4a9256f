// One list's view: what it shows (a live summary), its CSV export, its table and "Load more".
import { ADMIN_LABELS, adminListSummary } from '../../shared/messages/index.ts';
import type { ListKind, RowOf } from '../../shared/admin-api.ts';
import { contactColumns } from './contactColumns.tsx';
import { count } from './format.ts';
import { Icon } from './Icon.tsx';
import { ListTable, type ListColumns } from './ListTable.tsx';
import type { ListData } from './listsReducer.ts';
import { signupColumns } from './signupColumns.tsx';
import styles from './admin.module.css';

const COLUMNS: { [K in ListKind]: ListColumns<K> } = {
  contacts: contactColumns,
  signups: signupColumns,
};

const DOWNLOAD = 'M12 4v11M7 10l5 5 5-5M5 20h14';

interface Props<K extends ListKind> {
  kind: K;
  data: ListData<K>;
  /** The settled search text, for the summary. */
  q: string;
  loading: boolean;
  loadingMore: ListKind | null;
  exporting: ListKind | null;
  onExport: () => void;
  onLoadMore: () => void;
  onRetry: () => void;
  onDelete: (row: RowOf[K]) => void;
}

export function ListView<K extends ListKind>(props: Props<K>) {
  const { kind, data, q, loading, loadingMore, exporting, onExport, onLoadMore, onRetry, onDelete } = props;
  return (
    <>
      <div className={styles.panelHead}>
        <p className={styles.summary} aria-live="polite">
          {loading ? ADMIN_LABELS.listLoading : adminListSummary(kind, count(data.rows.length), data.next !== null, q)}
        </p>
        <button
          type="button"
          className={`button button--ghost ${styles.small}`}
          onClick={onExport}
          disabled={exporting !== null}
          aria-busy={exporting === kind}
        >
          <Icon path={DOWNLOAD} size={18} />
          {exporting === kind ? ADMIN_LABELS.exporting : ADMIN_LABELS.exportCsv}
        </button>
      </div>
      <ListTable
        columns={COLUMNS[kind]}
        rows={data.rows}
        busy={loading}
        failed={data.failed && !loading}
        onRetry={onRetry}
        onDelete={onDelete}
      />
      {data.next && (
        <div className={styles.more}>
          <button
            type="button"
            className={`button button--ghost ${styles.small}`}
            onClick={onLoadMore}
            disabled={loadingMore !== null || loading}
          >
            {loadingMore === kind ? ADMIN_LABELS.loadingMore : ADMIN_LABELS.loadMore}
          </button>
        </div>
      )}
    </>
  );
}
