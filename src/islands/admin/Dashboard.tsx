// The dashboard: stat cards, one search box filtering both lists (server-side, debounced), and the
// views as tabs: contacts (the default) and sign-ups, each with its table, CSV export and erasure,
// the insights (charts, loaded with their code the first time the tab opens), the mail (the
// outbox, loaded the same way) and Send (announcements by e-mail, loaded the same way); for the
// owner also Staff and the Audit log (loaded the same way). Each role sees only the views its
// endpoints answer (the server decides: server/staff/policy.ts); a sensitive act that needs a
// recent sign-in opens the re-authentication dialog (loaded when needed) and then goes on.
// The data and actions live in hooks (useStats, useInsights, useLists, useCsvExport,
// useRowDeletion, useSignOut); this file only puts them together.
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { STAFF_TAB_LABELS } from '../../shared/messages/staff-tabs.ts';
import type { SessionInfo } from '../../shared/admin-api.ts';
import type { StaffRole } from '../../shared/staff-api.ts';
import { setReauthenticate } from './api.ts';
import { ADMIN_LABELS, INSIGHTS_LABELS } from '../../shared/messages/index.ts';
import { MAIL_LABELS } from '../../shared/messages/mail.ts';
import { ANNOUNCEMENT_LABELS } from '../../shared/messages/announcements.ts';
import { READERSHIP_TAB_LABELS } from '../../shared/messages/readership-tab.ts';
import { DEFAULT_INSIGHTS_PERIOD, type InsightsPeriod, type ListKind } from '../../shared/admin-api.ts';
import { DeleteRowDialog } from './DeleteRowDialog.tsx';
import { InsightsPlaceholder } from './InsightsPlaceholder.tsx';
import { count } from './format.ts';
import { ListView } from './ListView.tsx';
import { SearchBox } from './SearchBox.tsx';
import { StatCards } from './StatCards.tsx';
import { TooltipProvider } from './Tooltip.tsx';
import { TopBar } from './TopBar.tsx';
import { useCsvExport } from './useCsvExport.ts';
import { useDebounced } from './useDebounced.ts';
import { useInsights } from './useInsights.ts';
import { LIST_KINDS, useLists } from './useLists.ts';
import { useRowDeletion } from './useRowDeletion.ts';
import { useSignOut } from './useSignOut.ts';
import { useStats } from './useStats.ts';
import { ViewPanel } from './ViewPanel.tsx';
import { ViewTabs, type ViewTab } from './ViewTabs.tsx';
import type { SignupStatus } from '../../shared/messages/subscriptions.ts';
import styles from './admin.module.css';

export const SEARCH_DEBOUNCE_MS = 300;

/** The charts and their library load only when the Insights tab is first opened. */
const InsightsView = lazy(() => import('./InsightsView.tsx'));
/** The outbox view loads (and reads the outbox) only when the Mail tab is first opened. */
const MailView = lazy(() => import('./MailView.tsx'));
/** The Send view (announcements) loads the same way, when the Send tab is first opened. */
const SendView = lazy(() => import('./SendView.tsx'));
/** The owner's Staff and Audit views, and the re-authentication dialog, load the same way. */
const StaffView = lazy(() => import('./StaffView.tsx'));
const AuditView = lazy(() => import('./AuditView.tsx'));
const ReauthDialog = lazy(() => import('./ReauthDialog.tsx'));
/** The Readership view (page views, sources, conversion) loads the same way. */
const ReadershipView = lazy(() => import('./readership/ReadershipView.tsx'));

/**
 * The dashboard's views, one tab each. A new view adds its name here, its tab to `tabs` and its
 * own <ViewPanel> beside the lists'.
 */
type View = ListKind | 'insights' | 'readership' | 'mail' | 'send' | 'staff' | 'audit';

/** The views of each role, the first one shown first. */
const VIEWS: Record<StaffRole, View[]> = {
  owner: ['contacts', 'signups', 'insights', 'readership', 'mail', 'send', 'staff', 'audit'],
  editor: ['insights', 'readership', 'send'],
  support: ['contacts', 'signups', 'mail'],
};

const LIST_TITLES: Record<ListKind, string> = {
  contacts: ADMIN_LABELS.contactsTab,
  signups: ADMIN_LABELS.signupsTab,
};

interface Props {
  /** Who is signed in, in which role. */
  session: SessionInfo;
  /** The session is gone (401/403 on a read, or logout): back to the gate. */
  onSignedOut: () => void;
}

export function Dashboard({ session, onSignedOut }: Props) {
  const idBase = useId();
  const views = VIEWS[session.staffRole];
  const readers = views.includes('contacts');
  const [view, setView] = useState<View>(views[0]!);
  const [opened, setOpened] = useState<Partial<Record<View, boolean>>>({ [views[0]!]: true });
  const [reauth, setReauth] = useState<((ok: boolean) => void) | null>(null);
  const [period, setPeriod] = useState<InsightsPeriod>(DEFAULT_INSIGHTS_PERIOD);
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<SignupStatus | ''>('');
  const q = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);

  const signOut = useSignOut(onSignedOut);
  const stats = useStats();
  const insights = useInsights(period);
  const lists = useLists(q, status, signOut.restricted, readers);

  useEffect(() => {
    setReauthenticate(() => new Promise<boolean>((resolve) => setReauth(() => resolve)));
    return () => setReauthenticate(undefined);
  }, []);
  const csv = useCsvExport({
    q,
    status,
    isEmpty: (kind) => lists.list(kind).rows.length === 0,
    onDenied: signOut.restricted,
  });
  const panels = useRef<Partial<Record<View, HTMLDivElement | null>>>({});
  const deletion = useRowDeletion({
    onRemoved: (kind, id) => {
      lists.removeRow(kind, id);
      stats.refresh();
      insights.refresh();
    },
    // Keep the focus in the panel of the row that went.
    afterRemoved: (kind) => panels.current[kind]?.focus(),
    onDenied: signOut.restricted,
  });

  const tabs: ViewTab<View>[] = [
    ...LIST_KINDS.map((kind) => {
      const { rows, next } = lists.list(kind);
      return {
        view: kind,
        label: LIST_TITLES[kind],
        count: lists.waiting ? '…' : `${count(rows.length)}${next ? '+' : ''}`,
      };
    }),
    { view: 'insights', label: INSIGHTS_LABELS.tab },
    { view: 'readership', label: READERSHIP_TAB_LABELS.tab },
    { view: 'mail', label: MAIL_LABELS.tab },
    { view: 'send', label: ANNOUNCEMENT_LABELS.tab },
    { view: 'staff', label: STAFF_TAB_LABELS.staffTab },
    { view: 'audit', label: STAFF_TAB_LABELS.auditTab },
  ];

  function select(next: View) {
    setView(next);
    setOpened((o) => ({ ...o, [next]: true }));
  }

  const periodTotals =
    insights.insights && insights.days === period ? { days: period, totals: insights.insights.totals } : null;

  return (
    <TooltipProvider>
      <div className={styles.dashboard}>
        <TopBar session={session} loggingOut={signOut.loggingOut} onLogout={signOut.logOut} />
        <StatCards stats={stats.stats} period={periodTotals} days={period} />
        {readers && <SearchBox value={query} onChange={setQuery} />}
        <ViewTabs
          idBase={idBase}
          label={ADMIN_LABELS.tabsLabel}
          tabs={tabs.filter((tab) => views.includes(tab.view))}
          selected={view}
          onSelect={select}
        />

        {LIST_KINDS.filter(() => readers).map((kind) => (
          <ViewPanel
            key={kind}
            idBase={idBase}
            view={kind}
            selected={view === kind}
            ref={(el) => {
              panels.current[kind] = el;
            }}
          >
            <ListView
              kind={kind}
              data={lists.list(kind)}
              q={q}
              loading={lists.loading}
              loadingMore={lists.loadingMore}
              exporting={csv.exporting}
              onExport={() => csv.exportCsv(kind)}
              onLoadMore={() => lists.loadMore(kind)}
              onRetry={lists.retry}
              onDelete={(row) => deletion.ask(kind, row)}
              status={status}
              onStatus={setStatus}
            />
          </ViewPanel>
        ))}

        <ViewPanel idBase={idBase} view="insights" selected={view === 'insights'}>
          {opened.insights && (
            <Suspense fallback={<InsightsPlaceholder withSwitch />}>
              <InsightsView state={insights} period={period} onPeriod={setPeriod} stats={stats.stats} />
            </Suspense>
          )}
        </ViewPanel>

        <ViewPanel idBase={idBase} view="readership" selected={view === 'readership'}>
          {opened.readership && (
            <Suspense fallback={<p className={styles.summary}>{READERSHIP_TAB_LABELS.loading}</p>}>
              <ReadershipView onDenied={() => signOut.restricted([])} />
            </Suspense>
          )}
        </ViewPanel>

        <ViewPanel idBase={idBase} view="mail" selected={view === 'mail'}>
          {opened.mail && (
            <Suspense fallback={<p className={styles.summary}>{MAIL_LABELS.loading}</p>}>
              <MailView onDenied={() => signOut.restricted([])} />
            </Suspense>
          )}
        </ViewPanel>

        <ViewPanel idBase={idBase} view="send" selected={view === 'send'}>
          {opened.send && (
            <Suspense fallback={<p className={styles.summary}>{ANNOUNCEMENT_LABELS.loading}</p>}>
              <SendView onDenied={() => signOut.restricted([])} />
            </Suspense>
          )}
        </ViewPanel>

        {(['staff', 'audit'] as const)
          .filter((v) => views.includes(v))
          .map((v) => (
            <ViewPanel key={v} idBase={idBase} view={v} selected={view === v}>
              {opened[v] && (
                <Suspense fallback={<p className={styles.summary}>{ADMIN_LABELS.loading}</p>}>
                  {v === 'staff' ? <StaffView session={session} /> : <AuditView />}
                </Suspense>
              )}
            </ViewPanel>
          ))}

        {reauth && (
          <Suspense fallback={null}>
            <ReauthDialog
              session={session}
              onDone={(ok) => {
                reauth(ok);
                setReauth(null);
              }}
            />
          </Suspense>
        )}

        <DeleteRowDialog deletion={deletion} />
      </div>
    </TooltipProvider>
  );
}
