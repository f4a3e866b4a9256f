// The owner's dashboard on /admin: loading → gate → dashboard. At load, a live session
// (an HttpOnly cookie the server checks) goes straight to the dashboard; otherwise the gate. The
// key is checked by the server; nothing the page holds grants access by itself.
import { useEffect, useRef, useState } from 'react';
import { ADMIN_LABELS } from '../../shared/messages/index.ts';
import { mountToaster } from '../toaster.tsx';
import { readSession } from './api.ts';
import { Dashboard } from './Dashboard.tsx';
import { Gate } from './Gate.tsx';
import styles from './admin.module.css';

type Phase =
  { name: 'loading' } | { name: 'gate'; demoKey?: string; configured: boolean; focus: boolean } | { name: 'dashboard' };

export default function AdminApp() {
  const [phase, setPhase] = useState<Phase>({ name: 'loading' });
  const root = useRef<HTMLDivElement>(null);

  useEffect(mountToaster, []);

  useEffect(() => {
    let live = true;
    void readSession().then((session) => {
      if (!live) return;
      if (session.kind === 'admin') setPhase({ name: 'dashboard' });
      else setPhase(gateFor(session, false));
    });
    return () => {
      live = false;
    };
  }, []);

  /** Back to the gate (logout, or the session ended): the lists go with the dashboard. */
  async function toGate() {
    setPhase({ name: 'gate', configured: true, focus: true });
    const session = await readSession();
    setPhase(session.kind === 'admin' ? { name: 'dashboard' } : gateFor(session, true));
  }

  function toDashboard() {
    setPhase({ name: 'dashboard' });
    // The gate's button is gone: move the focus to the top of the dashboard.
    requestAnimationFrame(() => root.current?.focus());
  }

  return (
    <div ref={root} className={styles.app} tabIndex={-1} data-admin-state={phase.name}>
      {phase.name === 'loading' && (
        <p className={styles.loading} role="status">
          <span className={styles.spinner} aria-hidden="true" />
          {ADMIN_LABELS.loading}
        </p>
      )}
      {phase.name === 'gate' && (
        <Gate
          demoKey={phase.demoKey}
          configured={phase.configured}
          autoFocus={phase.focus}
          onGranted={toDashboard}
          onUnconfigured={() => setPhase({ name: 'gate', configured: false, focus: false })}
        />
      )}
      {phase.name === 'dashboard' && <Dashboard onSignedOut={() => void toGate()} />}
    </div>
  );
}

function gateFor(session: Awaited<ReturnType<typeof readSession>>, focus: boolean): Phase {
  if (session.kind === 'unconfigured') return { name: 'gate', configured: false, focus: false };
  return { name: 'gate', configured: true, focus, demoKey: session.kind === 'anonymous' ? session.demoKey : undefined };
}
