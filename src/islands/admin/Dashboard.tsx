// The dashboard: stat cards, one search box filtering both lists (server-side, debounced), the
// contacts (default) and sign-ups tabs with their tables, CSV export, erasure and logout.
// Both lists load together, as the spec's two parallel reads; "Load more" pages each one.
import { useEffect, useEffectEvent, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ADMIN_LABELS, ADMIN_NOTICES, adminListSummary, type Notice } from '../../shared/messages.ts';
import { notify } from '../toaster.tsx';
import { deleteRow, fetchCsv, fetchPage, fetchStats, isAbort, isAuthError, logOut, ApiError } from './api.ts';
import {
  CSV_FILE_NAMES,
  MAX_QUERY_LENGTH,
  PAGE_SIZE,
  type ContactRow,
  type ListKind,
  type RowOf,
  type SignupRow,
  type Stats,
} from '../../shared/admin-api.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { TooltipProvider, TruncatedText } from './Tooltip.tsx';
import styles from './admin.module.css';

export const SEARCH_DEBOUNCE_MS = 300;
const KINDS: readonly ListKind[] = ['contacts', 'signups'];

const RESTRICTED: Record<ListKind, Notice> = {
  contacts: ADMIN_NOTICES.contactsRestricted,
  signups: ADMIN_NOTICES.signupsRestricted,
};

interface Props {
  /** The session is gone (401/403 on a read, or logout): back to the gate. */
  onSignedOut: () => void;
}

// ── small helpers ────────────────────────────────────────────────────────────────────────────

const recent = new Map<string, number>();
/** The same failure from several parallel reads is one toast, not three. */
function notifyOnce(notice: Notice): void {
  const key = `${notice.title}\n${notice.text}`;
  const now = Date.now();
  if (now - (recent.get(key) ?? 0) < 2000) return;
  recent.set(key, now);
  notify(notice, 'error');
}

let dateFormat: Intl.DateTimeFormat | undefined;
/** The locale's short date. */
function shortDate(iso: string): string {
  dateFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'short' });
  return dateFormat.format(new Date(iso));
}

let numberFormat: Intl.NumberFormat | undefined;
function count(n: number): string {
  numberFormat ??= new Intl.NumberFormat();
  return numberFormat.format(n);
}

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

// ── data ─────────────────────────────────────────────────────────────────────────────────────

interface ListData<K extends ListKind> {
  rows: RowOf[K][];
  next: string | null;
  failed: boolean;
}

interface Lists {
  /** Which search (and reload) these results answer. */
  key: string;
  contacts: ListData<'contacts'>;
  signups: ListData<'signups'>;
}

const EMPTY: ListData<ListKind> = { rows: [], next: null, failed: false };

export function Dashboard({ onSignedOut }: Props) {
  const id = useId();
  const [query, setQuery] = useState('');
  const q = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  const [tab, setTab] = useState<ListKind>('contacts');
  const [reload, setReload] = useState(0);
  const listsKey = `${reload}:${q}`;
  const [lists, setLists] = useState<Lists | null>(null);
  const loading = lists?.key !== listsKey;
  const [loadingMore, setLoadingMore] = useState<ListKind | null>(null);
  const [statsVersion, setStatsVersion] = useState(0);
  const [stats, setStats] = useState<Stats | null>(null);
  const [exporting, setExporting] = useState<ListKind | null>(null);
  const [pending, setPending] = useState<{ kind: ListKind; row: ContactRow | SignupRow } | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const signedOut = useRef(false);
  const tabs = useRef<Partial<Record<ListKind, HTMLButtonElement | null>>>({});
  const panels = useRef<Partial<Record<ListKind, HTMLDivElement | null>>>({});

  /** A 401/403: the spec's "Access Restricted" toast(s), then the gate. */
  function restricted(kinds: ListKind[]) {
    if (signedOut.current) return;
    signedOut.current = true;
    for (const kind of kinds) notify(RESTRICTED[kind], 'error');
    onSignedOut();
  }
  const restrictedInEffect = useEffectEvent((kinds: ListKind[]) => restricted(kinds));

  // Both lists, in parallel, for the current search.
  useEffect(() => {
    const abort = new AbortController();
    const key = listsKey;
    const search = key.slice(key.indexOf(':') + 1);
    void Promise.allSettled([
      fetchPage('contacts', { q: search, limit: PAGE_SIZE }, abort.signal),
      fetchPage('signups', { q: search, limit: PAGE_SIZE }, abort.signal),
    ]).then(([contacts, signups]) => {
      if (abort.signal.aborted) return;
      const failures = [contacts, signups].flatMap((r, i) =>
        r.status === 'rejected' ? [{ kind: KINDS[i]!, err: r.reason as unknown }] : [],
      );
      const denied = failures.filter((f) => isAuthError(f.err)).map((f) => f.kind);
      if (denied.length) return restrictedInEffect(denied);
      if (failures.some((f) => !isAbort(f.err))) notifyOnce(ADMIN_NOTICES.fetchFailed);
      const data = <K extends ListKind>(
        r: PromiseSettledResult<{ rows: RowOf[K][]; nextCursor: string | null }>,
      ): ListData<K> =>
        r.status === 'fulfilled'
          ? { rows: r.value.rows, next: r.value.nextCursor, failed: false }
          : { rows: [], next: null, failed: true };
      setLists({ key, contacts: data<'contacts'>(contacts), signups: data<'signups'>(signups) });
    });
    return () => abort.abort();
  }, [listsKey]);

  // The stat cards: at the start and after each deletion.
  useEffect(() => {
    const abort = new AbortController();
    fetchStats(abort.signal).then(
      (value) => setStats(value),
      (err: unknown) => {
        if (abort.signal.aborted || isAbort(err)) return;
        // A lost session is reported by the lists' reads (the spec's texts name them).
        if (isAuthError(err)) return;
        notifyOnce(ADMIN_NOTICES.fetchFailed);
      },
    );
    return () => abort.abort();
  }, [statsVersion]);

  function list<K extends ListKind>(kind: K): ListData<K> {
    return (lists?.[kind] as ListData<K> | undefined) ?? (EMPTY as ListData<K>);
  }

  async function loadMore(kind: ListKind) {
    const current = lists;
    const cursor = current?.[kind].next;
    if (!current || !cursor || loadingMore) return;
    setLoadingMore(kind);
    try {
      const page = await fetchPage(kind, { q, cursor, limit: PAGE_SIZE });
      setLists((now) =>
        now && now.key === current.key
          ? { ...now, [kind]: { rows: [...now[kind].rows, ...page.rows], next: page.nextCursor, failed: false } }
          : now,
      );
    } catch (err) {
      if (isAuthError(err)) restricted([kind]);
      else notifyOnce(ADMIN_NOTICES.fetchFailed);
    } finally {
      setLoadingMore(null);
    }
  }

  async function exportCsv(kind: ListKind) {
    if (exporting) return;
    // an empty list gives 'No Data'.
    if (list(kind).rows.length === 0) {
      notify(ADMIN_NOTICES.noData, 'error');
      return;
    }
    setExporting(kind);
    try {
      saveFile(await fetchCsv(kind, q), CSV_FILE_NAMES[kind]);
    } catch (err) {
      if (isAuthError(err)) restricted([kind]);
      else notify(ADMIN_NOTICES.exportFailed, 'error');
    } finally {
      setExporting(null);
    }
  }

  async function confirmDelete() {
    if (!pending || deleting) return;
    const { kind, row } = pending;
    setDeleting(true);
    try {
      const outcome = await deleteRow(kind, row.id);
      // Deleted now, or already gone (another tab, another owner): either way it leaves the list.
      setLists((now) =>
        now ? { ...now, [kind]: { ...now[kind], rows: now[kind].rows.filter((r) => r.id !== row.id) } } : now,
      );
      setStatsVersion((v) => v + 1);
      setPending(null);
      if (outcome === 'gone') notify(ADMIN_NOTICES.notFound, 'error');
      else notify(kind === 'contacts' ? ADMIN_NOTICES.contactDeleted : ADMIN_NOTICES.signupDeleted, 'success');
      // The row's button is gone: keep the focus in its panel.
      panels.current[kind]?.focus();
    } catch (err) {
      setPending(null);
      if (isAuthError(err)) restricted([kind]);
      else notify(ADMIN_NOTICES.deleteFailed, 'error');
    } finally {
      setDeleting(false);
    }
  }

  async function onLogout() {
    if (loggingOut) return;
    setLoggingOut(true);
    try {
      await logOut();
    } catch (err) {
      // 401: the session had already ended, which is what logging out wants.
      if (!(err instanceof ApiError && err.status === 401)) {
        setLoggingOut(false);
        notify(ADMIN_NOTICES.logoutFailed, 'error');
        return;
      }
    }
    signedOut.current = true;
    notify(ADMIN_NOTICES.loggedOut, 'success');
    onSignedOut();
  }

  function onTabKey(event: KeyboardEvent<HTMLDivElement>) {
    const at = KINDS.indexOf(tab);
    const to =
      event.key === 'ArrowRight'
        ? (at + 1) % KINDS.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + KINDS.length) % KINDS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? KINDS.length - 1
              : -1;
    if (to < 0) return;
    event.preventDefault();
    setTab(KINDS[to]!);
    tabs.current[KINDS[to]!]?.focus();
  }

  const tabLabel = (kind: ListKind) => (kind === 'contacts' ? ADMIN_LABELS.contactsTab : ADMIN_LABELS.signupsTab);
  const shown = (kind: ListKind) => {
    const data = list(kind);
    return loading && !lists ? '…' : `${count(data.rows.length)}${data.next ? '+' : ''}`;
  };

  return (
    <TooltipProvider>
      <div className={styles.dashboard}>
        <div className={styles.topbar}>
          <p className={styles.signedIn}>
            <span className={styles.dot} aria-hidden="true" />
            {ADMIN_LABELS.signedIn}
          </p>
          <button type="button" className="button button--ghost" onClick={onLogout} disabled={loggingOut}>
            {loggingOut ? ADMIN_LABELS.loggingOut : ADMIN_LABELS.logout}
          </button>
        </div>

        <StatCards stats={stats} />

        <div className={styles.searchRow} role="search">
          <label className={styles.label} htmlFor={`${id}-search`}>
            {ADMIN_LABELS.search}
          </label>
          <input
            id={`${id}-search`}
            className={`${styles.input} ${styles.search}`}
            type="search"
            value={query}
            placeholder={ADMIN_LABELS.searchPlaceholder}
            autoComplete="off"
            spellCheck={false}
            maxLength={MAX_QUERY_LENGTH}
            aria-describedby={`${id}-search-help`}
            onChange={(e) => setQuery(e.target.value)}
          />
          <p id={`${id}-search-help`} className={styles.help}>
            {ADMIN_LABELS.searchHelp}
          </p>
        </div>

        <div className={styles.tabs} role="tablist" aria-label={ADMIN_LABELS.tabsLabel} onKeyDown={onTabKey}>
          {KINDS.map((kind) => (
            <button
              key={kind}
              ref={(el) => {
                tabs.current[kind] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${kind}`}
              aria-selected={tab === kind}
              aria-controls={`${id}-panel-${kind}`}
              tabIndex={tab === kind ? 0 : -1}
              className={styles.tab}
              onClick={() => setTab(kind)}
            >
              {tabLabel(kind)}
              <span className={styles.tabCount}>{shown(kind)}</span>
            </button>
          ))}
        </div>

        {KINDS.map((kind) => {
          const data = list(kind);
          return (
            <div
              key={kind}
              ref={(el) => {
                panels.current[kind] = el;
              }}
              role="tabpanel"
              id={`${id}-panel-${kind}`}
              aria-labelledby={`${id}-tab-${kind}`}
              hidden={tab !== kind}
              tabIndex={-1}
              className={styles.panel}
              data-panel={kind}
            >
              <div className={styles.panelHead}>
                <p className={styles.summary} aria-live="polite">
                  {loading
                    ? ADMIN_LABELS.listLoading
                    : adminListSummary(kind, count(data.rows.length), data.next !== null, q)}
                </p>
                <button
                  type="button"
                  className={`button button--ghost ${styles.small}`}
                  onClick={() => exportCsv(kind)}
                  disabled={exporting !== null}
                  aria-busy={exporting === kind}
                >
                  <DownloadIcon />
                  {exporting === kind ? ADMIN_LABELS.exporting : ADMIN_LABELS.exportCsv}
                </button>
              </div>
              <Table
                kind={kind}
                rows={data.rows}
                busy={loading}
                failed={data.failed && !loading}
                onRetry={() => setReload((n) => n + 1)}
                onDelete={(row) => setPending({ kind, row })}
              />
              {data.next && (
                <div className={styles.more}>
                  <button
                    type="button"
                    className={`button button--ghost ${styles.small}`}
                    onClick={() => loadMore(kind)}
                    disabled={loadingMore !== null || loading}
                  >
                    {loadingMore === kind ? ADMIN_LABELS.loadingMore : ADMIN_LABELS.loadMore}
                  </button>
                </div>
              )}
            </div>
          );
        })}

        <ConfirmDialog
          open={pending !== null}
          title={pending?.kind === 'signups' ? ADMIN_LABELS.confirmSignupTitle : ADMIN_LABELS.confirmContactTitle}
          confirmLabel={ADMIN_LABELS.delete}
          busyLabel={ADMIN_LABELS.deleting}
          busy={deleting}
          onConfirm={confirmDelete}
          onCancel={() => setPending(null)}
        >
          {pending && <PendingSummary kind={pending.kind} row={pending.row} />}
          <p>{ADMIN_LABELS.confirmText}</p>
        </ConfirmDialog>
      </div>
    </TooltipProvider>
  );
}

// ── pieces ───────────────────────────────────────────────────────────────────────────────────

function StatCards({ stats }: { stats: Stats | null }) {
  const value = (n: number | undefined) => (n === undefined ? '—' : count(n));
  return (
    <section aria-label={ADMIN_LABELS.statsLabel} aria-busy={stats === null}>
      <dl className={styles.stats}>
        <div className={styles.stat}>
          <dt>{ADMIN_LABELS.totalContacts}</dt>
          <dd className={styles.statValue}>{value(stats?.totalContacts)}</dd>
        </div>
        <div className={styles.stat}>
          <dt>{ADMIN_LABELS.emailSignups}</dt>
          <dd className={styles.statValue}>{value(stats?.emailSignups)}</dd>
        </div>
        <div className={styles.stat}>
          <dt>{ADMIN_LABELS.newsletter}</dt>
          <dd className={styles.statValue}>{value(stats?.newsletter)}</dd>
          <dd className={styles.statNote}>
            {ADMIN_LABELS.updates} {value(stats?.updates)} · {ADMIN_LABELS.movement} {value(stats?.movement)}
          </dd>
        </div>
        <div className={styles.stat}>
          <dt>{ADMIN_LABELS.thisWeek}</dt>
          <dd className={styles.statValue}>{value(stats?.thisWeek)}</dd>
          <dd className={styles.statNote}>{ADMIN_LABELS.thisWeekHint}</dd>
        </div>
      </dl>
    </section>
  );
}

interface TableProps<K extends ListKind> {
  kind: K;
  rows: RowOf[K][];
  busy: boolean;
  failed: boolean;
  onRetry: () => void;
  onDelete: (row: RowOf[K]) => void;
}

function Table<K extends ListKind>({ kind, rows, busy, failed, onRetry, onDelete }: TableProps<K>) {
  const contacts = kind === 'contacts';
  const headers = contacts
    ? [ADMIN_LABELS.date, ADMIN_LABELS.name, ADMIN_LABELS.email, ADMIN_LABELS.subject, ADMIN_LABELS.message]
    : [ADMIN_LABELS.date, ADMIN_LABELS.email, ADMIN_LABELS.type, ADMIN_LABELS.sourcePage];
  const columns = headers.length + 1;
  const caption = contacts ? ADMIN_LABELS.contactsTab : ADMIN_LABELS.signupsTab;

  let body: ReactNode;
  if (failed) {
    body = (
      <tr>
        <td colSpan={columns} className={styles.emptyCell}>
          {ADMIN_LABELS.listFailed}{' '}
          <button type="button" className={styles.linkButton} onClick={onRetry}>
            {ADMIN_LABELS.retry}
          </button>
        </td>
      </tr>
    );
  } else if (rows.length === 0) {
    body = (
      <tr>
        <td colSpan={columns} className={styles.emptyCell} data-empty>
          {busy ? ADMIN_LABELS.listLoading : contacts ? ADMIN_LABELS.contactsEmpty : ADMIN_LABELS.signupsEmpty}
        </td>
      </tr>
    );
  } else if (contacts) {
    body = (rows as ContactRow[]).map((row) => (
      <tr key={row.id} data-row-id={row.id}>
        <td className={styles.date}>
          <time dateTime={row.submitted_at}>{shortDate(row.submitted_at)}</time>
        </td>
        <th scope="row" className={styles.name}>
          {row.name}
        </th>
        <td className={styles.email}>{row.email}</td>
        <td className={styles.subject}>
          {row.subject ?? (
            <>
              <span aria-hidden="true">{ADMIN_LABELS.noSubject}</span>
              <span className="visually-hidden">{ADMIN_LABELS.noSubjectText}</span>
            </>
          )}
        </td>
        <td className={styles.message}>
          <TruncatedText text={row.message} />
        </td>
        <td className={styles.actions}>
          <DeleteButton label={ADMIN_LABELS.deleteContactOf(row.name)} onClick={() => onDelete(row as RowOf[K])} />
        </td>
      </tr>
    ));
  } else {
    body = (rows as SignupRow[]).map((row) => (
      <tr key={row.id} data-row-id={row.id}>
        <td className={styles.date}>
          <time dateTime={row.submitted_at}>{shortDate(row.submitted_at)}</time>
        </td>
        <th scope="row" className={styles.email}>
          {row.email}
        </th>
        <td>
          <span className={styles.badge} data-type={row.signup_type}>
            {row.signup_type}
          </span>
        </td>
        <td className={styles.page}>{row.source_page}</td>
        <td className={styles.actions}>
          <DeleteButton
            label={ADMIN_LABELS.deleteSignupOf(row.signup_type, row.email)}
            onClick={() => onDelete(row as RowOf[K])}
          />
        </td>
      </tr>
    ));
  }

  return (
    // Focusable so a keyboard can scroll a table wider than the screen.
    <div className={styles.tableScroll} role="region" aria-label={caption} tabIndex={0}>
      <table className={styles.table} aria-busy={busy} data-busy={busy || undefined}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">{ADMIN_LABELS.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </table>
    </div>
  );
}

function DeleteButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className={styles.deleteButton} onClick={onClick}>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="16"
        height="16"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
      </svg>
      {ADMIN_LABELS.delete}
      <span className="visually-hidden"> {label}</span>
    </button>
  );
}

function PendingSummary({ kind, row }: { kind: ListKind; row: ContactRow | SignupRow }) {
  const contact = kind === 'contacts' ? (row as ContactRow) : null;
  return (
    <dl className={styles.pending}>
      {contact ? (
        <>
          <dt>{ADMIN_LABELS.name}</dt>
          <dd>{contact.name}</dd>
          <dt>{ADMIN_LABELS.email}</dt>
          <dd>{contact.email}</dd>
        </>
      ) : (
        <>
          <dt>{ADMIN_LABELS.email}</dt>
          <dd>{row.email}</dd>
          <dt>{ADMIN_LABELS.type}</dt>
          <dd>{(row as SignupRow).signup_type}</dd>
        </>
      )}
      <dt>{ADMIN_LABELS.date}</dt>
      <dd>{shortDate(row.submitted_at)}</dd>
    </dl>
  );
}

function DownloadIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
    </svg>
  );
}
