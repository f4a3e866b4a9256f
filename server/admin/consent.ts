// One subscriber's consent history (GDPR art. 7(1): the controller must be able to show consent),
// found by a sign-up row (`?id=`, which still works after the reader unsubscribed and the address
// was removed) or by an address the owner types (`?email=`, which also finds erased ones: the
// history keeps only the keyed hash). As JSON for the dashboard, and as CSV.
import type { Queryable } from '../db/client.ts';
import type { ConsentEventRow } from '../../src/shared/admin-api.ts';
import { CSV_BOM, CSV_CONTENT_TYPE, csvRow } from '../csv.ts';
import { SECURITY_HEADERS } from '../http.ts';
import { parseId } from './lists.ts';

export type ConsentSubject = { id: string } | { email: string };

/** `?id=` or `?email=` (one of them), or undefined when neither is usable. */
export function parseConsentSubject(url: URL): ConsentSubject | undefined {
  const id = url.searchParams.get('id');
  const email = url.searchParams.get('email')?.trim();
  if (id !== null && email === undefined) {
    const parsed = parseId(id);
    return parsed ? { id: parsed } : undefined;
  }
  // An address as the forms accept it: printable ASCII, one @, at most 254 characters.
  if (id === null && email && email.length <= 254 && /^[\x21-\x7e]+@[\x21-\x7e]+$/.test(email)) return { email };
  return undefined;
}

/** The history, oldest first; for an `id`, of that sign-up's address (every type), else empty. */
export async function readConsentHistory(db: Queryable, subject: ConsentSubject): Promise<ConsentEventRow[]> {
  const hash = 'id' in subject ? '(SELECT email_hash FROM email_signups WHERE id = $1::bigint)' : 'subscriber_hash($1)';
  const { rows } = await db.query<ConsentEventRow>(
    `SELECT signup_type, event, channel, source_page, consent_version, client_hash,
            to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS occurred_at
     FROM consent_events WHERE email_hash = ${hash} ORDER BY occurred_at, id`,
    ['id' in subject ? subject.id : subject.email],
  );
  return rows;
}

export const CONSENT_CSV_COLUMNS = [
  'occurred_at',
  'signup_type',
  'event',
  'channel',
  'source_page',
  'consent_version',
  'client_hash',
] as const;

export function consentCsv(events: readonly ConsentEventRow[]): Response {
  const body =
    CSV_BOM + csvRow(CONSENT_CSV_COLUMNS) + events.map((e) => csvRow(CONSENT_CSV_COLUMNS.map((c) => e[c]))).join('');
  return new Response(body, {
    status: 200,
    headers: {
      ...SECURITY_HEADERS,
      'Content-Type': CSV_CONTENT_TYPE,
      'Content-Disposition': 'attachment; filename="consent-history.csv"',
    },
  });
}
