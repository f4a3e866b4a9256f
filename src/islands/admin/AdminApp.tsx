// The owner's dashboard on /admin: loading → gate → dashboard. At load, a live session
// (an HttpOnly cookie the server checks) goes straight to the dashboard; otherwise the gate. The
// key is checked by the server; nothing the page holds grants access by itself. Below the key's
// gate, staff sign in as themselves (StaffSignIn, loaded lazily with the passkey code).
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { SessionInfo } from '../../shared/admin-api.ts';
import { ADMIN_LABELS } from '../../shared/messages/index.ts';
import { mountToaster } from '../toaster.tsx';
import { readSession } from './api.ts';
import { Dashboard } from './Dashboard.tsx';
import { Gate } from './Gate.tsx';
import styles from './admin.module.css';

type Phase =
  | { name: 'loading' }
  | { name: 'gate'; demoKeyFile?: string; configured: boolean; focus: boolean }
  | { name: 'dashboard'; session: SessionInfo };

const StaffSignIn = lazy(() => import('./StaffSignIn.tsx'));

export default function AdminApp() {
  const [phase, setPhase] = useState<Phase>({ name: 'loading' });
  const root = useRef<HTMLDivElement>(null);

  useEffect(mountToaster, []);

  useEffect(() => {
    let live = true;
    void readSession().then((session) => {
      if (!live) return;
      if (session.kind === 'admin') setPhase({ name: 'dashboard', session: session.session });
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
    setPhase(session.kind === 'admin' ? { name: 'dashboard', session: session.session } : gateFor(session, true));
  }

  async function toDashboard(known?: SessionInfo) {
    const session = known ?? (await readSession());
    if ('kind' in session) {
      if (session.kind !== 'admin') return;
      setPhase({ name: 'dashboard', session: session.session });
    } else setPhase({ name: 'dashboard', session });
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
          demoKeyFile={phase.demoKeyFile}
          configured={phase.configured}
          autoFocus={phase.focus}
          onGranted={() => void toDashboard()}
          onUnconfigured={() => setPhase({ name: 'gate', configured: false, focus: false })}
        />
      )}
      {phase.name === 'gate' && phase.configured && (
        <Suspense fallback={null}>
          <StaffSignIn onSignedIn={(session) => void toDashboard(session)} />
        </Suspense>
      )}
      {phase.name === 'dashboard' && <Dashboard session={phase.session} onSignedOut={() => void toGate()} />}
    </div>
  );
}

function gateFor(session: Awaited<ReturnType<typeof readSession>>, focus: boolean): Phase {
  if (session.kind === 'unconfigured') return { name: 'gate', configured: false, focus: false };
  return {
    name: 'gate',
    configured: true,
    focus,
    demoKeyFile: session.kind === 'anonymous' ? session.demoKeyFile : undefined,
  };
}
