// An admin session opened as the dashboard opens one: the key POSTed to /api/admin/session from the
// site's own origin. The admin suite tests the log-in itself; suites that only need a session to
// reach the dashboard's API open it here.

/** A request as this helper sends it: both `fetch` and the suites' own senders take it. */
export interface SessionRequest {
  method: 'POST';
  headers: Record<string, string>;
  body: string;
}

/** Sends a request to the site: over HTTP to a running server, or to the function handlers in this process. */
export type SendRequest = (path: string, init: SessionRequest) => Promise<Response>;

/** Logs in with `key` and returns the Cookie header value of the new session; throws unless the answer is 200. */
export async function openAdminSession(send: SendRequest, origin: string, key: string): Promise<string> {
  const res = await send('/api/admin/session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ key }),
  });
  if (res.status !== 200) throw new Error(`the admin log-in answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('the admin log-in set no cookie');
  return cookie;
}
