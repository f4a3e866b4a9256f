// The Mail view's calls: one page of the outbox, and queuing a failed mail again.
import { MAIL_API, type MailPage, type MailStatus } from '../../shared/admin-mail-api.ts';
import { apiFetch, withRetry } from './api.ts';

export async function fetchMail(
  params: { status: MailStatus | null; before?: string | null },
  signal?: AbortSignal,
): Promise<MailPage> {
  const search = new URLSearchParams();
  if (params.status) search.set('status', params.status);
  if (params.before) search.set('before', params.before);
  const query = search.size ? `?${search}` : '';
  return withRetry(
    async () => (await (await apiFetch(`${MAIL_API.list}${query}`, { signal })).json()) as MailPage,
    signal,
  );
}

export async function retryMail(id: string): Promise<void> {
  await apiFetch(MAIL_API.retry(id), { method: 'POST' });
}
