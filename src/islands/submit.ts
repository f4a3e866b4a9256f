// Sends a form to its function as JSON and sorts the answer into what the islands show.
import type { Notice } from '../shared/messages/index.ts';
import { noticeOf } from '../shared/error-answer.ts';

export type SubmitResult =
  /** `confirmation`: the server queued an e-mail the reader must open to finish signing up. */
  | { kind: 'ok'; confirmation?: boolean }
  /** 409 with code 23505: already signed up for this type (`confirmation`: pending, its e-mail sent again). */
  | { kind: 'duplicate'; confirmation?: boolean }
  /** A 4xx the reader can act on (validation, rate limit): the server's own title and text. */
  | { kind: 'rejected'; notice: Notice }
  /** Our failure or the network's: the server's text when it gave one. */
  | { kind: 'failed'; message?: string };

export async function postJson(url: string, body: unknown): Promise<SubmitResult> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { kind: 'failed' };
  }
  const answer: unknown = await res.json().catch(() => undefined);
  const confirmation = (answer as { confirmation?: unknown } | undefined)?.confirmation === 'queued';
  if (res.ok) return { kind: 'ok', confirmation };
  if (res.status === 409 && (answer as { code?: unknown } | undefined)?.code === '23505')
    return { kind: 'duplicate', confirmation };
  const notice = noticeOf(answer);
  if (res.status >= 400 && res.status < 500 && notice) return { kind: 'rejected', notice };
  return { kind: 'failed', message: notice?.text };
}
