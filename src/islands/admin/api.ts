// The dashboard's calls to /api/admin/*: same-origin fetches (the session is an HttpOnly cookie the
// browser sends itself), errors as ApiError, and the spec's retry policy for data reads:
// 3 retries with exponential backoff from 1 s capped at 30 s, never after 401 or 403.
import type { Notice } from '../../shared/messages/index.ts';
import type { SignupStatus } from '../../shared/messages/subscriptions.ts';
import {
  ADMIN_API,
  type ErrorAnswer,
  type Insights,
  type InsightsPeriod,
  type ListKind,
  type Page,
  type RowOf,
  type Stats,
  type ConsentHistory,
  type SessionInfo,
} from '../../shared/admin-api.ts';
import { noticeOf } from '../../shared/error-answer.ts';

export class ApiError extends Error {
  /** HTTP status; 0 when no answer came (offline, connection refused). */
  readonly status: number;
  /** The server's `{error: {title, text}}`, when it sent one. */
  readonly notice: Notice | undefined;
  readonly body: unknown;

  constructor(status: number, notice?: Notice, body?: unknown) {
    super(notice ? `${status} ${notice.title}: ${notice.text}` : `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.notice = notice;
    this.body = body;
  }
}

/** 401 (no or dead session) and 403: the reader is not (or no longer) allowed. */
export function isAuthError(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 401 || err.status === 403);
}

export function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError';
}

/** fetch() that resolves only to a 2xx answer; anything else throws ApiError (or the AbortError). */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(path, {
      credentials: 'same-origin',
      cache: 'no-store',
      ...init,
      headers: { Accept: 'application/json', ...init.headers },
    });
  } catch (err) {
    if (isAbort(err)) throw err;
    throw new ApiError(0);
  }
  if (res.ok) return res;
  const body: unknown = await res.json().catch(() => undefined);
  // A sensitive act asked for a recent sign-in: sign in again where we are, then try once more.
  if (res.status === 403 && (body as { reauth?: unknown } | undefined)?.reauth === true && reauthenticate) {
    if (await reauthenticate()) return apiFetch(path, init);
  }
  throw new ApiError(res.status, noticeOf(body), body);
}

let reauthenticate: (() => Promise<boolean>) | undefined;

/** Who asks the person to sign in again (the dashboard's dialog); true once they have. */
export function setReauthenticate(ask: (() => Promise<boolean>) | undefined): void {
  reauthenticate = ask;
}

// ── retries ──────────────────────────────────────────────────────────────────────────────────

export const RETRY = { retries: 3, baseMs: 1000, maxMs: 30_000 } as const;

/** The wait before retry number `attempt` (0-based): 1 s, 2 s, 4 s … never more than 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(RETRY.baseMs * 2 ** attempt, RETRY.maxMs);
}

/** Worth trying again: no answer, a server failure, a timeout or a rate limit. Never 401/403. */
export function isRetryable(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  return err.status === 0 || err.status === 408 || err.status === 429 || err.status >= 500;
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

const sleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });

/** Runs `read`, retrying it as the policy says. An abort stops it at once. */
export async function withRetry<T>(read: () => Promise<T>, signal?: AbortSignal, wait: Sleep = sleep): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await read();
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      if (attempt >= RETRY.retries || !isRetryable(err)) throw err;
      await wait(retryDelay(attempt), signal);
    }
  }
}

// ── the calls ────────────────────────────────────────────────────────────────────────────────

export type SessionState =
  | { kind: 'admin'; session: SessionInfo }
  | { kind: 'anonymous'; demoKeyFile?: string }
  | { kind: 'unconfigured' }
  | { kind: 'unreachable' };

/** Whether the browser holds a live session (the spec's "existing session goes straight in"). */
export async function readSession(): Promise<SessionState> {
  try {
    const res = await apiFetch(ADMIN_API.session);
    return { kind: 'admin', session: (await res.json()) as SessionInfo };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (err.status === 401) {
      const demoKeyFile = (err.body as ErrorAnswer | undefined)?.demoKeyFile;
      return typeof demoKeyFile === 'string' ? { kind: 'anonymous', demoKeyFile } : { kind: 'anonymous' };
    }
    if (err.status === 503 && err.notice) return { kind: 'unconfigured' };
    return { kind: 'unreachable' };
  }
}

export async function logIn(key: string): Promise<void> {
  await apiFetch(ADMIN_API.session, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ key }),
  });
}

export async function logOut(): Promise<void> {
  await apiFetch(ADMIN_API.session, { method: 'DELETE' });
}

export async function fetchStats(signal?: AbortSignal): Promise<Stats> {
  return withRetry(async () => (await (await apiFetch(ADMIN_API.stats, { signal })).json()) as Stats, signal);
}

export async function fetchInsights(days: InsightsPeriod, signal?: AbortSignal): Promise<Insights> {
  const path = `${ADMIN_API.insights}?days=${days}`;
  return withRetry(async () => (await (await apiFetch(path, { signal })).json()) as Insights, signal);
}

export async function fetchPage<K extends ListKind>(
  kind: K,
  params: { q: string; status?: SignupStatus | ''; cursor?: string | null; limit: number },
  signal?: AbortSignal,
): Promise<Page<RowOf[K]>> {
  const search = new URLSearchParams({ limit: String(params.limit) });
  if (params.q) search.set('q', params.q);
  if (params.status && kind === 'signups') search.set('status', params.status);
  if (params.cursor) search.set('cursor', params.cursor);
  return withRetry(
    async () => (await (await apiFetch(`${ADMIN_API[kind]}?${search}`, { signal })).json()) as Page<RowOf[K]>,
    signal,
  );
}

/** The list as CSV (the server streams it; the file is saved once it has arrived whole). */
export async function fetchCsv(kind: ListKind, q: string, status: SignupStatus | '' = ''): Promise<Blob> {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (status && kind === 'signups') params.set('status', status);
  const search = params.size ? `?${params}` : '';
  const res = await apiFetch(`${ADMIN_API[kind]}.csv${search}`, { headers: { Accept: 'text/csv' } });
  return res.blob();
}

export async function deleteRow(kind: ListKind, id: string, notify = false): Promise<'deleted' | 'gone'> {
  try {
    // notify: the person asked, so a confirmed sign-up's address is told (server/admin/erase.ts).
    const query = notify ? '?notify=yes' : '';
    await apiFetch(`${ADMIN_API[kind]}/${encodeURIComponent(id)}${query}`, { method: 'DELETE' });
    return 'deleted';
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return 'gone';
    throw err;
  }
}

/** The consent history query of a sign-up row (`id`) or of an address the owner typed (`email`). */
export function consentQuery(subject: { id: string } | { email: string }): string {
  return new URLSearchParams('id' in subject ? { id: subject.id } : { email: subject.email }).toString();
}

export async function fetchConsentHistory(
  subject: { id: string } | { email: string },
  signal?: AbortSignal,
): Promise<ConsentHistory> {
  const path = `${ADMIN_API.consent}?${consentQuery(subject)}`;
  return withRetry(async () => (await (await apiFetch(path, { signal })).json()) as ConsentHistory, signal);
}
