// The owner's Audit log (issue 36): who did what and when, newest first, filtered by act and by
// person, with more on demand and the filtered log as a CSV file. Loaded when the tab is first opened.
import { useEffect, useId, useState } from 'react';
import { STAFF_LABELS } from '../../shared/messages/staff.ts';
import { ADMIN_NOTICES } from '../../shared/messages/index.ts';
import { AUDIT_ACTIONS, type AuditRow } from '../../shared/staff-api.ts';
import { notify } from '../toaster.tsx';
import { DateCell } from './DateCell.tsx';
import { saveFile } from './saveFile.ts';
import { fetchAudit, fetchAuditCsv } from './staffApi.ts';
import styles from './admin.module.css';

export default function AuditView() {
  const id = useId();
  const [filter, setFilter] = useState({ action: '', actor: '' });
  const [rows, setRows] = useState<AuditRow[] | null>(null);
  const [next, setNext] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const timer = window.setTimeout(() => {
      fetchAudit(filter).then(
        (page) => {
          if (!live) return;
          setRows(page.rows);
          setNext(page.nextCursor);
        },
        () => notify(ADMIN_NOTICES.fetchFailed, 'error'),
      );
    }, 250);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [filter]);

  async function more() {
    if (!next) return;
    const page = await fetchAudit(filter, next);
    setRows((r) => [...(r ?? []), ...page.rows]);
    setNext(page.nextCursor);
  }

  async function exportCsv() {
    try {
      saveFile(await fetchAuditCsv(filter), 'audit-log.csv');
    } catch {
      notify(ADMIN_NOTICES.exportFailed, 'error');
    }
  }

  return (
    <div data-audit-view>
      <div className={styles.gateForm}>
        <label className={styles.label} htmlFor={`${id}-action`}>
          {STAFF_LABELS.auditFilter}
        </label>
        <select
          id={`${id}-action`}
          className={styles.input}
          value={filter.action}
          onChange={(e) => setFilter((f) => ({ ...f, action: e.target.value }))}
        >
          <option value="">—</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a}>{a}</option>
          ))}
        </select>
        <label className={styles.label} htmlFor={`${id}-actor`}>
          {STAFF_LABELS.auditActor}
        </label>
        <input
          id={`${id}-actor`}
          className={styles.input}
          type="search"
          value={filter.actor}
          onChange={(e) => setFilter((f) => ({ ...f, actor: e.target.value }))}
        />
        <button type="button" className="button button--ghost" onClick={() => void exportCsv()}>
          {STAFF_LABELS.auditExport}
        </button>
      </div>
      {rows && !rows.length && <p className={styles.summary}>{STAFF_LABELS.auditEmpty}</p>}
      {rows && rows.length > 0 && (
        <div className={styles.tableScroll}>
          <table className={styles.table}>
            <thead>
              <tr>
                {Object.values(STAFF_LABELS.auditColumns).map((label) => (
                  <th key={label} scope="col">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>
                    <DateCell iso={r.at} />
                  </td>
                  <td>{r.actor}</td>
                  <td>{r.action}</td>
                  <td>{r.detail}</td>
                  <td>
                    <code className={styles.code}>{r.client_hash?.slice(0, 8) ?? '—'}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {next && (
        <button type="button" className="button button--ghost" onClick={() => void more()}>
          …
        </button>
      )}
    </div>
  );
}
