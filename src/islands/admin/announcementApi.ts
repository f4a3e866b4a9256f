// The Send view's calls to /api/admin/announcements* (docs/announcements.md, "Endpoints") and the
// shapes of their answers. Reads retry as every dashboard read does (api.ts); actions do not: a
// send is never repeated by the page (the server would refuse a second one anyway).
import type { Announcement, AnnouncementDraft, PreviousSend } from '../../shared/announcement-api.ts';
import type { SignupType } from '../../shared/messages/index.ts';
import { apiFetch, withRetry } from './api.ts';

export type { AnnouncementStatus } from '../../shared/announcement-api.ts';
/** One announcement with its progress (the endpoints' shape, src/shared/announcement-api.ts). */
export type AnnouncementRow = Announcement;

/** An article or story an announcement can be made from. */
export interface AnnounceableItem {
  kind: 'article' | 'story';
  path: string;
  title: string;
  /** YYYY-MM-DD. */
  publishedDate: string;
}

export interface AnnouncementListing {
  items: AnnounceableItem[];
  /** Newest first, drafts and proposals included. */
  history: AnnouncementRow[];
  /** MAIL_RATE: e-mails a second. */
  mailRate: number;
}

export interface AnnouncementPreview {
  subject: string;
  html: string;
  text: string;
}

export type AnnouncementControl = 'pause' | 'resume' | 'cancel';

const BASE = '/api/admin/announcements';
const JSON_POST = { method: 'POST', headers: { 'Content-Type': 'application/json' } } as const;

async function readJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  return withRetry(async () => (await (await apiFetch(path, { signal })).json()) as T, signal);
}

async function post<T>(path: string, body: unknown, signal?: AbortSignal): Promise<{ status: number; body: T }> {
  const res = await apiFetch(path, { ...JSON_POST, body: JSON.stringify(body ?? {}), signal });
  return { status: res.status, body: (await res.json()) as T };
}

export const fetchAnnouncements = (signal?: AbortSignal) => readJson<AnnouncementListing>(BASE, signal);

export const fetchAnnouncement = (id: string, signal?: AbortSignal) =>
  readJson<AnnouncementRow>(`${BASE}/${encodeURIComponent(id)}`, signal);

/** Who a send would reach now; for an article or story also its earlier sends to these lists. */
export interface AudienceCheck {
  count: number;
  previous: PreviousSend[];
  /** Readers of these lists who got it before (left out of `count`). */
  received: number;
}

export async function fetchAudience(
  types: readonly SignupType[],
  sourcePath: string | undefined,
  signal?: AbortSignal,
): Promise<AudienceCheck> {
  const search = new URLSearchParams({ types: types.join(',') });
  if (sourcePath) search.set('source', sourcePath);
  const body = await readJson<Partial<AudienceCheck> & { count: number }>(`${BASE}/audience?${search}`, signal);
  return { count: body.count, previous: body.previous ?? [], received: body.received ?? 0 };
}

export async function previewAnnouncement(
  draft: AnnouncementDraft,
  signal?: AbortSignal,
): Promise<AnnouncementPreview> {
  return (await post<AnnouncementPreview>(`${BASE}/preview`, draft, signal)).body;
}

/** Queues the draft to OWNER_EMAIL; answers the address it went to. */
export async function sendTest(draft: AnnouncementDraft): Promise<string> {
  return (await post<{ to: string }>(`${BASE}/test`, draft)).body.to;
}

export async function createDraft(draft: AnnouncementDraft): Promise<AnnouncementRow> {
  return (await post<AnnouncementRow>(BASE, draft)).body;
}

/** Sends a draft with the subject and lists the owner confirmed. `queued` false: it was sent before. */
export async function sendAnnouncement(
  id: string,
  changes: Pick<AnnouncementDraft, 'subject' | 'audience'> & { repeat?: boolean },
): Promise<{ queued: boolean; row: AnnouncementRow }> {
  const { status, body } = await post<AnnouncementRow>(`${BASE}/${encodeURIComponent(id)}/send`, changes);
  return { queued: status === 202, row: body };
}

export async function controlAnnouncement(id: string, action: AnnouncementControl): Promise<AnnouncementRow> {
  return (await post<AnnouncementRow>(`${BASE}/${encodeURIComponent(id)}/${action}`, undefined)).body;
}
