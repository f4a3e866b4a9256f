// The owner's Staff view (issue 36): every account with its role, last sign-in and live sessions;
// invite a colleague, change a role, sign someone out everywhere, remove them; the key's sessions
// and the switch of key sign-in. Each change takes effect on the person's next request (the server
// checks the role and the session on every call). Loaded when the tab is first opened.
import { useCallback, useEffect, useId, useState, type SubmitEvent } from 'react';
import { STAFF_LABELS, STAFF_NOTICES } from '../../shared/messages/staff.ts';
import { ADMIN_NOTICES, type Notice } from '../../shared/messages/index.ts';
import { STAFF_ROLES, type StaffList, type StaffRole } from '../../shared/staff-api.ts';
import type { SessionInfo } from '../../shared/admin-api.ts';
import { notify } from '../toaster.tsx';
import { ApiError } from './api.ts';
import { DateCell } from './DateCell.tsx';
import {
  changeRole,
  fetchStaff,
  inviteColleague,
  removeColleague,
  setKeySignIn,
  signOutEverywhere,
} from './staffApi.ts';
import styles from './admin.module.css';

const failed = (err: unknown, fallback: Notice = ADMIN_NOTICES.serverError) =>
  notify(err instanceof ApiError && err.notice ? err.notice : fallback, 'error');

export default function StaffView({ session }: { session: SessionInfo }) {
  const id = useId();
  const [list, setList] = useState<StaffList | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    fetchStaff().then(setList, (err: unknown) => failed(err));
  }, []);
  useEffect(load, [load]);

  async function act(work: () => Promise<void>, success?: Notice) {
    setBusy(true);
    try {
      await work();
      if (success) notify(success, 'success');
      load();
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  }

  function invite(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const el = event.currentTarget;
    const email = (el.elements.namedItem('email') as HTMLInputElement).value;
    const role = (el.elements.namedItem('role') as HTMLSelectElement).value as StaffRole;
    void act(async () => {
      await inviteColleague(email, role);
      el.reset();
    }, STAFF_NOTICES.invited);
  }

  if (!list) return <p className={styles.summary}>…</p>;

  return (
    <div data-staff-view>
      <form className={styles.gateForm} onSubmit={invite} aria-busy={busy} aria-labelledby={`${id}-invite`}>
        <h3 id={`${id}-invite`}>{STAFF_LABELS.inviteTitle}</h3>
        <label className={styles.label} htmlFor={`${id}-email`}>
          {STAFF_LABELS.inviteEmail}
        </label>
        <input id={`${id}-email`} className={styles.input} type="email" name="email" required />
        <label className={styles.label} htmlFor={`${id}-role`}>
          {STAFF_LABELS.inviteRole}
        </label>
        <select id={`${id}-role`} name="role" className={styles.input} defaultValue="support">
          {STAFF_ROLES.map((role) => (
            <option key={role}>{role}</option>
          ))}
        </select>
        <button type="submit" className="button" disabled={busy}>
          {STAFF_LABELS.inviteSubmit}
        </button>
      </form>

      <div className={styles.tableScroll}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{STAFF_LABELS.columns.email}</th>
              <th scope="col">{STAFF_LABELS.columns.role}</th>
              <th scope="col">{STAFF_LABELS.columns.lastSignIn}</th>
              <th scope="col">{STAFF_LABELS.columns.sessions}</th>
              <th scope="col">{STAFF_LABELS.columns.actions}</th>
            </tr>
          </thead>
          <tbody>
            {list.accounts.map((a) => (
              <tr key={a.id} data-staff-row={a.email}>
                <th scope="row">
                  {a.email}
                  {!a.active && ` (${STAFF_LABELS.pending})`}
                </th>
                <td>
                  <select
                    aria-label={`${STAFF_LABELS.changeRole}: ${a.email}`}
                    className={styles.input}
                    value={a.role}
                    disabled={busy}
                    onChange={(e) => void act(() => changeRole(a.id, e.target.value as StaffRole))}
                  >
                    {STAFF_ROLES.map((role) => (
                      <option key={role}>{role}</option>
                    ))}
                  </select>
                </td>
                <td>{a.last_sign_in_at ? <DateCell iso={a.last_sign_in_at} /> : STAFF_LABELS.never}</td>
                <td>{a.sessions.length}</td>
                <td>
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={busy || !a.sessions.length}
                    onClick={() => void act(() => signOutEverywhere(a.id))}
                  >
                    {STAFF_LABELS.signOutEverywhere}
                  </button>
                  {a.email !== session.email && (
                    <button
                      type="button"
                      className="button button--ghost"
                      disabled={busy}
                      onClick={() => void act(() => removeColleague(a.id))}
                    >
                      {STAFF_LABELS.remove}
                    </button>
                  )}
                </td>
              </tr>
            ))}
            <tr>
              <th scope="row">{STAFF_LABELS.keyOwner}</th>
              <td>{STAFF_LABELS.ownerRole}</td>
              <td>{list.keySignIn ? STAFF_LABELS.keySignInIsOn : STAFF_LABELS.keySignInIsOff}</td>
              <td>{list.keySessions.length}</td>
              <td>
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={busy || !list.keySessions.length}
                  onClick={() => void act(() => signOutEverywhere('key'))}
                >
                  {STAFF_LABELS.signOutEverywhere}
                </button>
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={busy}
                  onClick={() => void act(() => setKeySignIn(!list.keySignIn))}
                >
                  {list.keySignIn ? STAFF_LABELS.keySignInOff : STAFF_LABELS.keySignInOn}
                </button>
              </td>
            </tr>
          </tbody>
        </table>
      </div>
    </div>
  );
}
